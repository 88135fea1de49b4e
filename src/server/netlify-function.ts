import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverConfigOf } from './config.ts';
import { createFetchHandler, type FetchHandler } from './fetch-handler.ts';
import { diskFiles, fsData } from './fs-data.ts';
import { functionGateOf } from './function-env.ts';
import { VERIFIED_AGENTS_COPY } from './function-paths.ts';

/**
 * The function as a Netlify Function (v2): `(Request, Context) => Response`, the fetch handler (fetch-handler.ts)
 * over the build files shipped with it (netlify.toml's `included_files`, src/deploy/netlify-function.ts), read from
 * the function's own file system as npm start reads them. Its settings are npm start's, from the site's
 * environment (config.ts: RATE_LIMIT, TRUST_PROXY, REDIS_URL, PUBLIC_ORIGIN, VERIFIED_AGENTS); the client's address
 * is the one Netlify reports (`context.ip`). Built by the deploy script into one module (scripts/deploy-netlify.ts).
 */

/** What this function reads of Netlify's context: the client's address. */
export interface NetlifyContext {
  ip?: string;
}

export type NetlifyHandler = (request: Request, context?: NetlifyContext) => Promise<Response>;

/**
 * @param entry the generated entry's own URL (`import.meta.url`)
 * @param dist where the build shipped with the function (its server/ and client/ folders) lies relative to the
 *   entry; DIST_DIR overrides it. Two arguments, not one URL: Netlify's file tracer (nft) reads a literal
 *   `new URL('…/dist/', import.meta.url)` as a folder the function loads code from, and would ship npm start's
 *   bundle in dist/server with it (8 MB).
 * @example export default netlifyFunction(import.meta.url, '../../../dist/');
 */
export function netlifyFunction(entry: string, dist: string, env: NodeJS.ProcessEnv = process.env): NetlifyHandler {
  let handler: FetchHandler | undefined;
  return (request, context = {}) => {
    // Made on the first request, not at import: a setting that does not parse is then a 500 with its message in
    // the function's log, rather than a module that fails to load with none.
    handler ??= handlerOf(new URL(dist, entry), env);
    return handler(request, { address: context.ip });
  };
}

function handlerOf(dist: URL, env: NodeJS.ProcessEnv): FetchHandler {
  const config = serverConfigOf(env);
  const root = env.DIST_DIR ? config.dist : fileURLToPath(dist);
  // The allowlist the build copied into dist/server, shipped with the function, unless VERIFIED_AGENTS names another.
  const { gate } = functionGateOf(config, { ...env, VERIFIED_AGENTS: env.VERIFIED_AGENTS || join(root, 'server', VERIFIED_AGENTS_COPY) });
  return createFetchHandler({
    data: fsData(join(root, 'server')),
    files: diskFiles(join(root, 'client')),
    gate,
    publicOrigin: config.publicOrigin,
  });
}
