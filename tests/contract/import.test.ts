import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, scratchDir } from '../support/fixture-site.ts';

/** The catalogue import on a small sample of the real data files (tests/fixtures/raw-data). */
const RAW = join(ROOT, 'tests', 'fixtures', 'raw-data');

function runImport(out: string, ...flags: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'import-catalogue.ts'), '--data', RAW, '--out', out, ...flags], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

function filesOf(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => [join(d.parentPath, d.name).slice(dir.length), readFileSync(join(d.parentPath, d.name), 'utf8')]),
  );
}

const lines = (file: string) =>
  readFileSync(join(RAW, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('import-catalogue', () => {
  afterAll(() => {
    for (const d of ['import-a', 'import-b', 'import-count', 'import-articles']) rmSync(scratchDir(d), { recursive: true, force: true });
  });

  it('writes byte-identical content when run twice on the same input', () => {
    const a = scratchDir('import-a');
    const b = scratchDir('import-b');
    for (const dir of [a, b]) {
      rmSync(dir, { recursive: true, force: true });
      expect(runImport(dir, '--write').status).toBe(0);
    }
    expect(filesOf(a)).toEqual(filesOf(b));
    expect(runImport(a).output).toMatch(/cards: 0 added, 0 changed, 0 removed/);
  });

  it('loses nothing: every card, price line, history line, graded row and product appears exactly once', () => {
    const out = scratchDir('import-count');
    rmSync(out, { recursive: true, force: true });
    expect(runImport(out, '--write').status).toBe(0);
    const cards = readdirSync(join(out, 'cards')).flatMap((f) => JSON.parse(readFileSync(join(out, 'cards', f), 'utf8')));
    const ids = cards.map((c: { id: string }) => c.id);
    expect(ids.sort()).toEqual(
      lines('pokemon-tcg/cards.jsonl')
        .map((c) => c.id)
        .sort(),
    );
    expect(cards.flatMap((c: { prices: unknown[] }) => c.prices)).toHaveLength(lines('prices/cards.jsonl').length);
    expect(cards.flatMap((c: { history: unknown[] }) => c.history)).toHaveLength(lines('prices/history.jsonl').length);
    expect(cards.filter((c: { graded?: unknown }) => c.graded)).toHaveLength(lines('prices/graded.jsonl').length);
    const products = readdirSync(join(out, 'sealed')).flatMap((f) => JSON.parse(readFileSync(join(out, 'sealed', f), 'utf8')).products);
    expect(products.map((p: { productId: number }) => p.productId).sort()).toEqual(
      lines('sealed/products.jsonl')
        .map((p) => p.productId)
        .sort(),
    );
    expect(products.find((p: { kind: string }) => p.kind === 'etb')).toBeDefined();
  });

  it("leaves the editors' articles alone when it rewrites content/", () => {
    const out = scratchDir('import-articles');
    rmSync(out, { recursive: true, force: true });
    expect(runImport(out, '--write').status).toBe(0);
    const article = join(out, 'knowledge', 'kept.md');
    mkdirSync(join(out, 'knowledge'));
    copyFileSync(join(ROOT, 'tests', 'fixtures', 'content', 'knowledge', 'sealed-per-pack.md'), article);
    expect(runImport(out, '--write').status).toBe(0);
    expect(readFileSync(article, 'utf8')).toContain('price per pack');
  });
});
