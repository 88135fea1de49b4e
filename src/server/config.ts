import { resolve } from 'node:path';
import { publicOriginOf } from '../http/links.ts';
import { DEFAULT_DIST_DIR } from './function-paths.ts';
import { type RatePolicy, ratePolicyOf } from './rate-limit/policy.ts';

/**
 * The function's settings, from its environment (the contract's Configuration
 * table; VERIFIED_AGENTS is read by verified-agents.ts). A value that does not
 * parse stops the server at start with a message naming the variable, rather
 * than running with a limit nobody asked for.
 */
export interface ServerConfig {
  /** DIST_DIR, absolute; unset: the dist the built function lies in (see function-paths.ts). */
  dist: string;
  port: number;
  host: string;
  /** null: RATE_LIMIT=off. */
  ratePolicy: RatePolicy | null;
  trustProxy: number;
  redisUrl?: string;
  /** The static host to read prebuilt files from, when dist/client is not beside the function. */
  staticOrigin?: string;
  /** PUBLIC_ORIGIN: where the public reaches the site, which the feeds' absolute URLs start with (feedOriginOf). */
  publicOrigin?: string;
}

function integerIn(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw new Error(`${name} must be an integer from 0 to ${max}; got "${raw}"`);
  return Number(raw);
}

/** An http(s) origin, without a trailing slash: the prefix of every file path. */
function originIn(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const url = URL.parse(raw);
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    throw new Error(`${name} must be an http(s) URL with no query, fragment or credentials, e.g. http://127.0.0.1:8080; got "${raw}"`);
  }
  return url.href.replace(/\/+$/, '');
}

/** @example serverConfigOf({ RATE_LIMIT: 'off' }).ratePolicy // null */
export function serverConfigOf(env: NodeJS.ProcessEnv): ServerConfig {
  return {
    dist: resolve(env.DIST_DIR ?? DEFAULT_DIST_DIR),
    port: integerIn(env, 'PORT', 4321, 65_535),
    host: env.HOST || 'localhost',
    ratePolicy: ratePolicyOf(env.RATE_LIMIT || undefined),
    trustProxy: integerIn(env, 'TRUST_PROXY', 0, 32),
    redisUrl: env.REDIS_URL || undefined,
    staticOrigin: originIn(env, 'STATIC_ORIGIN'),
    publicOrigin: publicOriginOf(env.PUBLIC_ORIGIN, 'PUBLIC_ORIGIN'),
  };
}

/**
 * The origin the feeds' URLs start with: PUBLIC_ORIGIN, else the SITE_URL the build was made with, else the
 * function's own address on this machine (`http://localhost:4321`, what `npm start` serves), with `configured`
 * false so that the start can say so. Never the request's Host: a feed is kept by shared caches (and remembered
 * by the function) whatever Host asked for it, so a Host a client made up would be served to every reader.
 * @example feedOriginOf({ publicOrigin: undefined }, 'https://cards.example', 4321) // { origin: 'https://cards.example', configured: true }
 */
export function feedOriginOf(
  config: Pick<ServerConfig, 'publicOrigin'>,
  siteOrigin: string | undefined,
  port: number,
): { origin: string; configured: boolean } {
  const configured = config.publicOrigin ?? siteOrigin;
  return configured ? { origin: configured, configured: true } : { origin: `http://localhost:${port}`, configured: false };
}
