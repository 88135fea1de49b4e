import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gzipOf, ndjsonOf } from '../../src/pipeline/bulk-files.ts';

/**
 * The open-data gzips are made of chunks compressed on their own and joined into one member
 * (tests/unit/bulk-files.test.ts holds them to zlib and a DecompressionStream); here the `gunzip` a user downloads
 * them with reads one back whole.
 */
describe('the open-data gzip', () => {
  it('of many chunks is read back whole by the gunzip command', async () => {
    const body = ndjsonOf(Array.from({ length: 3000 }, (_, i) => JSON.stringify({ id: `set${i % 7}-${i}`, text: 'Flabébé '.repeat(380 + (i % 13)) }))).body;
    expect(body.length).toBeGreaterThan(8 * 2 ** 20);
    const gunzip = spawnSync('gunzip', ['-c'], { input: await gzipOf(body), maxBuffer: 2 ** 30 });
    // gzip is an essential package of every Debian-like system: its absence is a failure, never a pass.
    expect(gunzip.error).toBeUndefined();
    expect(gunzip.stdout.equals(body)).toBe(true);
  });
});
