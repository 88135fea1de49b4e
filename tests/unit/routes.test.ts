import { describe, expect, it } from 'vitest';
import { requestUrlOf, routeOf } from '../../src/http/routes.ts';

const q = (s = '') => new URLSearchParams(s);

describe('routeOf decides the answer from the path alone', () => {
  it.each([
    ['/api/cards', '', { kind: 'function', endpoint: 'cards' }],
    ['/api/sealed', 'q=box', { kind: 'function', endpoint: 'sealed' }],
    ['/api/knowledge', '', { kind: 'file', file: '/api/knowledge.json', api: true }],
    ['/api/knowledge', 'tag=grail', { kind: 'function', endpoint: 'knowledge' }],
    ['/api/knowledge', 'q=psa', { kind: 'function', endpoint: 'knowledge' }],
    ['/api/content', '', { kind: 'file', file: '/api/content.json', api: true }],
    ['/api/changes', '', { kind: 'file', file: '/api/changes.json', api: true }],
    ['/api/changes/2025-10-20', '', { kind: 'file', file: '/api/changes/2025-10-20.json', api: true }],
    ['/api/changes/2025-10-20.json', '', { kind: 'file', file: '/api/changes/2025-10-20.json', api: true }],
    ['/api/changes/latest', '', { kind: 'not-found' }],
    ['/changes/2025-10-20.md', '', { kind: 'file', file: '/changes/2025-10-20.md', api: false }],
    ['/api/cards/autocomplete', 'q=char', { kind: 'function', endpoint: 'autocomplete' }],
    ['/api/cards/autocomplete', '', { kind: 'function', endpoint: 'autocomplete' }],
    ['/api/cards/autocomplete.json', '', { kind: 'file', file: '/api/cards/autocomplete.json', api: true }],
    ['/api/cards/charizard-base1-4', '', { kind: 'file', file: '/api/cards/charizard-base1-4.json', api: true }],
    ['/api/cards/charizard-base1-4.json', '', { kind: 'file', file: '/api/cards/charizard-base1-4.json', api: true }],
    ['/cards/charizard-base1-4', '', { kind: 'negotiated', collection: 'cards', slug: 'charizard-base1-4' }],
    [
      '/knowledge/psa-10-multiplier.md',
      '',
      { kind: 'file', file: '/knowledge/psa-10-multiplier.md', api: false, markdownOf: { collection: 'knowledge', slug: 'psa-10-multiplier' } },
    ],
    ['/cards/charizard-base1-4.html', '', { kind: 'file', file: '/cards/charizard-base1-4.html', api: false }],
    ['/', '', { kind: 'file', file: '/index.html', api: false }],
    ['/llms.txt', '', { kind: 'file', file: '/llms.txt', api: false }],
    ['/api/bulk/manifest', '', { kind: 'file', file: '/api/bulk/manifest.json', api: true }],
    ['/api/bulk/manifest.json', '', { kind: 'file', file: '/api/bulk/manifest.json', api: true }],
    ['/api/bulk/cards.ndjson.gz', '', { kind: 'file', file: '/api/bulk/cards.ndjson.gz', api: true }],
    ['/api/bulk/cards.csv', '', { kind: 'file', file: '/api/bulk/cards.csv', api: true }],
    ['/sets', '', { kind: 'negotiated', collection: 'sets' }],
    ['/sets', 'page=2', { kind: 'negotiated', collection: 'sets' }],
    ['/sets/base1', '', { kind: 'negotiated', collection: 'sets', slug: 'base1' }],
    ['/sets/base1.md', '', { kind: 'file', file: '/sets/base1.md', api: false, markdownOf: { collection: 'sets', slug: 'base1' } }],
    ['/sets/base1.html', '', { kind: 'file', file: '/sets/base1.html', api: false }],
    ['/sets.md', '', { kind: 'file', file: '/sets.md', api: false }],
    ['/sets.html', '', { kind: 'file', file: '/sets.html', api: false }],
    ['/api/sets', '', { kind: 'file', file: '/api/sets.json', api: true }],
    ['/api/sets.json', '', { kind: 'file', file: '/api/sets.json', api: true }],
    ['/api/sets/base1', '', { kind: 'file', file: '/api/sets/base1.json', api: true }],
    ['/api/sets/base1.json', '', { kind: 'file', file: '/api/sets/base1.json', api: true }],
    ['/search', '', { kind: 'function', page: 'cards' }],
    ['/search', 'q=mew&band=grail', { kind: 'function', page: 'cards' }],
    ['/sealed', '', { kind: 'file', file: '/sealed', api: false }],
    ['/sealed', 'kind=etb', { kind: 'function', page: 'sealed' }],
    ['/sealed', 'q=', { kind: 'function', page: 'sealed' }],
    ['/feeds/cards/charizard-base1-4.json', '', { kind: 'function', endpoint: 'feed' }],
    ['/feeds/cards/charizard-base1-4.atom', 'threshold=20&window=30d', { kind: 'function', endpoint: 'feed' }],
    ['/feeds/sets/base1.json', '', { kind: 'function', endpoint: 'feed' }],
    ['/feeds/sets/base1.atom', '', { kind: 'function', endpoint: 'feed' }],
    ['/feeds/sealed/evolving-skies-booster-box-242436.json', '', { kind: 'function', endpoint: 'feed' }],
    ['/feeds/collection.json', 'list=base1-4', { kind: 'function', endpoint: 'feed' }],
    ['/feeds/collection.atom', '', { kind: 'function', endpoint: 'feed' }],
  ])('%s?%s', (path, query, route) => {
    expect(routeOf(path, q(query))).toEqual(route);
  });

  it.each([
    '/cards/Charizard-Base1-4',
    '/cards/charizard--base1-4',
    '/cards/-x',
    '/api/cards/..',
    '/api/cards/%2e%2e',
    '/cards/x%00',
    '/cards/a\\b',
    '/..',
    '/.env',
    '/a/../b',
    '/cards/',
    '/api/cards/x.md',
    '/sets/',
    '/sets/Base1',
    '/api/sets/base1.md',
    '/feeds',
    '/feeds/',
    '/feeds/cards/charizard-base1-4',
    '/feeds/cards/charizard-base1-4.rss',
    '/feeds/cards/Charizard-Base1-4.json',
    '/feeds/cards/../x.json',
    '/feeds/sealed/X.json',
    '/feeds/sealed/x.rss',
    '/feeds/sets/base1/cards.json',
    '/feeds/collection',
    '/feeds/collection.rss',
  ])('%s is not found', (path) => {
    expect(routeOf(path, q()).kind).toBe('not-found');
  });
});

describe('requestUrlOf reads the request target as a path, whatever it looks like', () => {
  it.each([
    ['/api/cards?q=mew', '/api/cards', '?q=mew'],
    ['//llms.txt', '//llms.txt', ''],
    ['//evil.example/api/cards', '//evil.example/api/cards', ''],
    ['http://evil.example/api/content?x=1', '/api/content', '?x=1'],
    ['/a/../llms.txt', '/llms.txt', ''],
  ])('%s is the path %s', (target, pathname, search) => {
    const url = requestUrlOf(target)!;
    expect([url.host, url.pathname, url.search]).toEqual(['localhost', pathname, search]);
  });

  it.each(['*', 'llms.txt', '', 'javascript:alert(1)'])('%j is no path (null)', (target) => {
    expect(requestUrlOf(target)).toBeNull();
  });
});
