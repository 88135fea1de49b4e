/**
 * Where things lie in function mode's Build Output (`.vercel/output`), for the generator (vercel.ts,
 * vercel-output.ts) and the function itself (vercel-function.ts), which must not import the generator's code.
 *
 *   .vercel/output/config.json                       routes (vercel.ts vercelBuildOutputConfig)
 *   .vercel/output/static/…                          the build's public files (dist/client)
 *   .vercel/output/functions/_card-values.func/      the function: .vc-config.json, package.json, index.mjs,
 *                                                    verified-agents.json, server/ (its data), client/ (gzip copies of the files it answers with)
 */
export const VERCEL_OUTPUT_DIR = '.vercel/output';
/** The function's folder is `functions/<name>.func`; Vercel serves it at `/<name>`. */
export const VERCEL_FUNCTION_NAME = '_card-values';
/** The bundled function module inside the folder. */
export const VERCEL_FUNCTION_HANDLER = 'index.mjs';
/** Inside the function's folder: the build's function data (dist/server's) and gzip copies of the prebuilt files it answers with (dist/client's). */
export const VERCEL_FUNCTION_DIRS = { data: 'server', client: 'client' } as const;
