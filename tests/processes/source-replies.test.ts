import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplyError, replySource, SourceFailed } from '../../scripts/lib/source-replies.ts';
import { scratchDir } from '../support/fixture-site.ts';

/**
 * The replies of a public source (scripts/lib/source-replies.ts) are bounded before they are parsed: a reply
 * larger than its kind may be is refused naming where it is, whether a folder holds it or a server sends it (with
 * or without saying its length), and a saved reply is never looked for outside its folder.
 */
const AGENT = 'card-values-test';
const LIMIT = { bytes: 1024, what: 'a test reply' };
const any = z.unknown();

const folder = scratchDir('source-replies');
let server: Server;
let origin: string;

beforeAll(async () => {
  mkdirSync(join(folder, 'saved'), { recursive: true });
  writeFileSync(join(folder, 'saved', 'small.json'), JSON.stringify({ ok: true }));
  writeFileSync(join(folder, 'saved', 'big.json'), JSON.stringify({ name: 'x'.repeat(4096) }));
  writeFileSync(join(folder, 'outside.json'), JSON.stringify({ ok: 'outside' }));
  server = createServer((req, res) => {
    const big = JSON.stringify({ name: 'x'.repeat(64 * 1024) });
    if (req.url === '/small') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    if (req.url === '/declared') return void res.writeHead(200, { 'Content-Length': String(big.length) }).end(big);
    // Chunked, no length said: the reader must stop counting itself.
    if (req.url === '/streamed') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      for (let i = 0; i < 64; i++) res.write('x'.repeat(1024));
      return void res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a saved reply', () => {
  const saved = () => replySource(join(folder, 'saved'), AGENT);

  it('within its bound is read and checked', async () => {
    await expect(saved().read(any, 'small', 'small.json', LIMIT)).resolves.toEqual({ ok: true });
  });

  it('larger than its kind may be is refused, with its size and the bound', async () => {
    const read = saved().read(any, 'big', 'big.json', LIMIT);
    await expect(read).rejects.toThrow(ReplyError);
    await expect(read).rejects.toThrow(/big\.json: 4,107 bytes, more than the 1,024 a test reply may be$/);
  });

  it('is never looked for outside its folder, whatever the name asked for', async () => {
    await expect(saved().read(any, 'x', '../outside.json', LIMIT)).rejects.toThrow(/\.\.\/outside\.json: not a file of the folder/);
    await expect(saved().read(any, 'x', '/etc/hostname', LIMIT)).rejects.toThrow(/not a file of the folder/);
  });
});

describe('a reply from a server', () => {
  it('within its bound is read and checked', async () => {
    await expect(replySource(origin, AGENT).read(any, 'small', 'small', LIMIT)).resolves.toEqual({ ok: true });
  });

  it.each(['declared', 'streamed'])('larger than its kind may be is refused, its length %s', async (path) => {
    const read = replySource(origin, AGENT).read(any, path, path, LIMIT);
    await expect(read).rejects.toThrow(SourceFailed);
    await expect(read).rejects.toThrow(`${origin}/${path}: more than the 1,024 bytes a test reply may be`);
  });
});
