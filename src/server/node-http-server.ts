import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FunctionHandler } from './function-core.ts';
import { httpRequestOf } from './node-request.ts';

/**
 * node:http's adapter to the function (function-core.ts): each request read as every runtime's is
 * (node-request.ts: its socket's address and encryption, its body's chunks), its answer written back.
 * @example createServer(options, createNodeHttpServer(createFunction(parts)))
 */
export function createNodeHttpServer(answer: FunctionHandler) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    answer(httpRequestOf(req)).then(
      ({ status, headers, body }) => {
        res.writeHead(status, headers);
        res.end(body ?? undefined);
      },
      (error: unknown) => {
        console.error(`front-server: ${req.method} ${req.url}:`, error);
        res.destroy();
      },
    );
  };
}
