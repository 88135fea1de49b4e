import { concatBytes } from './bytes.ts';
import { type FunctionData, functionDataFile } from './function-data.ts';

/** A store of static assets answering fetch requests: Cloudflare's ASSETS binding, or any `{ fetch }` alike. */
export interface AssetStore {
  fetch(request: Request): Promise<Response>;
}

/**
 * The function's data files a deployment stored in parts, each part an asset of its own, because the file is over
 * the store's per-asset limit (Cloudflare's 25 MiB: the card search pack of a catalogue of some 25,000 cards is
 * 30 MiB): file → how many parts, each at partFileOf. Parts rather than a gzip twin (as the public bulk files are
 * kept): the function reads these on an instance's first request, where inflating 30 MB would add to the cold start.
 */
export type DataParts = Partial<Record<string, number>>;

/** Where part `i` of a data file stored in parts lies: `search/cards.pack.part-0`. */
export const partFileOf = (file: string, i: number): string => `${file}.part-${i}`;

/**
 * The function's data from a static asset store, where the deployment put dist/server's files under `prefix`
 * (an asset path, e.g. `/_function`). Each read asks for one of the build's fixed paths (function-data.ts),
 * made here from a constant, never from a request: a client's path cannot reach the store through it. The
 * store is asked on an origin of its own; only the path matters to it. A file stored in `parts` is read part by
 * part and joined.
 * @example const data = assetData(env.ASSETS, '/_function'); const pack = await data.bytes('search/cards.pack')
 */
export function assetData(store: AssetStore, prefix: string, parts: DataParts = {}): FunctionData {
  const base = `https://function-data.invalid${prefix.replace(/\/+$/, '')}/`;
  async function fetched(file: string, part?: number): Promise<Response> {
    const url = new URL(part === undefined ? functionDataFile(file) : partFileOf(functionDataFile(file), part), base);
    const response = await store.fetch(new Request(url, { method: 'GET' }));
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`the asset store answered ${response.status} for ${url.pathname}: the deployment lacks the build's function data`);
    }
    return response;
  }
  async function bytes(file: string): Promise<Uint8Array<ArrayBuffer>> {
    const count = Object.hasOwn(parts, file) ? parts[file] : undefined;
    if (count === undefined) return new Uint8Array(await (await fetched(file)).arrayBuffer());
    return concatBytes(await Promise.all(Array.from({ length: count }, async (_, i) => new Uint8Array(await (await fetched(file, i)).arrayBuffer()))));
  }
  return {
    bytes,
    text: async (file) => (Object.hasOwn(parts, file) ? new TextDecoder().decode(await bytes(file)) : (await fetched(file)).text()),
  };
}
