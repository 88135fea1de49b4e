import type { AstroIntegration } from 'astro';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { etagOf } from '../build/etag.ts';
import { createTokenCache } from '../build/token-counter.ts';
import { MANIFEST_FILE, type FileInfo, type FileManifest } from '../build/file-manifest.ts';
import type { EmittedFile } from '../build/emit-files.ts';

const BUNDLE_DIR = 'emit';

/**
 * After Astro has rendered the pages: writes out the prerendered bundles as the
 * site's JSON, Markdown and data files, counts Markdown tokens (cached by hash),
 * and writes the manifest of ETags and token counts the function serves from.
 * Prints numbered phases with totals, not a line per file.
 */
export function buildOutput(): AstroIntegration {
  let serverDir = '';
  let cacheDir = '';
  return {
    name: 'card-values:build-output',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = fileURLToPath(config.build.server);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const started = performance.now();
        const step = (n: number, text: string) => logger.info(`[${n}/3] ${text} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

        const files: Record<string, FileInfo> = {};
        const tokens = createTokenCache(join(cacheDir, 'markdown-tokens.json'));
        const written = await writeBundles(clientDir, serverDir, (path, body) => {
          const info: FileInfo = { etag: etagOf(body), bytes: Buffer.byteLength(body) };
          if (path.endsWith('.md')) info.tokens = tokens.count(body);
          files[`/${path}`] = info;
        });
        const { counted, reused } = tokens.save();
        step(1, `wrote ${written.client} files and ${written.server} server data files; counted tokens of ${counted} Markdown files, ${reused} from cache`);

        let pages = 0;
        for (const path of await listFiles(clientDir)) {
          const url = '/' + path.split(sep).join('/');
          if (files[url]) continue;
          const body = await readFile(join(clientDir, path));
          files[url] = { etag: etagOf(body), bytes: body.length };
          pages++;
        }
        step(2, `tagged ${pages} other files (pages, assets)`);

        const manifest: FileManifest = { files };
        await writeFile(join(serverDir, MANIFEST_FILE), JSON.stringify(manifest));
        step(3, `manifest of ${Object.keys(files).length} files written to ${relative(process.cwd(), join(serverDir, MANIFEST_FILE))}`);
      },
    },
  };
}

async function writeBundles(
  clientDir: string,
  serverDir: string,
  onFile: (path: string, body: string) => void,
): Promise<{ client: number; server: number }> {
  const bundleDir = join(clientDir, BUNDLE_DIR);
  const count = { client: 0, server: 0 };
  const made = new Set<string>();
  const pending: Promise<void>[] = [];
  for (const name of (await readdir(bundleDir)).sort()) {
    const text = await readFile(join(bundleDir, name), 'utf8');
    for (const line of text.split('\n')) {
      if (!line) continue;
      const [target, path, body] = JSON.parse(line) as EmittedFile;
      const abs = join(target === 'client' ? clientDir : serverDir, path);
      const dir = dirname(abs);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      pending.push(writeFile(abs, body));
      // Bounded so that 40k pending writes never hold every body in memory at once.
      if (pending.length >= 256) await Promise.all(pending.splice(0));
      count[target]++;
      if (target === 'client') onFile(path, body);
    }
  }
  await Promise.all(pending);
  await rm(bundleDir, { recursive: true });
  return count;
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name)));
}
