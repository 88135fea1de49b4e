import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJson } from '../../scripts/lib/format-json.ts';
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

const lines = (file: string, data = RAW) =>
  readFileSync(join(data, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
/** The lines of a card or price file in every folder the import reads: the catalogue's, the newer sets', the Japanese sets'. */
const allLines = (file: string) => [...lines(file), ...lines(`newer-sets/${file}`), ...lines(`japanese/${file}`)];

/** The cards an import wrote, by id. */
function writtenCards(out: string): Map<string, Record<string, unknown>> {
  const cards = readdirSync(join(out, 'cards')).flatMap((f) => JSON.parse(readFileSync(join(out, 'cards', f), 'utf8')));
  return new Map(cards.map((c: { id: string }) => [c.id, c]));
}

describe('import-catalogue', () => {
  afterAll(() => {
    for (const d of [
      'import-a',
      'import-b',
      'import-count',
      'import-articles',
      'import-changes',
      'import-changes-data',
      'import-daily',
      'import-daily-days',
      'import-synced',
      'import-newer',
      'import-newer-data',
      'import-newer-changes',
      'import-bad',
      'import-bad-data',
      'import-japanese',
    ])
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
      allLines('pokemon-tcg/cards.jsonl')
        .map((c) => c.id)
        .sort(),
    );
    expect(cards.flatMap((c: { prices: unknown[] }) => c.prices)).toHaveLength(allLines('prices/cards.jsonl').length);
    expect(cards.flatMap((c: { history: unknown[] }) => c.history)).toHaveLength(allLines('prices/history.jsonl').length);
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
    expect(record.cards.repriced[0]).toMatchObject({ id: 'base1-4', slug: 'charizard-base1-4', changePct: 100 });
    expect(record.cards.repriced[0].toUsd).toBeCloseTo(record.cards.repriced[0].fromUsd * 2, 1);
    expect(ids(record.cards.status)).toEqual([]);
    expect(record.sealed.status).toEqual([expect.objectContaining({ id: String(product.productId), from: 'priced', to: 'unpriced' })]);
    expect([...ids(record.sealed.added), ...ids(record.sealed.removed), ...ids(record.sealed.repriced)]).toEqual([]);
    // Each printing is compared on its own value: the Shadowless one moved though the card's value moved the other way.
    expect(record.printings.repriced.map((p: { id: string; printing: string; changePct: number }) => [p.id, p.printing, p.changePct])).toEqual([
      ['base1-4', 'shadowless-holofoil', -50],
      ['base1-4', 'unlimited-holofoil', 100],
    ]);
    expect(record.printings.repriced[0]).toMatchObject({ label: 'Shadowless Holofoil', fromUsd: 1997.59, slug: 'charizard-base1-4' });

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

  it('keeps what the catalogue sync added since its snapshot: a daily job then re-imported changes nothing, and --check holds', () => {
    const out = scratchDir('import-synced');
    rmSync(out, { recursive: true, force: true });
    expect(runImport(out, '--write').status).toBe(0);
    const script = (file: string, ...args: string[]) => {
      const run = spawnSync(process.execPath, [join(ROOT, 'scripts', file), ...args], { encoding: 'utf8' });
      expect(run.status, run.stdout + run.stderr).toBe(0);
    };
    // The daily job: the sync adds a set the data lack (its cards, its group's sealed products), the day prices them.
    const NEW_SET = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'new-set');
    script('catalogue-sync.ts', '--content', out, '--tcgdex', join(NEW_SET, 'tcgdex'), '--tcgcsv', join(NEW_SET, 'tcgcsv'), '--date', '2027-06-01', '--write');
    script('import-catalogue.ts', '--tcgcsv', join(NEW_SET, 'prices'), '--out', out, '--write');
    // A card the data price not, given its printings by the sync since (as it lists Pitch Black's on TCGdex's word).
    const me5 = JSON.parse(readFileSync(join(out, 'cards', 'me5.json'), 'utf8'));
    const listed = { variant: 'holofoil', printing: null, primary: true, productId: 991999, groupId: 99001, low: null, mid: null, high: null, market: null };
    me5[0].prices = [{ ...listed, directLow: null, updatedAt: '2027-06-01', source: 'tcgdex' }];
    writeFileSync(join(out, 'cards', 'me5.json'), `${formatJson(me5)}\n`);
    script('check-content.ts', '--dir', out);
    const job = filesOf(out);
    expect([...job.keys()]).toEqual(expect.arrayContaining(['/cards/me8pt5.json', '/sealed/99001-me08-5-fixture-tides.json', '/changes/2027-06-01.json']));

    const check = runImport(out, '--check');
    expect(check.status, check.output).toBe(0);
    expect(check.output).toMatch(/1 syncedSets, 6 syncedCards, 4 syncedSealed/);
    const again = runImport(out, '--write');
    expect(again.output).toMatch(/no change a client would see/);
    expect(filesOf(out)).toEqual(job);
    rmSync(out, { recursive: true, force: true });
  });

  describe('the newer sets (a sample of ../shared/data/newer-sets in tests/fixtures/raw-data/newer-sets)', () => {
    const out = scratchDir('import-newer');
    let run: ReturnType<typeof runImport>;
    beforeAll(() => {
      rmSync(out, { recursive: true, force: true });
      run = runImport(out, '--write');
    });

    it("appends the newer sets: their sets after the catalogue's, a set both folders hold once, their cards, printings and history", () => {
      expect(run.status, run.output).toBe(0);
      const setIds = JSON.parse(readFileSync(join(out, 'sets.json'), 'utf8')).map((set: { id: string }) => set.id);
      const base = JSON.parse(readFileSync(join(RAW, 'pokemon-tcg', 'sets.json'), 'utf8')).map((set: { id: string }) => set.id);
      expect(setIds).toEqual([...base, 'sv8pt5', 'zsv10pt5', 'mep', 'me5', 'jp-sv4a', 'jp-sv6a', 'jp-sv8a']);
      const cards = writtenCards(out);
      const umbreon = cards.get('sv8pt5-161') as { images: { small: string }; prices: { market: number }[]; history: unknown[] };
      expect(umbreon.prices).toEqual([expect.objectContaining({ market: 1010.73, productId: 610516, primary: true })]);
      expect(umbreon.history).toHaveLength(1);
      expect(umbreon.images.small).toBe('https://images.pokemontcg.io/sv8pt5/161.png');
      // Poké Ball and Master Ball printings are lines of their own, never the card's value.
      const exeggcute = cards.get('sv8pt5-1') as { prices: { printing: string | null; primary: boolean }[] };
      expect(exeggcute.prices.map((p) => [p.printing, p.primary])).toEqual([
        [null, true],
        [null, true],
        ['pokeball', false],
        ['masterball', false],
      ]);
      expect(run.output).toMatch(/read 14 sets, 21 cards, .*2 imagesByRule/);
    });

    it('links a sealed product the source links to no set to the newer set whose main card group it is in', () => {
      const products = readdirSync(join(out, 'sealed')).flatMap((f) => JSON.parse(readFileSync(join(out, 'sealed', f), 'utf8')).products);
      const byId = new Map(products.map((p: { productId: number }) => [p.productId, p]));
      // 593355, Prismatic Evolutions Elite Trainer Box: group 23821, where sv8pt5's cards have their primary prices.
      expect(lines('sealed/products.jsonl').find((p) => p.productId === 593355)).toMatchObject({ setId: null, groupId: 23821 });
      expect(byId.get(593355)).toMatchObject({ set: 'sv8pt5' });
      // A product of a group that is no set's main group stays without one; one the source links keeps its set.
      expect(byId.get(215162)).not.toHaveProperty('set');
      expect(byId.get(242436)).toMatchObject({ set: 'swsh7' });
      expect(readFileSync(join(out, 'sets.json'), 'utf8')).toContain('"sv8pt5"');
    });

    it('a card with no image upstream gets the TCGdex asset by the stated rule, and one with no legalities upstream gets none', () => {
      const cards = writtenCards(out);
      expect(cards.get('me5-120')).toMatchObject({
        images: { small: 'https://assets.tcgdex.net/en/me/me05/120/low.webp', large: 'https://assets.tcgdex.net/en/me/me05/120/high.webp' },
        rarity: 'Mega Hyper Rare',
        prices: [],
      });
      expect(cards.get('me5-120')).not.toHaveProperty('legalities');
      expect(cards.get('mep-001')).toMatchObject({
        number: '001',
        images: { small: 'https://assets.tcgdex.net/en/me/mep/001/low.webp' },
        legalities: { unlimited: 'Legal', standard: 'Legal', expanded: 'Legal' },
      });
      expect(cards.get('zsv10pt5-172')).toMatchObject({ rarity: 'Black White Rare' });
    });
  });

  describe('the Japanese sets (a sample of ../shared/data/japanese in tests/fixtures/raw-data/japanese)', () => {
    const out = scratchDir('import-japanese');
    let run: ReturnType<typeof runImport>;
    beforeAll(() => {
      rmSync(out, { recursive: true, force: true });
      run = runImport(out, '--write');
    });

    it('marks every set and card with its language, and a Japanese one with its Japanese name and TCGplayer group', () => {
      expect(run.status, run.output).toBe(0);
      const sets = new Map(JSON.parse(readFileSync(join(out, 'sets.json'), 'utf8')).map((set: { id: string }) => [set.id, set]));
      expect(sets.get('base1')).toMatchObject({ language: 'en' });
      expect(sets.get('base1')).not.toHaveProperty('nameJa');
      expect(sets.get('jp-sv8a')).toEqual({
        id: 'jp-sv8a',
        name: 'Terastal Fest ex',
        language: 'ja',
        nameJa: 'テラスタルフェスex',
        tcgplayerGroupId: 23909,
        series: 'Scarlet & Violet',
        printedTotal: 187,
        total: 237,
        releaseDate: '2024-12-06',
      });
      // The source gives Shiny Treasure ex no Japanese name of its own (japanese/SOURCE.md, "Caveats"): null, not absent.
      expect(sets.get('jp-sv4a')).toMatchObject({ language: 'ja', nameJa: null, tcgplayerGroupId: 23601 });
      const cards = writtenCards(out);
      expect(cards.get('base1-4')).toMatchObject({ language: 'en' });
      expect(cards.get('base1-4')).not.toHaveProperty('nameJa');
      expect(cards.get('jp-sv8a-217')).toMatchObject({
        set: 'jp-sv8a',
        name: 'Umbreon ex',
        language: 'ja',
        nameJa: 'ブラッキーex',
        number: '217',
        tcgdexId: 'SV8a-217',
        prices: [expect.objectContaining({ market: 310.67, productId: 602681, groupId: 23909, primary: true })],
        history: [expect.objectContaining({ productId: 602681, start: '2025-09-21', end: '2025-10-20' })],
      });
      // A card with no English name keeps its Japanese one as its name.
      expect(cards.get('jp-sv8a-190')).toMatchObject({ name: 'コルサ', nameJa: 'コルサ', language: 'ja' });
      expect(cards.get('jp-sv6a-091')).toMatchObject({ name: 'Cassiopeia', nameJa: 'カシオペア', language: 'ja' });
      // The Master Ball pattern is a printing of its own, never the card's value.
      const umbreon = cards.get('jp-sv8a-092') as { prices: { printing: string | null; primary: boolean }[] };
      expect(umbreon.prices.find((p) => p.printing === 'masterball')).toMatchObject({ primary: false });
    });
  });

  it('the newer sets arrive in the change record: each card they bring is listed as added', () => {
    const out = scratchDir('import-newer-changes');
    const data = scratchDir('import-newer-data');
    for (const dir of [out, data]) rmSync(dir, { recursive: true, force: true });
    cpSync(RAW, data, { recursive: true });
    // Before they arrive: the newer-sets folder holds only its copy of a set the catalogue has.
    const newer = join(data, 'newer-sets');
    const full = new Map(
      ['pokemon-tcg/cards.jsonl', 'prices/cards.jsonl', 'prices/history.jsonl', 'pokemon-tcg/sets.json'].map((f) => [f, readFileSync(join(newer, f), 'utf8')]),
    );
    for (const f of ['pokemon-tcg/cards.jsonl', 'prices/cards.jsonl', 'prices/history.jsonl']) writeFileSync(join(newer, f), '');
    writeFileSync(join(newer, 'pokemon-tcg/sets.json'), JSON.stringify(JSON.parse(full.get('pokemon-tcg/sets.json')!).slice(0, 1)));
    expect(runImportOf(data, out, '--write').status).toBe(0);
    for (const [f, text] of full) writeFileSync(join(newer, f), text);
    const arrival = runImportOf(data, out, '--write');
    expect(arrival.status, arrival.output).toBe(0);
    expect(arrival.output).toMatch(/cards: 6 added, 0 removed/);
    const [file] = readdirSync(join(out, 'changes'));
    const record = JSON.parse(readFileSync(join(out, 'changes', file), 'utf8'));
    expect(record.cards.added.map((c: { id: string }) => c.id).sort()).toEqual(
      lines('newer-sets/pokemon-tcg/cards.jsonl')
        .map((c) => c.id)
        .sort(),
    );
    expect(record.cards.added.find((c: { id: string }) => c.id === 'me5-120')).toMatchObject({ valueUsd: null });
    rmSync(out, { recursive: true, force: true });
  });

  /** Rewrites one data file of a fresh copy of the raw data (with no change: removes it), runs the import on it, and returns what it said. */
  function importBroken(file: string, change: ((text: string) => string) | null) {
    const out = scratchDir('import-bad');
    const data = scratchDir('import-bad-data');
    for (const dir of [out, data]) rmSync(dir, { recursive: true, force: true });
    cpSync(RAW, data, { recursive: true });
    if (change) writeFileSync(join(data, file), change(readFileSync(join(data, file), 'utf8')));
    else rmSync(join(data, file));
    const run = runImportOf(data, out, '--write');
    return { ...run, wrote: existsSync(out) };
  }

  it.each([
    [
      'a rarity outside the vocabulary',
      'newer-sets/pokemon-tcg/cards.jsonl',
      (t: string) => t.replace('"rarity":"Special Illustration Rare"', '"rarity":"Special Ilustration Rare"'),
      /newer-sets\/pokemon-tcg\/cards\.jsonl:2: sv8pt5-161\.rarity: Invalid option/,
    ],
    [
      'a set both folders hold, written differently',
      'newer-sets/pokemon-tcg/sets.json',
      (t: string) => t.replace('"total": 207', '"total": 208'),
      /newer-sets\/pokemon-tcg\/sets\.json: \[0\] \(sv3pt5\) total: differs from the same set in pokemon-tcg\/sets\.json/,
    ],
    [
      'a card id both folders hold',
      'newer-sets/pokemon-tcg/cards.jsonl',
      (t: string) => `${t}${readFileSync(join(RAW, 'pokemon-tcg', 'cards.jsonl'), 'utf8').split('\n')[2]}\n`,
      /newer-sets\/pokemon-tcg\/cards\.jsonl:7: id base1-4 is also in pokemon-tcg\/cards\.jsonl/,
    ],
    [
      'a price line of a card nobody has',
      'newer-sets/prices/cards.jsonl',
      (t: string) => t.replace('"cardId":"zsv10pt5-172"', '"cardId":"zsv10pt5-999"'),
      /newer-sets\/prices\/cards\.jsonl:\d+: cardId zsv10pt5-999 is not in the card catalogue/,
    ],
    [
      'a market price that is not a number',
      'newer-sets/prices/cards.jsonl',
      (t: string) => t.replace('"market":1010.73', '"market":"1010.73"'),
      /newer-sets\/prices\/cards\.jsonl:\d+: sv8pt5-161\.prices\[0\]\.market: Invalid input: expected number, received string/,
    ],
    [
      'a card with no image in a series the image rule does not cover',
      'newer-sets/pokemon-tcg/sets.json',
      (t: string) => t.replace('"name": "Pitch Black",\n    "series": "Mega Evolution"', '"name": "Pitch Black",\n    "series": "Another Era"'),
      /newer-sets\/pokemon-tcg\/cards\.jsonl:6: images: me5-120 has no image, and the series "Another Era" has no TCGdex serie/,
    ],
    [
      'a line that is not JSON',
      'newer-sets/prices/history.jsonl',
      (t: string) => t.replace('\n', '\n{"cardId":\n'),
      /newer-sets\/prices\/history\.jsonl:2: not JSON/,
    ],
    ['a file of the folder missing', 'newer-sets/prices/history.jsonl', null, /newer-sets\/prices\/history\.jsonl: missing from/],
    [
      'a Japanese card that says it is English',
      'japanese/pokemon-tcg/cards.jsonl',
      (t: string) => t.replace('"nameEn":"Umbreon ex","language":"ja"', '"nameEn":"Umbreon ex","language":"en"'),
      /japanese\/pokemon-tcg\/cards\.jsonl:\d+: jp-sv8a-217\.language: "en", but the folder's cards are "ja"/,
    ],
    [
      'a Japanese card without its Japanese name',
      'japanese/pokemon-tcg/cards.jsonl',
      (t: string) => t.replace('"nameJa":"ブラッキーex",', ''),
      /japanese\/pokemon-tcg\/cards\.jsonl:\d+: jp-sv8a-217\.nameJa: undefined, not a Japanese name/,
    ],
    [
      'a Japanese card whose name is neither its English nor its Japanese name',
      'japanese/pokemon-tcg/cards.jsonl',
      (t: string) => t.replace('"name":"Umbreon ex"', '"name":"Umbreon"'),
      /japanese\/pokemon-tcg\/cards\.jsonl:\d+: jp-sv8a-217\.name: "Umbreon" is neither its nameEn nor, without one, its nameJa/,
    ],
    [
      'a Japanese set without its TCGplayer group',
      'japanese/pokemon-tcg/sets.json',
      (t: string) => t.replace(',\n  "tcgplayerGroupId": 23909', ''),
      /japanese\/pokemon-tcg\/sets\.json: \[\d\] \(jp-sv8a\) tcgplayerGroupId: missing: a Japanese set names its TCGplayer group, or null/,
    ],
    [
      'a Japanese set id without its prefix',
      'japanese/pokemon-tcg/sets.json',
      (t: string) => t.replace('"id": "jp-sv6a"', '"id": "sv6a"'),
      /japanese\/pokemon-tcg\/sets\.json: \[\d\] \(sv6a\) language: "ja" for an id not beginning with "jp-": must be "en"/,
    ],
  ])('bad input fails naming file and field, and writes nothing: %s', (_what, file, change, message) => {
    const run = importBroken(file, change);
    expect(run.status, run.output).toBe(1);
    expect(run.output).toMatch(message);
    expect(run.wrote, 'nothing written').toBe(false);
  });
});
