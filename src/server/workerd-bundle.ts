import type { Plugin } from 'esbuild';

/**
 * For an esbuild bundle of the limiter that runs in workerd (a Cloudflare Worker). limiter.ts loads the Redis
 * store on first need, and esbuild would inline it with ioredis, which needs Node's sockets and cannot load
 * there: this plugin puts in its place a store that refuses REDIS_URL and names the binding to use instead.
 * Bundle with `platform: 'browser'` too (esbuild reads a package's `browser` map only then), so that
 * rate-limiter-flexible's map leaves out the Node modules of its cluster limiter (`cluster`, `crypto`), which the
 * function never uses and workerd could not load.
 * @example await build({ entryPoints: ['worker.ts'], bundle: true, format: 'esm', platform: 'browser', plugins: [withoutRedisStore] })
 */
export const withoutRedisStore: Plugin = {
  name: 'card-values:without-redis-store',
  setup(build) {
    build.onResolve({ filter: /\/redis-store\.ts$/ }, () => ({ path: 'redis-store', namespace: 'card-values-no-redis' }));
    build.onLoad({ filter: /.*/, namespace: 'card-values-no-redis' }, () => ({
      contents: `export function createRedisLimiter() { throw new Error(${JSON.stringify(REDIS_IN_WORKER)}); }`,
      loader: 'js',
    }));
  },
};

const REDIS_IN_WORKER =
  'rate limit: REDIS_URL is not read in a Cloudflare Worker; bind the RATE_LIMITER Durable Object namespace instead (docs/limits.md#where-the-buckets-are-kept)';

/**
 * For an esbuild bundle of the function that runs in workerd: the MCP SDK's Server imports Ajv as its default
 * JSON Schema validator, which compiles each schema into code with `new Function` (refused in a Worker). The
 * function gives every Server the @cfworker/json-schema validator instead (mcp-endpoint.ts), so Ajv is never
 * run; this leaves it out of the Worker too (a quarter of a megabyte, and the only code generation it held).
 * @example await build({ entryPoints: ['worker.ts'], bundle: true, plugins: [withoutRedisStore, withoutAjv] })
 */
export const withoutAjv: Plugin = {
  name: 'card-values:without-ajv',
  setup(build) {
    build.onResolve({ filter: /\/validation\/ajv-provider\.js$/ }, () => ({ path: 'ajv-provider', namespace: 'card-values-no-ajv' }));
    build.onLoad({ filter: /.*/, namespace: 'card-values-no-ajv' }, () => ({
      contents: `export { CfWorkerJsonSchemaValidator as AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider.js';`,
      loader: 'js',
      resolveDir: import.meta.dirname,
    }));
  },
};
