import { describe, expect, it } from 'vitest';
import {
  buildSize,
  cardsTaken,
  filesPerFolder,
  HOST_FILE_LIMITS,
  netlifyProblems,
  vercelFileSizeProblems,
  vercelUploadNote,
} from '../../src/deploy/host-capacity.ts';
import type { FileManifest } from '../../src/http/file-manifest.ts';

/** A manifest of `cards` cards (three files each) and `other` files elsewhere. */
function manifestOf(cards: number, other = 100): FileManifest {
  const files: FileManifest['files'] = {};
  const info = { etag: '"x"', bytes: 1, type: 'text/plain' } as unknown as FileManifest['files'][string];
  for (let i = 0; i < cards; i++) {
    for (const file of [`/cards/c-${i}.md`, `/cards/c-${i}.html`, `/api/cards/c-${i}.json`]) files[file] = info;
  }
  for (let i = 0; i < other; i++) files[`/sets/s-${i}.html`] = info;
  return { files } as FileManifest;
}

describe('what each static host takes of a build', () => {
  it('counts a build’s files by folder, its cards, and what is not a card’s', () => {
    const manifest = manifestOf(10, 7);
    expect(filesPerFolder(manifest)).toEqual([
      ['/cards', 20],
      ['/api/cards', 10],
      ['/sets', 7],
    ]);
    expect(buildSize(manifest)).toEqual({ files: 37, cards: 10, otherFiles: 7 });
  });

  it('says how many cards each host leaves room for beside the other files', () => {
    const taken = cardsTaken({ files: 67_313, cards: 20_608, otherFiles: 5_489 });
    expect(taken).toEqual({ cloudflareFree: 4_837, cloudflarePaid: 31_503, netlify: 27_000, vercelCli: 3_170 });
  });

  it('refuses a build with a folder past Netlify’s limit, naming the folder and the numbers', () => {
    const cards = HOST_FILE_LIMITS.netlifyFilesPerFolder / 2;
    expect(netlifyProblems(manifestOf(cards))).toEqual([]);
    const [problem, ...rest] = netlifyProblems(manifestOf(cards + 1));
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^\/cards holds 54,002 files: a Netlify deploy takes at most 54,000 in one folder \(27,000 cards\)/);
  });

  it('tells a build past Vercel’s upload limit to deploy as one archive', () => {
    expect(vercelUploadNote(manifestOf(4_000, 3_000))).toBeUndefined();
    expect(vercelUploadNote(manifestOf(5_000, 1))).toMatch(/^15,001 files: .*--archive=tgz/);
  });

  it('names a file past Vercel’s static upload limits: over Hobby’s 100 MB a warning, over Pro’s 1 GB an error', () => {
    const manifest = manifestOf(1, 1);
    const sized = (bytes: number) => ({ ...manifest.files['/sets/s-0.html'], bytes });
    manifest.files['/api/bulk/cards.ndjson'] = sized(65_889_973);
    expect(vercelFileSizeProblems(manifest)).toEqual({ warnings: [], errors: [] });
    manifest.files['/api/bulk/big.ndjson'] = sized(150_000_000);
    manifest.files['/api/bulk/huge.ndjson'] = sized(1_200_000_000);
    expect(vercelFileSizeProblems(manifest)).toEqual({
      warnings: ['/api/bulk/big.ndjson is 150.0 MB: more than Vercel Hobby uploads (100.0 MB); Vercel Pro is needed'],
      errors: ['/api/bulk/huge.ndjson is 1200.0 MB: Vercel uploads a static file of at most 1000.0 MB (Pro)'],
    });
  });
});
