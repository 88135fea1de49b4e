/**
 * The build's file manifest (dist/server/manifest.json): for every public file,
 * its strong ETag, byte size and, for Markdown, its token count. The function
 * reads it once at start; it never hashes or counts at request time.
 */
export interface FileInfo {
  etag: string;
  bytes: number;
  /** o200k_base tokens of the file; Markdown files only. */
  tokens?: number;
}

export interface FileManifest {
  /** Keyed by URL path of the file, e.g. `/cards/charizard-base1-4.md`. */
  files: Record<string, FileInfo>;
}

export const MANIFEST_FILE = 'manifest.json';
