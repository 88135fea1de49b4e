import { describe, expect, it } from 'vitest';
import { createCachedJson } from '../../src/http/answer.ts';
import { etagMatches } from '../../src/http/etag.ts';
import { badParameter, problemResponse } from '../../src/http/problem.ts';

describe('cached JSON answers', () => {
  it('produces an answer once per key and serves the same bytes and ETag again', () => {
    const respond = createCachedJson(2);
    let produced = 0;
    const produce = () => ({ n: ++produced });
    const first = respond(undefined, 'a', produce);
    const again = respond(undefined, 'a', produce);
    expect(produced).toBe(1);
    expect(String(again.body)).toBe('{"n":1}');
    expect(again.body).toEqual(first.body);
    expect(again.headers.ETag).toBe(first.headers.ETag);
    expect(first.headers['Content-Type']).toBe('application/json; charset=utf-8');
    expect(first.headers['Cache-Control']).toBe('private, max-age=60');
  });

  it('forgets the least recently used answer when full', () => {
    const respond = createCachedJson(2);
    const produced: string[] = [];
    const ask = (key: string) => respond(undefined, key, () => produced.push(key));
    ask('a');
    ask('b');
    ask('a');
    ask('c');
    ask('a');
    ask('b');
    expect(produced).toEqual(['a', 'b', 'c', 'b']);
  });

  it('answers a matching If-None-Match with 304 and no body', () => {
    const respond = createCachedJson(2);
    const etag = respond(undefined, 'a', () => [1]).headers.ETag;
    const notModified = respond(`W/${etag}`, 'a', () => [1]);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
    expect(notModified.headers).toEqual({ ETag: etag, 'Cache-Control': 'private, max-age=60' });
  });

  it('gives the length of the bytes it answers with', () => {
    const answer = createCachedJson(2)(null, 'a', () => ({ q: 'Flabébé' }));
    expect(answer.headers['Content-Length']).toBe(String(Buffer.byteLength('{"q":"Flabébé"}')));
  });
});

describe('problem answers', () => {
  it('are problem JSON, never cached, with the length of their bytes and the headers given', () => {
    const answer = problemResponse(badParameter('limit', 'limit must be an integer', 'an integer ≥ 0'), { Vary: 'Accept' });
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatchObject({ 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store', Vary: 'Accept' });
    const body = Buffer.from(answer.body!);
    expect(answer.headers['Content-Length']).toBe(String(body.length));
    expect(JSON.parse(body.toString()).parameter).toBe('limit');
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
