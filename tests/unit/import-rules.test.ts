/**
 * The layering rule of docs/architecture.md, held by the code itself: imports only run downward
 * (schemas → http → lib → pipeline / server / deploy), no module is part of an import circle, and src/ never
 * reaches into tests/ or scripts/. A rule broken here is a design change: change docs/architecture.md first.
 *
 * Imports are read from the source text (type-only imports count: they tie two modules just as well). The code
 * is formatted by Biome, so every static import is `import … from '…'`, `export … from '…'` or `import '…'`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

/** What each folder of src/ may import of ours besides itself; folders not listed here are not restricted. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  schemas: [],
  http: ['schemas'],
  lib: ['http', 'schemas'],
  deploy: ['http', 'schemas'],
  server: ['lib', 'http', 'schemas'],
};

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
const folderOf = (path: string) => path.split('/')[1];

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
    expect(graph.get('src/lib/card-record.ts')).toContain('src/lib/slug.ts');
    expect(graph.get('src/components/CardPage.astro')).toContain('src/schemas/api-types.ts');
  });

  it.each(Object.entries(MAY_IMPORT))('src/%s/ imports only the layers below it', (folder, allowed) => {
    const upward = [...graph]
      .filter(([file]) => folderOf(file) === folder)
      .flatMap(([file, imports]) =>
        imports.filter((target) => target.startsWith('src/') && ![folder, ...allowed].includes(folderOf(target))).map((target) => `${file} → ${target}`),
      );
    expect(upward).toEqual([]);
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
