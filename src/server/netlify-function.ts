import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverConfigOf } from './config.ts';
import { createFetchHandler, type FetchHandler } from './fetch-handler.ts';
import { diskFiles, fsData } from './fs-data.ts';
import { functionGateOf } from './function-env.ts';
import { VERIFIED_AGENTS_COPY } from './function-paths.ts';
import { originFiles, type StaticFiles } from './static-files.ts';

/**
 * The function as a Netlify Function (v2): `(Request, Context) => Response`, the fetch handler (fetch-handler.ts)
 * over the build's files. Its data (dist/server) is shipped with it (netlify.toml's `included_files`,
 * src/deploy/netlify-function.ts), read from its own file system as npm start reads it; the prebuilt files it
 * answers with (dist/client: a detail page's HTML or Markdown, a record's JSON for MCP, the /api/knowledge list)
 * are read from the deploy itself, where Netlify serves them: STATIC_ORIGIN, or this deploy's permalink, each
 * checked against the manifest's ETag (static-files.ts originFiles). Settings are npm start's, from the site's
 * environment (config.ts); the client's address is the one Netlify reports (`context.ip`).
 */

/** What this function reads of Netlify's context: the client's address, and the deploy it runs in. */
export interface NetlifyContext {
  ip?: string;
  deploy?: { id?: string };
  site?: { name?: string };
}

export type NetlifyHandler = (request: Request, context?: NetlifyContext) => Promise<Response>;

/**
 * The deploy's own permalink (`https://{deploy id}--{site name}.netlify.app`), which serves this deploy's files
 * whatever deploy is published: so the prebuilt files read there are of the build the function was shipped with.
 * Undefined outside Netlify (no deploy in the context).
 * @example deployOrigin({ deploy: { id: '6650c1f2' }, site: { name: 'cards' } }) // "https://6650c1f2--cards.netlify.app"
 */
export function deployOrigin(context: NetlifyContext): string | undefined {
  const id = context.deploy?.id;
  const name = context.site?.name;
  return id && name ? `https://${id}--${name}.netlify.app` : undefined;
}

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
    // the function's log, rather than a module that fails to load with none; and the deploy is known then.
    handler ??= handlerOf(new URL(dist, entry), env, context);
    return handler(request, { address: context.ip });
  };
}

function handlerOf(dist: URL, env: NodeJS.ProcessEnv, context: NetlifyContext): FetchHandler {
  const config = serverConfigOf(env);
  const root = env.DIST_DIR ? config.dist : fileURLToPath(dist);
  // The allowlist the build copied into dist/server, shipped with the function, unless VERIFIED_AGENTS names another.
  const { gate } = functionGateOf(config, { ...env, VERIFIED_AGENTS: env.VERIFIED_AGENTS || join(root, 'server', VERIFIED_AGENTS_COPY) });
  const origin = config.staticOrigin ?? deployOrigin(context);
  // Outside Netlify with no STATIC_ORIGIN (a local run), dist/client beside dist/server.
  const files: StaticFiles = origin ? originFiles(origin) : diskFiles(join(root, 'client'));
  return createFetchHandler({ data: fsData(join(root, 'server')), files, gate, publicOrigin: config.publicOrigin });
}
