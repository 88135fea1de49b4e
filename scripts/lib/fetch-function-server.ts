/**
 * The fetch handler (src/server/fetch-handler.ts) on a finished build, served over node:http for a benchmark
 * (scripts/bench-abuse.ts --only sliced): its lists valued in slices on its one thread, as on a host without
 * threads (`sliced`), or in the list worker (`thread`), so that both are measured the same way in the same run.
 * Not a server to deploy: no rate limit, no gate, and only what a benchmark's requests need of node:http.
 *
 *   node scripts/lib/fetch-function-server.ts <dist> <port> sliced|thread     (prints "serving" once listening)
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createFetchHandler } from '../../src/server/fetch-handler.ts';
import { diskFiles, fsData } from '../../src/server/fs-data.ts';
import { LIST_WORKER_FILE } from '../../src/server/function-paths.ts';
import { createListValuer } from '../../src/server/list-valuer.ts';
import { HOST } from './bench-server.ts';

const [dist, port, valuing] = process.argv.slice(2);
if (!dist || !port || (valuing !== 'sliced' && valuing !== 'thread')) throw new Error('usage: fetch-function-server.ts <dist> <port> sliced|thread');
const serverDir = join(dist, 'server');
const handler = createFetchHandler({
  data: fsData(serverDir),
  files: diskFiles(join(dist, 'client')),
  publicOrigin: `http://${HOST}:${port}`,
  // Without `valuer`, the handler's own: slices on this thread.
  ...(valuing === 'thread' && {
    valuer: (inline) => createListValuer({ serverDir, workerFile: pathToFileURL(join(serverDir, LIST_WORKER_FILE)), inline }),
  }),
});

createServer(async (req, res) => {
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  const headers = Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : []));
  const request = new Request(`http://${HOST}:${port}${req.url}`, { method, headers, body, duplex: 'half' } as RequestInit);
  const response = await handler(request, { address: req.socket.remoteAddress });
  const bytes = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(bytes);
}).listen(Number(port), HOST, () => console.log(`serving ${valuing}`));
