/**
 * Where the all-in-one deployment puts the function's data (dist/server's FUNCTION_DATA_FILES) among the static
 * assets: `assets/_function-data/search/cards.pack` and so on. Read by the Worker through the ASSETS binding
 * (./all-in-one.ts), written by the generator (src/deploy/cloudflare.ts, cloudflare-output.ts); no file of the
 * build's public tree may lie under it (the generator refuses a build that has one).
 */
export const FUNCTION_DATA_PREFIX = '/_function-data';
