import { type IncomingHttpHeaders, request } from 'node:http';

/**
 * A request exactly as written (fetch would normalise the path and refuses some
 * headers), optionally from another loopback address (127.0.0.2 …), which
 * makes it another client to the rate limiter.
 */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  localAddress?: string;
  /** A request body (a POST's), sent as is. */
  body?: string;
}

export function send(base: string, path: string, { method = 'GET', headers = {}, localAddress, body: sent }: SendOptions = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers, localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(sent);
  });
}

/**
 * An origin where nothing listens: a connection to it is refused. Port 2 is below 1024, so no unprivileged process
 * can bind it, and outside the range `listen(0)` hands out, so no test server takes it (a port freed a moment ago
 * could be given to a test running beside, and answer); nor is it one of the ports fetch refuses to use.
 */
export const UNREACHABLE_ORIGIN = 'http://127.0.0.1:2';

/**
 * Loopback addresses one after another (`127.0.0.2`, `127.0.0.3` …, or in another `block`), each another client
 * to the rate limiter: a test that speaks from a new one starts with a full bucket.
 * @example const newClient = loopbackClients(); send(url, '/api/cards?q=mew', { localAddress: newClient() })
 */
export function loopbackClients(block = '127.0.0'): () => string {
  let next = 2;
  return () => `${block}.${next++}`;
}
