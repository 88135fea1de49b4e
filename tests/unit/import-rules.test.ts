/**
 * The layering rule of docs/architecture.md, held by the code itself: imports only run downward (schemas → http →
 * catalogue → search → collection / render → describe → pipeline / server), every folder of src/ has its row, every
 * import a row allows is one the code makes, the pure rooms read no files and open no sockets, no module is part of
 * an import circle, and src/ never reaches into tests/ or scripts/. The table of docs/architecture.md is this
 * file's table (a test below compares them), so a rule broken here is a design change: change both.
 *
 * Imports are read from the source text (type-only imports count: they tie two modules just as well). The code
 * is formatted by Biome, so every static import is `import … from '…'`, `export … from '…'` or `import '…'`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

/**
 * What each folder of src/ may import of ours besides itself: the table of docs/architecture.md, row for row. Every
 * folder has a row, so a new one must be placed, and a row allows only what its folder imports, so an import
 * nothing makes is not left allowed. Astro's own folders (components, layouts, pages, integrations) are adapters
 * and import what a page or the build needs.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  schemas: [],
  http: ['schemas'],
  'web-bot-auth': [],
  catalogue: ['http', 'schemas'],
  search: ['catalogue', 'http', 'schemas'],
  collection: ['search', 'catalogue', 'http', 'schemas'],
  render: ['search', 'catalogue', 'http', 'schemas'],
  describe: ['render', 'search', 'catalogue', 'http', 'schemas'],
  'knowledge-facts': ['catalogue', 'schemas'],
  loaders: ['knowledge-facts', 'search', 'schemas'],
  check: ['knowledge-facts', 'search', 'catalogue', 'schemas'],
  deploy: ['server', 'web-bot-auth', 'http', 'schemas'],
  pipeline: ['check', 'loaders', 'describe', 'render', 'collection', 'search', 'catalogue', 'http', 'schemas'],
  server: ['web-bot-auth', 'describe', 'render', 'collection', 'search', 'catalogue', 'http', 'schemas'],
  components: ['layouts', 'render', 'search', 'catalogue', 'http', 'schemas'],
  layouts: ['http'],
  pages: ['components', 'layouts', 'pipeline', 'render', 'http', 'schemas'],
  integrations: ['pipeline', 'server', 'schemas'],
};

/** The rooms that hold pure functions: they run at build and per request alike, so they read no file and open no socket. */
const PURE = ['schemas', 'http', 'web-bot-auth', 'catalogue', 'search', 'collection', 'render', 'describe', 'knowledge-facts'];
/** What a pure module may take from Node: hashing and signing, and path arithmetic (no I/O). */
const PURE_NODE = ['node:crypto', 'node:path'];

const IMPORT = /^\s*(?:import|export)\b[^'"]*?\bfrom\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|astro)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The project files a module imports, as paths from the repository root (packages and node: builtins left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const code = file.endsWith('.astro') ? (text.split(/^---$/m)[1] ?? '') : text;
  const found: string[] = [];
  for (const match of code.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier.startsWith('.')) found.push(relative(ROOT, resolve(dirname(file), specifier)));
  }
  return found;
}

const graph = new Map(sourceFiles(SRC).map((file) => [relative(ROOT, file), importsOf(file)]));
/** The folder of src/ a path is in; a file at the top of src/ (content.config.ts) is its own. */
const folderOf = (path: string) => path.split('/')[1].replace(/\.ts$/, '');

/** The packages and builtins a module imports. */
function packagesOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]).filter((specifier) => !specifier.startsWith('.'));
}

/** Tarjan's strongly connected components: every group of modules that import one another in a circle. */
function circles(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || edges.get(node)!.includes(node)) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import rules', () => {
  it('reads the imports of the source tree', () => {
    // A scanner that finds nothing would pass every rule below.
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/catalogue/card-record.ts')).toContain('src/catalogue/slug.ts');
    expect(graph.get('src/components/SealedPage.astro')).toContain('src/schemas/api-types.ts');
  });

  it.each(Object.entries(MAY_IMPORT))('src/%s/ imports only the layers below it', (folder, allowed) => {
    const upward = [...graph]
      .filter(([file]) => folderOf(file) === folder)
      .flatMap(([file, imports]) =>
        imports.filter((target) => target.startsWith('src/') && ![folder, ...allowed].includes(folderOf(target))).map((target) => `${file} → ${target}`),
      );
    expect(upward).toEqual([]);
  });

  it('every import a row allows is one its folder makes', () => {
    const made = new Set([...graph].flatMap(([file, imports]) => imports.map((target) => `${folderOf(file)} → ${folderOf(target)}`)));
    const unused = Object.entries(MAY_IMPORT).flatMap(([folder, allowed]) =>
      allowed.map((target) => `${folder} → ${target}`).filter((edge) => !made.has(edge)),
    );
    expect(unused).toEqual([]);
  });

  it('the table of docs/architecture.md is this table, row for row', () => {
    // The doc's table, `| \`folder/\` | \`other/\`, … |` (or "nothing of ours"), after its header row.
    const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf('| Folder | May import |')).split('\n\n')[0].split('\n').slice(2);
    const rows = table.map((line) => {
      const [folder, allowed] = line
        .split('|')
        .slice(1, 3)
        .map((cell) => [...cell.matchAll(/`([a-z-]+)\/`/g)].map((match) => match[1]));
      return [folder[0], allowed.sort()];
    });
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(Object.entries(MAY_IMPORT).map(([folder, allowed]) => [folder, [...allowed].sort()]));
  });

  it('every folder of src/ has a row in the table', () => {
    const folders = [...new Set([...graph.keys()].map(folderOf))].filter((folder) => folder !== 'content.config');
    expect(folders.filter((folder) => !(folder in MAY_IMPORT))).toEqual([]);
  });

  it('the rule fails an upward import: search may not import render', () => {
    // The table is the rule; a row that allowed everything would pass the test above.
    expect(MAY_IMPORT.search).not.toContain('render');
    expect(MAY_IMPORT.render).not.toContain('describe');
    expect(MAY_IMPORT.catalogue).not.toContain('search');
  });

  it.each(PURE)('src/%s/ reads no file and opens no socket', (folder) => {
    const io = [...graph.keys()]
      .filter((file) => folderOf(file) === folder)
      .flatMap((file) => {
        const text = readFileSync(join(ROOT, file), 'utf8');
        const builtins = packagesOf(join(ROOT, file)).filter((name) => name.startsWith('node:') && !PURE_NODE.includes(name));
        return [...builtins, ...(/\bfetch\(/.test(text) ? ['fetch('] : [])].map((what) => `${file}: ${what}`);
      });
    expect(io).toEqual([]);
  });

  it("the function's fetch handler and its asset-store data take nothing from Node but hashing and paths, as a Worker build needs", () => {
    // Every module they reach, the MCP endpoint loaded on first need included: node:http, node:fs, worker_threads
    // and the like are the node:http adapter's (main.ts, node-request.ts, fs-data.ts, list-valuer.ts) alone.
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file) || !graph.has(file)) return;
      reached.add(file);
      for (const next of graph.get(file)!) visit(next);
    };
    visit('src/server/fetch-handler.ts');
    visit('src/server/asset-data.ts');
    expect(reached).toContain('src/server/mcp/mcp-endpoint.ts');
    expect(reached).toContain('src/server/request-body.ts');
    const fromNode = [...reached].flatMap((file) =>
      packagesOf(join(ROOT, file))
        .filter((name) => name.startsWith('node:') && !PURE_NODE.includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(fromNode).toEqual([]);
    expect(reached).not.toContain('src/server/node-request.ts');
    expect(reached).not.toContain('src/server/fs-data.ts');
  });

  it('no module of src/ is part of an import circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('src/ never imports from tests/ or scripts/', () => {
    const outward = [...graph].flatMap(([file, imports]) => imports.filter((target) => !target.startsWith('src/')).map((target) => `${file} → ${target}`));
    expect(outward).toEqual([]);
  });

  it('the cycle finder finds a circle where there is one', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(edges)).toEqual([['a', 'b', 'c']]);
  });
});
