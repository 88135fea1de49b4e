import { afterAll, beforeAll } from 'vitest';
import type { FileManifest } from '../../src/http/file-manifest.ts';
import { manifestOf } from './built-files.ts';
import { startNginxDeployment } from './nginx.ts';
import { type RunningServer, startServer } from './server.ts';

/**
 * What the HTTP contract tests talk to: the function alone (`npm test`), or
 * the function behind nginx serving the files (`npm run test:deploy`, which
 * sets CONTRACT_TARGET=nginx). Same tests, another base URL.
 */
export const CONTRACT_TARGET = process.env.CONTRACT_TARGET === 'nginx' ? 'nginx' : 'function';

export function startTarget(dist: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return CONTRACT_TARGET === 'nginx' ? startNginxDeployment(dist, env) : startServer(dist, env);
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

/** The request target as the server reads it: nginx and Node's parser (llhttp, Node 24) both skip spaces before it. */
export function targetAsRead(target: string): string {
  return target.replace(/^ +/, '');
}

/**
 * The contract target of a test file, started before its tests and stopped after them, with the build's
 * manifest (read once) and a `get` that sends a request as written.
 */
export function useContractTarget(dist: string) {
  let server: RunningServer | undefined;
  let manifest: FileManifest | undefined;
  beforeAll(async () => {
    server = await startTarget(dist);
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
