import { afterAll, beforeAll } from 'vitest';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { manifestOf } from './built-files.ts';
import { startNginxDeployment } from './nginx.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * What the HTTP contract tests talk to: the function alone (`npm test`), the function behind nginx serving the
 * files (the `nginx` project, CONTRACT_TARGET=nginx), or behind the Cloudflare Worker in Miniflare (the
 * `cloudflare` project, CONTRACT_TARGET=cloudflare). Same tests, another base URL; what cannot hold through a
 * front is skipped there with the reason.
 */
export type ContractTarget = 'function' | 'nginx' | 'cloudflare';
export const CONTRACT_TARGET: ContractTarget =
  process.env.CONTRACT_TARGET === 'nginx' || process.env.CONTRACT_TARGET === 'cloudflare' ? process.env.CONTRACT_TARGET : 'function';

export function startTarget(dist: string, env: Record<string, string> = {}): Promise<RunningServer> {
  if (CONTRACT_TARGET === 'nginx') return startNginxDeployment(dist, env);
  // Imported only here, so that the other targets run where Miniflare is not installed.
  if (CONTRACT_TARGET === 'cloudflare') return import('./cloudflare-target.ts').then(({ startCloudflareDeployment }) => startCloudflareDeployment(dist, env));
  return startServer(dist, env);
}

/**
 * nginx refuses more than Node's parser before any route runs: a Host that is
 * not a valid host[:port] (as RFC 9112 §3.2 requires), an encoded NUL, a path
 * above the root, CONNECT. Its answer is the 400 problem, and the connection
 * closes. Tests of what the routes do let those pass, checking only that the
 * refusal is a problem.
 */
export function refusedInFront(response: { status: number; headers: { connection?: unknown } }): boolean {
  return CONTRACT_TARGET === 'nginx' && response.status === 400 && response.headers.connection === 'close';
}

/**
 * Why a test of what the front's HTTP parser does with malformed bytes is skipped through the Worker: in Miniflare
 * the bytes are parsed by workerd's local HTTP server, which stands in for Cloudflare's edge and is neither the
 * edge nor the Worker's code. It answers what it refuses (a field with no name, a Host that is no host, an
 * absolute-form target, CONNECT, an unknown method, HTTP/0.9) with its own plain-text 400, 500 or 501, sets no
 * limit on the head's size, and reads a target with a space in it as the part before the space. The function's
 * own parser is held to these tests alone and through nginx.
 */
export const WORKERD_PARSES_THE_BYTES =
  "tests of what the front's HTTP parser does with malformed bytes: in Miniflare that parser is workerd's local HTTP server, not Cloudflare's edge nor the Worker";

/**
 * Why the function's 16 KB limit on a request's head is not tested through the Worker: on Cloudflare the head is
 * read and limited by the edge (its own limit, 128 KB of headers), before any Worker runs, and the Worker is handed
 * headers the edge added to; in Miniflare workerd's local server sets no limit. The function's own limit is held
 * to this test alone and through nginx.
 */
export const THE_EDGE_LIMITS_THE_HEAD =
  "the function's 16 KB limit on a request's head: on Cloudflare the edge reads and limits the head (128 KB of headers) before the Worker runs";

const said = new Set<string>();

/**
 * True through the Cloudflare Worker, where the test is skipped; the reason is printed once.
 * @example it.skipIf(skippedOnTheWorker(WORKERD_PARSES_THE_BYTES))('CONNECT gets a 405 problem', …)
 */
export function skippedOnTheWorker(why: string): boolean {
  if (CONTRACT_TARGET !== 'cloudflare') return false;
  if (!said.has(why)) console.warn(`SKIPPED through the Cloudflare Worker: ${why}`);
  said.add(why);
  return true;
}

/**
 * The request target as the server reads it: nginx and Node's parser (llhttp, Node 24) both skip spaces before it;
 * through the Worker, workerd's local server (WORKERD_PARSES_THE_BYTES) reads it up to its first space or tab, so
 * `/api/cards\t/x` is a search there.
 */
export function targetAsRead(target: string): string {
  const read = target.replace(/^ +/, '');
  return CONTRACT_TARGET === 'cloudflare' ? read.split(/[ \t]/)[0] : read;
}

/**
 * The contract target of a test file, started before its tests and stopped after them (with `env` added to the
 * function's environment), with the build's manifest (read once) and a `get` that sends a request as written.
 */
export function useContractTarget(dist: string, env: Record<string, string> = {}) {
  let server: RunningServer | undefined;
  let manifest: FileManifest | undefined;
  beforeAll(async () => {
    server = await startTarget(dist, env);
    manifest = manifestOf(dist);
  });
  afterAll(() => server?.stop());
  return {
    get: (path: string, headers: Record<string, string> = {}, method = 'GET') => fetch(server!.url + path, { headers, method }),
    /** Any request, a body included (a POST of a list to value). */
    send: (path: string, init: RequestInit) => fetch(server!.url + path, init),
    /** The target's base URL (after it started), for clients that make their own requests (the MCP SDK's). */
    url: () => server!.url,
    /** What the target printed so far (the function's output, and nginx's errors through nginx). */
    logs: () => server!.logs(),
    /** The build's manifest (after the target started). */
    manifest: () => manifest!,
  };
}
