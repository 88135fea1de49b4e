import { etagOf } from '../http/etag.ts';
import type { FileInfo } from '../http/file-manifest.ts';
import { FileUnavailable } from '../http/serve.ts';

/**
 * Where the function reads the bodies of prebuilt files from. Their headers
 * always come from the build manifest; only the bytes are fetched.
 *
 * - `diskFiles` (fs-data.ts): dist/client beside the function (one process serves all).
 * - `originFiles`: the static host in front (STATIC_ORIGIN), for a function
 *   deployed with dist/server alone. It answers only what the host cannot
 *   decide (Accept with q-values, say), so it fetches a file by its own path,
 *   which the host serves statically: no loop, no redirect for the client.
 */
export interface StaticFiles {
  /** The file's bytes; throws FileUnavailable (src/http/serve.ts) when they cannot be had. */
  read(file: string, info: FileInfo): Promise<Uint8Array<ArrayBuffer>>;
  /** Whether reading asks another server (which must never be this function again). */
  remote: boolean;
}

/**
 * Marks the function's own fetches from STATIC_ORIGIN. A host that sends a
 * file path back to the function (a catch-all proxy rule) would otherwise make
 * every such request fetch itself again, without end.
 */
export const ORIGIN_FETCH_HEADER = 'x-card-values-origin-fetch';

/** How long the function waits for the static host before answering 503. */
const ORIGIN_TIMEOUT_MS = 5_000;

/** @example originFiles('http://127.0.0.1:8080').read('/llms.txt', info) */
export function originFiles(origin: string): StaticFiles {
  return {
    remote: true,
    async read(file, info) {
      let body: Uint8Array<ArrayBuffer>;
      try {
        const response = await fetch(`${origin}${file}`, {
          headers: { [ORIGIN_FETCH_HEADER]: '1' },
          signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
          redirect: 'error',
        });
        if (response.status !== 200) throw new FileUnavailable(`${origin}${file} answered ${response.status}`);
        body = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        if (error instanceof FileUnavailable) throw error;
        throw new FileUnavailable(`${origin}${file}: ${(error as Error).message}`);
      }
      // A host that serves another build (a deploy half done) would pair these bytes with the wrong ETag and token count.
      if (etagOf(body) !== info.etag) throw new FileUnavailable(`${origin}${file} is not the file of this build (ETag differs from the manifest)`);
      return body;
    },
  };
}
