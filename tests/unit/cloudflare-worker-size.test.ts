import { describe, expect, it } from 'vitest';
import { CLOUDFLARE_LIMITS, workerSizeProblems } from '../../src/deploy/cloudflare.ts';

const { free, paid } = CLOUDFLARE_LIMITS.workerGzipBytes;

describe('the Worker’s size against Workers’ limits (gzipped)', () => {
  it('passes a Worker within Workers Free’s 3 MiB, up to the byte', () => {
    expect(workerSizeProblems(free)).toEqual({ warnings: [], errors: [] });
  });

  it('warns that Workers Paid is needed past Workers Free’s limit, saying both sizes', () => {
    expect(workerSizeProblems(free + 1)).toEqual({
      warnings: ['the Worker is 3.00 MiB gzipped: more than Workers Free allows (3.00 MiB); Workers Paid is needed'],
      errors: [],
    });
    expect(workerSizeProblems(paid).errors).toEqual([]);
  });

  it('refuses a Worker past Workers Paid’s 10 MiB, which Cloudflare would not take', () => {
    expect(workerSizeProblems(paid + 512 * 1024)).toEqual({ warnings: [], errors: ['the Worker is 10.50 MiB gzipped: Workers Paid allows 10.00 MiB'] });
  });
});
