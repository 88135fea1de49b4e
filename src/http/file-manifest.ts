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

/**
 * The manifest as a function instance holds it, from its text: its files kept compactly (compactFiles).
 * @example const manifest = readFileManifest(await data.text(MANIFEST_FILE)); manifest.files['/404.html']?.etag
 */
export function readFileManifest(text: string): FileManifest {
  return { files: compactFiles((JSON.parse(text) as FileManifest).files) };
}

/**
 * The files of a manifest as a record of the same answers, held compactly: the paths sorted in one string, the
 * ETags in another, the sizes and token counts in typed arrays, a path found by binary search. Parsed as JSON,
 * 84,000 files (a key, an object and an ETag string each) took 12 MB of every function instance's heap; so, 8 MB.
 * Each look-up makes its FileInfo afresh (equal, not the same object). A Proxy, so that whoever reads files by
 * path (the request policy, the routes, MCP) reads them as before.
 */
export function compactFiles(files: Record<string, FileInfo>): Record<string, FileInfo> {
  const paths = Object.keys(files).sort();
  const pathText = paths.join('');
  const pathStart = new Uint32Array(paths.length + 1);
  const etagStart = new Uint32Array(paths.length + 1);
  const bytes = new Float64Array(paths.length);
  // NaN: a file without a token count (all but Markdown).
  const tokens = new Float64Array(paths.length);
  const etags: string[] = [];
  for (let i = 0; i < paths.length; i++) {
    const info = files[paths[i]];
    pathStart[i + 1] = pathStart[i] + paths[i].length;
    etagStart[i + 1] = etagStart[i] + info.etag.length;
    etags.push(info.etag);
    bytes[i] = info.bytes;
    tokens[i] = info.tokens ?? Number.NaN;
  }
  const etagText = etags.join('');
  // Read below through the texts only: a closure reading `paths` or `files` would keep them alive.
  const count = paths.length;
  /** The order of `path` against the i-th path, as `<` orders strings (sort's order), without slicing it out. */
  const compare = (path: string, i: number) => {
    const start = pathStart[i];
    const length = pathStart[i + 1] - start;
    const common = Math.min(length, path.length);
    for (let k = 0; k < common; k++) {
      const d = path.charCodeAt(k) - pathText.charCodeAt(start + k);
      if (d !== 0) return d;
    }
    return path.length - length;
  };
  const indexOf = (path: string) => {
    let low = 0;
    let high = count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const d = compare(path, mid);
      if (d === 0) return mid;
      if (d < 0) high = mid - 1;
      else low = mid + 1;
    }
    return -1;
  };
  const infoAt = (i: number): FileInfo => {
    const info: FileInfo = { etag: etagText.slice(etagStart[i], etagStart[i + 1]), bytes: bytes[i] };
    if (!Number.isNaN(tokens[i])) info.tokens = tokens[i];
    return info;
  };
  const found = (key: string | symbol) => (typeof key === 'string' ? indexOf(key) : -1);
  return new Proxy(Object.create(null) as Record<string, FileInfo>, {
    get: (_, key) => {
      const i = found(key);
      return i === -1 ? undefined : infoAt(i);
    },
    has: (_, key) => found(key) !== -1,
    ownKeys: () => Array.from({ length: count }, (_, i) => pathText.slice(pathStart[i], pathStart[i + 1])),
    getOwnPropertyDescriptor: (_, key) => {
      const i = found(key);
      return i === -1 ? undefined : { value: infoAt(i), enumerable: true, configurable: true, writable: false };
    },
  });
}
