import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, scratchDir } from '../support/fixture-site.ts';
import { laterDays } from '../support/tcgcsv-days.ts';

/** The catalogue import on a small sample of the real data files (tests/fixtures/raw-data). */
const RAW = join(ROOT, 'tests', 'fixtures', 'raw-data');

function runImport(out: string, ...flags: string[]) {
  return runImportOf(RAW, out, ...flags);
}

function runImportOf(data: string, out: string, ...flags: string[]) {
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'import-catalogue.ts'), '--data', data, '--out', out, ...flags], { encoding: 'utf8' });
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
    for (const d of ['import-a', 'import-b', 'import-count', 'import-articles', 'import-changes', 'import-changes-data', 'import-daily', 'import-daily-days'])
      rmSync(scratchDir(d), { recursive: true, force: true });
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

  it('records exactly the edits an import makes: a repriced card, a removed card, an added card, a product that lost its price', () => {
    const out = scratchDir('import-changes');
    const data = scratchDir('import-changes-data');
    for (const dir of [out, data]) rmSync(dir, { recursive: true, force: true });
    expect(runImport(out, '--write').status).toBe(0);
    expect(existsSync(join(out, 'changes')), 'a first import has nothing to compare with').toBe(false);

    cpSync(RAW, data, { recursive: true });
    const edit = (file: string, change: (rows: Record<string, unknown>[]) => Record<string, unknown>[]) =>
      writeFileSync(
        join(data, file),
        `${change(lines(file))
          .map((r) => JSON.stringify(r))
          .join('\n')}\n`,
      );
    // base1-4: its primary market doubles, its Shadowless printing (not its value) falls by half. base1-2: gone, with its
    // price lines. base1-999: a new, unpriced card.
    edit('prices/cards.jsonl', (rows) =>
      rows.filter((r) => r.cardId !== 'base1-2').map((r) => (r.cardId === 'base1-4' ? { ...r, market: (r.market as number) * (r.primary ? 2 : 0.5) } : r)),
    );
    for (const file of ['prices/history.jsonl', 'prices/graded.jsonl']) edit(file, (rows) => rows.filter((r) => r.cardId !== 'base1-2'));
    edit('pokemon-tcg/cards.jsonl', (rows) => {
      const kept = rows.filter((r) => r.id !== 'base1-2');
      return [...kept, { ...kept.find((r) => r.id === 'base1-4')!, id: 'base1-999', number: '999', name: 'Testizard' }];
    });
    const [product] = lines('sealed/products.jsonl');
    edit('sealed/products.jsonl', (rows) =>
      rows.map((r) => (r.productId === product.productId ? { ...r, low: null, mid: null, high: null, market: null, directLow: null } : r)),
    );

    const dryRun = runImportOf(data, out);
    expect(dryRun.status).toBe(0);
    expect(dryRun.output).toMatch(/cards: 1 added, 1 removed, 1 repriced by more than 10%/);
    expect(dryRun.output).toMatch(/printings: 2 repriced by more than 10%/);
    expect(existsSync(join(out, 'changes')), 'a dry run writes nothing').toBe(false);
    expect(runImportOf(data, out, '--write').status).toBe(0);
    const [file] = readdirSync(join(out, 'changes'));
    const record = JSON.parse(readFileSync(join(out, 'changes', file), 'utf8'));
    expect(file).toBe(`${record.asOf}.json`);
    const ids = (list: { id: string }[]) => list.map((i) => i.id);
    expect(ids(record.cards.added)).toEqual(['base1-999']);
    expect(ids(record.cards.removed)).toEqual(['base1-2']);
    expect(record.cards.repriced).toHaveLength(1);
    expect(record.cards.repriced[0]).toMatchObject({ id: 'base1-4', slug: 'charizard-base1-4', changePercent: 100 });
    expect(record.cards.repriced[0].to).toBeCloseTo(record.cards.repriced[0].from * 2, 1);
    expect(ids(record.cards.status)).toEqual([]);
    expect(record.sealed.status).toEqual([expect.objectContaining({ id: String(product.productId), from: 'priced', to: 'unpriced' })]);
    expect([...ids(record.sealed.added), ...ids(record.sealed.removed), ...ids(record.sealed.repriced)]).toEqual([]);
    // Each printing is compared on its own value: the Shadowless one moved though the card's value moved the other way.
    expect(record.printings.repriced.map((p: { id: string; printing: string; changePercent: number }) => [p.id, p.printing, p.changePercent])).toEqual([
      ['base1-4', 'shadowless-holofoil', -50],
      ['base1-4', 'unlimited-holofoil', 100],
    ]);
    expect(record.printings.repriced[0]).toMatchObject({ label: 'Shadowless Holofoil', from: 1997.59, slug: 'charizard-base1-4' });

    // Run again on the same data: nothing changes, and the record of the import stays as it was.
    const again = runImportOf(data, out, '--write');
    expect(again.output).toMatch(/no change a client would see/);
    expect(readdirSync(join(out, 'changes'))).toEqual([file]);
  });

  it('keeps the prices a daily import made newer than its snapshot: re-importing the catalogue never sets them back', () => {
    const out = scratchDir('import-daily');
    rmSync(out, { recursive: true, force: true });
    expect(runImport(out, '--write').status).toBe(0);
    const days = laterDays(scratchDir('import-daily-days'), [
      {
        from: '2025-10-20',
        date: '2025-10-21',
        row: (row) => (row.productId === 42382 && row.subTypeName === 'Holofoil' ? { ...row, marketPrice: 520 } : row),
      },
    ]);
    const daily = spawnSync(process.execPath, [join(ROOT, 'scripts', 'import-catalogue.ts'), '--tcgcsv', days, '--out', out, '--write'], { encoding: 'utf8' });
    expect(daily.status, daily.stdout + daily.stderr).toBe(0);
    const charizard = () => JSON.parse(readFileSync(join(out, 'cards', 'base1.json'), 'utf8')).find((c: { id: string }) => c.id === 'base1-4');
    const imported = charizard();
    expect(imported.prices.find((p: { variant: string }) => p.variant === 'holofoil')).toMatchObject({ market: 520, updatedAt: '2025-10-21' });
    const check = runImport(out, '--check');
    expect(check.status, check.output).toBe(0);
    expect(runImport(out, '--write').status).toBe(0);
    expect(charizard()).toEqual(imported);
  });
});
