import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FileInfo, readFileManifest } from '../../src/http/file-manifest.ts';

/** The function holds the build manifest compactly: every file must be found by its path with its ETag, size and tokens, and nothing else. */
describe('the manifest a function instance holds', () => {
  const files: Record<string, FileInfo> = {
    '/cards/charizard-base1-4.html': { etag: '"abc"', bytes: 1200 },
    '/cards/charizard-base1-4.md': { etag: '"def"', bytes: 800, tokens: 231 },
    '/cards/charizard-base1-40.md': { etag: '"xyz-1"', bytes: 5_000_000_000, tokens: 0 },
    '/404.html': { etag: '"e"', bytes: 754 },
    '/api/cards/pokémon-café.json': { etag: '"ü"', bytes: 3 },
  };
  const manifest = () => readFileManifest(JSON.stringify({ files }));

  it('gives each file its ETag, size and token count, a Markdown file of none without one', () => {
    const read = manifest().files;
    for (const [path, info] of Object.entries(files)) expect(read[path]).toEqual(info);
    expect('tokens' in read['/404.html']).toBe(false);
  });

  it('finds no file for a path it does not list: a prefix, a longer path, another case', () => {
    const read = manifest().files;
    for (const path of ['/cards/charizard-base1-4', '/cards/charizard-base1-4.mdx', '/CARDS/charizard-base1-4.md', '/', '', '/zzz', '/0']) {
      expect(read[path]).toBeUndefined();
      expect(path in read).toBe(false);
    }
  });

  it('lists its paths, as a record of them would', () => {
    expect(Object.keys(manifest().files)).toEqual(Object.keys(files).sort());
    expect(Object.fromEntries(Object.entries(manifest().files))).toEqual(files);
  });

  it('finds every listed path and no other, whatever the paths', () => {
    const path = fc.string({ unit: fc.constantFrom('/', 'a', 'b', '.', '-', 'é', '1'), maxLength: 8 });
    fc.assert(
      fc.property(fc.uniqueArray(path, { maxLength: 40 }), fc.array(path, { maxLength: 10 }), (listed, asked) => {
        const record = Object.fromEntries(listed.map((p, i) => [p, { etag: `"${i}"`, bytes: i }]));
        const read = readFileManifest(JSON.stringify({ files: record })).files;
        for (const p of [...listed, ...asked]) expect(read[p]).toEqual(record[p]);
      }),
      { numRuns: 300 },
    );
  });
});
