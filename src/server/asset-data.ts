import { type FunctionData, functionDataFile } from './function-data.ts';

/** A store of static assets answering fetch requests: Cloudflare's ASSETS binding, or any `{ fetch }` alike. */
export interface AssetStore {
  fetch(request: Request): Promise<Response>;
}

/**
 * The function's data from a static asset store, where the deployment put dist/server's files under `prefix`
 * (an asset path, e.g. `/_function`). Each read asks for one of the build's fixed paths (function-data.ts),
 * made here from a constant, never from a request: a client's path cannot reach the store through it. The
 * store is asked on an origin of its own; only the path matters to it.
 * @example const data = assetData(env.ASSETS, '/_function'); const pack = await data.bytes('search/cards.pack')
 */
export function assetData(store: AssetStore, prefix: string): FunctionData {
  const base = `https://function-data.invalid${prefix.replace(/\/+$/, '')}/`;
  async function fetched(file: string): Promise<Response> {
    const url = new URL(functionDataFile(file), base);
    const response = await store.fetch(new Request(url, { method: 'GET' }));
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`the asset store answered ${response.status} for ${url.pathname}: the deployment lacks the build's function data`);
    }
    return response;
  }
  return {
    bytes: async (file) => new Uint8Array(await (await fetched(file)).arrayBuffer()),
    text: async (file) => (await fetched(file)).text(),
  };
}
