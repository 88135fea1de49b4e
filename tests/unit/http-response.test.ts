import { describe, expect, it } from 'vitest';
import { createCachedJson, etagMatches } from '../../src/lib/http-response.ts';

const request = (headers: Record<string, string> = {}) => new Request('http://x/api/cards', { headers });

describe('cached JSON answers', () => {
  it('produces an answer once per key and serves the same bytes and ETag again', async () => {
    const respond = createCachedJson(2);
    let produced = 0;
    const produce = () => ({ n: ++produced });
    const first = respond(request(), 'a', produce);
    const again = respond(request(), 'a', produce);
    expect(produced).toBe(1);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('forgets the least recently used answer when full', () => {
    const respond = createCachedJson(2);
    const produced: string[] = [];
    const ask = (key: string) => respond(request(), key, () => produced.push(key));
    ask('a');
    ask('b');
    ask('a');
    ask('c');
    ask('a');
    ask('b');
    expect(produced).toEqual(['a', 'b', 'c', 'b']);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const respond = createCachedJson(2);
    const etag = respond(request(), 'a', () => [1]).headers.get('etag')!;
    const notModified = respond(request({ 'If-None-Match': `W/${etag}` }), 'a', () => [1]);
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
  });
});

describe('etagMatches', () => {
  it.each([
    ['"a"', '"a"', true],
    ['W/"a"', '"a"', true],
    ['"b", "a"', '"a"', true],
    ['*', '"a"', true],
    ['"b"', '"a"', false],
    ['', '"a"', false],
    [null, '"a"', false],
    ['a', '"a"', false],
  ])('If-None-Match %s against %s: %s', (header, etag, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
