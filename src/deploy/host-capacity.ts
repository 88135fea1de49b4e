import type { FileManifest } from '../http/file-manifest.ts';
import { CLOUDFLARE_LIMITS } from './cloudflare.ts';

/**
 * How many files each static host takes of one build, and so how many cards: every card is three files (its page
 * and its Markdown in /cards/, its JSON in /api/cards/), so the catalogue's size is what a host's file limits
 * bound. The generators check a build against these before anything is written (docs/deploy.md has the table).
 */
export const HOST_FILE_LIMITS = {
  /** Cloudflare static assets: files per Worker version (CLOUDFLARE_LIMITS, checked by cloudflare.ts). */
  cloudflare: CLOUDFLARE_LIMITS.assetFiles,
  /** Netlify: files in one folder of a deploy. */
  netlifyFilesPerFolder: 54_000,
  /** Vercel's CLI: files in one upload, unless it sends one archive (`vercel deploy --archive=tgz`). */
  vercelFilesPerUpload: 15_000,
} as const;

/**
 * The largest single file each static host takes, in bytes. Netlify documents none for the files of a deploy
 * (docs/deploy.md), but it limits a function with the files it ships with. Vercel's "100 MB" is read as 10^8 bytes,
 * the stricter reading, and Netlify's "50 MB" as 5·10^7.
 */
export const HOST_FILE_BYTES = {
  /** Cloudflare: one static asset (checked by cloudflare.ts, which serves a larger file from its gzip twin). */
  cloudflare: CLOUDFLARE_LIMITS.assetFileBytes,
  /** Netlify: one function, zipped with the files it ships with (https://docs.netlify.com/build/functions/overview/#default-deployment-options). */
  netlifyFunctionZipped: 50_000_000,
  /** Vercel: "Static File uploads", Hobby and Pro (https://vercel.com/docs/limits/overview). */
  vercel: { hobby: 100_000_000, pro: 1_000_000_000 },
} as const;

/** The folders of a build's files, with how many files each holds, largest first. */
export function filesPerFolder(manifest: FileManifest): [folder: string, files: number][] {
  const counts = new Map<string, number>();
  for (const file of Object.keys(manifest.files)) {
    const folder = file.slice(0, file.lastIndexOf('/')) || '/';
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export interface BuildSize {
  files: number;
  cards: number;
  /** Files of everything but the cards: sets, sealed products, articles, indexes, bulk files. */
  otherFiles: number;
}

const CARD_FILES_PER_CARD = 3;

/** A build's files, its cards (the JSON files in /api/cards/) and what is not a card's. */
export function buildSize(manifest: FileManifest): BuildSize {
  const files = Object.keys(manifest.files).length;
  const cards = Object.keys(manifest.files).filter((file) => /^\/api\/cards\/[^/]+\.json$/.test(file)).length;
  return { files, cards, otherFiles: files - CARD_FILES_PER_CARD * cards };
}

/** The most cards a host's limit leaves room for, beside this build's other files (two a card in one folder for Netlify). */
export function cardsTaken(size: BuildSize): { cloudflareFree: number; cloudflarePaid: number; netlify: number; vercelCli: number } {
  const room = (limit: number) => Math.max(0, Math.floor((limit - size.otherFiles) / CARD_FILES_PER_CARD));
  return {
    cloudflareFree: room(HOST_FILE_LIMITS.cloudflare.free),
    cloudflarePaid: room(HOST_FILE_LIMITS.cloudflare.paid),
    netlify: Math.floor(HOST_FILE_LIMITS.netlifyFilesPerFolder / 2),
    vercelCli: room(HOST_FILE_LIMITS.vercelFilesPerUpload),
  };
}

/** Why Netlify would refuse this build: each folder over its limit, with the numbers. */
export function netlifyProblems(manifest: FileManifest): string[] {
  const limit = HOST_FILE_LIMITS.netlifyFilesPerFolder;
  return filesPerFolder(manifest)
    .filter(([, files]) => files > limit)
    .map(
      ([folder, files]) =>
        `${folder} holds ${files.toLocaleString('en-US')} files: a Netlify deploy takes at most ${limit.toLocaleString('en-US')} in one folder ` +
        `(${cardsTaken(buildSize(manifest)).netlify.toLocaleString('en-US')} cards); docs/deploy.md says what to do past that`,
    );
}

/** What Vercel's CLI needs to upload this build: one archive past its file limit. */
export function vercelUploadNote(manifest: FileManifest): string | undefined {
  const { files } = buildSize(manifest);
  const limit = HOST_FILE_LIMITS.vercelFilesPerUpload;
  if (files <= limit) return undefined;
  return `${files.toLocaleString('en-US')} files: Vercel's CLI uploads at most ${limit.toLocaleString('en-US')} files at once; deploy with \`vercel deploy --archive=tgz\`, which sends one archive`;
}

/** Files past Vercel's static file upload limit: over Hobby's a warning (Pro is needed), over Pro's an error. */
export function vercelFileSizeProblems(manifest: FileManifest): { warnings: string[]; errors: string[] } {
  const { hobby, pro } = HOST_FILE_BYTES.vercel;
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const warnings: string[] = [];
  const errors: string[] = [];
  for (const [file, { bytes }] of Object.entries(manifest.files)) {
    if (bytes > pro) errors.push(`${file} is ${mb(bytes)}: Vercel uploads a static file of at most ${mb(pro)} (Pro)`);
    else if (bytes > hobby) warnings.push(`${file} is ${mb(bytes)}: more than Vercel Hobby uploads (${mb(hobby)}); Vercel Pro is needed`);
  }
  return { warnings, errors };
}

/** Why Netlify would refuse the function zipped to `zipped` bytes (scripts/deploy-netlify.ts estimates it before writing). */
export function netlifyFunctionProblems(zipped: number): string[] {
  const limit = HOST_FILE_BYTES.netlifyFunctionZipped;
  if (zipped <= limit) return [];
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  return [
    `the function zipped with its data would be about ${mb(zipped)}: a Netlify function is at most ${mb(limit)} zipped; ` +
      'use --function URL (the function on a Node host of your own)',
  ];
}
