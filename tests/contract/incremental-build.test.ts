import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundUsd } from '../../src/catalogue/money.ts';
import { type BuildResult, buildSite, FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';

/**
 * Incremental rebuilds (src/pipeline/build-state.ts): after an editor's change, a
 * build over the previous output must leave exactly what a clean build of the
 * changed content makes, byte for byte and file for file, while files whose
 * record did not change are neither made nor written again (their mtimes stay).
 * The edits pile up, one rebuild each, as an editor's commits would.
 */
const content = join(scratchDir('incremental-content'), 'content');

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();

/** Every file of two builds' output is there in both with the same bytes. */
function expectSameOutput(incremental: string, clean: string): void {
  const files = filesOf(incremental);
  expect(files).toEqual(filesOf(clean));
  const differing = files.filter((f) => !readFileSync(join(incremental, f)).equals(readFileSync(join(clean, f))));
  expect(differing, 'files whose bytes differ from the clean build').toEqual([]);
}

type Card = Record<string, unknown> & { id: string; number: string; name: string; prices: { primary: boolean; market: number; updatedAt: string }[] };
const editJson = (path: string, edit: (cards: Card[]) => void) => {
  const file = join(content, path);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  edit(data);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
};

/** The slug of fix1's first card, as its file names show it. */
const fix1Slug = () =>
  readdirSync(join(incremental.dist, 'client', 'api', 'cards'))
    .find((f) => f.endsWith(`-${JSON.parse(readFileSync(join(content, 'cards', 'fix1.json'), 'utf8'))[0].id}.json`))!
    .replace(/\.json$/, '');
const mtimeOf = (dist: string, path: string) => statSync(join(dist, 'client', path)).mtimeMs;
const keptRecords = (build: BuildResult) => /\((\d+) of (\d+) records unchanged/.exec(build.output)!.slice(1).map(Number);
/** The whole-catalogue outputs (search data, open-data files, movers …) kept, and all of them. */
const keptOutputs = (build: BuildResult) => /(\d+) of (\d+) whole-catalogue outputs kept/.exec(build.output)!.slice(1).map(Number);

let incremental: BuildResult;

beforeAll(() => {
  rmSync(scratchDir('incremental-content'), { recursive: true, force: true });
  cpSync(FIXTURE_CONTENT, content, { recursive: true });
  incremental = buildSite('incremental', content);
  expect(incremental.status, incremental.output).toBe(0);
}, 120_000);

afterAll(() => {
  for (const name of ['incremental-content', 'incremental', 'incremental-snapshot', 'incremental-code', 'incremental-code-snapshot', 'incremental-project']) {
    rmSync(scratchDir(name), { recursive: true, force: true });
  }
});

/**
 * Rebuilds over the previous output, keeps a copy of what it made, then builds the same content clean into
 * the same folders (so that the folder names the bundles hold are the same) and compares the two. The next
 * rebuild goes on from that clean build's output and state.
 */
function rebuildAndCompare({
  name = 'incremental',
  root = ROOT,
  check = () => {},
}: {
  name?: string;
  root?: string;
  check?: (rebuilt: BuildResult) => void;
} = {}): BuildResult {
  const rebuilt = buildSite(name, content, { clean: false, root });
  expect(rebuilt.status, rebuilt.output).toBe(0);
  check(rebuilt);
  const snapshot = join(scratchDir(`${name}-snapshot`), 'dist');
  rmSync(snapshot, { recursive: true, force: true });
  cpSync(rebuilt.dist, snapshot, { recursive: true });
  const clean = buildSite(name, content, { root });
  expect(clean.status, clean.output).toBe(0);
  expectSameOutput(snapshot, clean.dist);
  return rebuilt;
}

describe('an incremental build equals a clean build of the same content', () => {
  it('after a price edit: only that card is made again; the other cards’ files keep their mtimes', () => {
    const untouched = 'cards/machamp-base1-8.html';
    const before = mtimeOf(incremental.dist, untouched);
    const editedBefore = mtimeOf(incremental.dist, 'cards/charizard-base1-4.html');
    editJson('cards/base1.json', (cards) => {
      const charizard = cards.find((c) => c.id === 'base1-4')!;
      for (const line of charizard.prices) if (line.primary) line.market = roundUsd(line.market * 1.5);
    });
    rebuildAndCompare({
      check: (rebuilt) => {
        const [kept, total] = keptRecords(rebuilt);
        // The card, its set (its value and top cards), the set list, and the article that names it change.
        expect(total - kept).toBeGreaterThan(0);
        expect(total - kept).toBeLessThanOrEqual(5);
        expect(mtimeOf(rebuilt.dist, untouched)).toBe(before);
        expect(mtimeOf(rebuilt.dist, 'cards/charizard-base1-4.html')).not.toBe(editedBefore);
      },
    });
  }, 180_000);

  it('after a card is added', () => {
    editJson('cards/fix1.json', (cards) => {
      cards.push({ ...structuredClone(cards[0]), id: 'fix1-200', number: '200', name: 'Addedmon' });
    });
    const rebuilt = rebuildAndCompare();
    expect(readdirSync(join(rebuilt.dist, 'client', 'cards'))).toContain('addedmon-fix1-200.html');
  }, 180_000);

  it('after a card is removed: its files are gone from the output and the manifest', () => {
    editJson('cards/base1.json', (cards) => {
      cards.splice(
        cards.findIndex((c) => c.id === 'base1-92'),
        1,
      );
    });
    const rebuilt = rebuildAndCompare();
    const files = filesOf(join(rebuilt.dist, 'client'));
    expect(files.filter((f) => f.includes('energy-removal-base1-92'))).toEqual([]);
    expect(readFileSync(join(rebuilt.dist, 'server', 'manifest.json'), 'utf8')).not.toContain('energy-removal-base1-92');
  }, 180_000);

  it('after an article is edited', () => {
    const file = join(content, 'knowledge', 'sealed-per-pack.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('left empty."', 'left empty. Edited."'));
    const rebuilt = rebuildAndCompare();
    expect(readFileSync(join(rebuilt.dist, 'client', 'knowledge', 'sealed-per-pack.md'), 'utf8')).toContain('Edited.');
  }, 180_000);

  it('after a sealed product’s price is edited: its page shows the new price', () => {
    const file = join(content, 'sealed', '2848-swsh07-evolving-skies.json');
    const sealed = JSON.parse(readFileSync(file, 'utf8'));
    sealed.products[0].price.market = 2777.77;
    writeFileSync(file, `${JSON.stringify(sealed, null, 2)}\n`);
    const rebuilt = rebuildAndCompare({ check: (build) => expect(keptRecords(build)[0]).toBeLessThan(keptRecords(build)[1]) });
    expect(readFileSync(join(rebuilt.dist, 'client', 'api', 'sealed', 'evolving-skies-booster-box-242436.json'), 'utf8')).toContain('2777.77');
  }, 180_000);

  it('after a search alias is added: the search data is made again, every record kept', () => {
    const file = join(content, 'aliases', 'nicknames.json');
    const aliases = JSON.parse(readFileSync(file, 'utf8'));
    aliases.push({ nickname: 'flame lizard', cards: ['base1-4'] });
    writeFileSync(file, `${JSON.stringify(aliases, null, 2)}\n`);
    const rebuilt = rebuildAndCompare({
      check: (build) => {
        const [kept, total] = keptRecords(build);
        expect(kept).toBe(total);
        const [keptOut, outputs] = keptOutputs(build);
        expect(keptOut).toBeLessThan(outputs);
      },
    });
    expect(readFileSync(join(rebuilt.dist, 'server', 'search', 'cards.pack')).includes('flame lizard')).toBe(true);
  }, 180_000);

  it('after a change record is edited: the change feed and the cards it names show the edit', () => {
    // Charizard's repricing taken out of the 2025-10-20 import: its record no longer lists that import as repricing it.
    const file = join(content, 'changes', '2025-10-20.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    record.cards.repriced = record.cards.repriced.filter((item: { id: string }) => item.id !== 'base1-4');
    writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    const rebuilt = rebuildAndCompare();
    const charizard = JSON.parse(readFileSync(join(rebuilt.dist, 'client', 'api', 'cards', 'charizard-base1-4.json'), 'utf8'));
    expect(charizard.changes.find((change: { asOf: string }) => change.asOf === '2025-10-20')?.what ?? []).not.toContain('repriced');
  }, 180_000);

  it('after a set is renamed: every card of the set shows the new name, the other set’s cards are kept', () => {
    // What the build derives from a card file is cached under a key that includes the sets (src/pipeline/card-file-cache.ts).
    const sets = join(content, 'sets.json');
    writeFileSync(sets, readFileSync(sets, 'utf8').replace('"name": "Fixture Flashfire"', '"name": "Fixture Flashfire Revised"'));
    const untouched = 'cards/machamp-base1-8.html';
    const before = mtimeOf(incremental.dist, untouched);
    const rebuilt = rebuildAndCompare({ check: (build) => expect(mtimeOf(build.dist, untouched)).toBe(before) });
    expect(readFileSync(join(rebuilt.dist, 'client', 'api', 'cards', `${fix1Slug()}.json`), 'utf8')).toContain('Fixture Flashfire Revised');
  }, 180_000);

  it('after a newer price moves the catalogue’s as-of date: every card’s price status is made again', () => {
    editJson('cards/fix1.json', (cards) => {
      cards[0].prices.find((p) => p.primary)!.updatedAt = '2025-12-01';
    });
    const rebuilt = rebuildAndCompare();
    expect(JSON.parse(readFileSync(join(rebuilt.dist, 'client', 'api', 'content.json'), 'utf8')).pricesAsOf).toBe('2025-12-01');
  }, 180_000);

  it('after the card file cache was cut short (a build killed while writing it)', () => {
    const cacheDir = join(scratchDir('incremental'), 'cache', 'card-files');
    const cached = readdirSync(cacheDir);
    expect(cached.length).toBeGreaterThan(0);
    for (const name of cached) writeFileSync(join(cacheDir, name), readFileSync(join(cacheDir, name), 'utf8').slice(0, 40));
    editJson('cards/base1.json', (cards) => {
      for (const line of cards[0].prices) if (line.primary) line.market = roundUsd(line.market * 1.1);
    });
    rebuildAndCompare();
  }, 180_000);

  it('after nothing changed: every record and every whole-catalogue output is kept and no file is written again', () => {
    const mtimes = new Map(filesOf(join(incremental.dist, 'client')).map((f) => [f, mtimeOf(incremental.dist, f)]));
    const packs = join('server', 'search', 'cards.pack');
    const packTime = statSync(join(incremental.dist, packs)).mtimeMs;
    // Twice: the second keeps the search data the first kept (the server folder's files are not in the manifest).
    for (const round of [1, 2]) {
      const rebuilt = buildSite('incremental', content, { clean: false });
      expect(rebuilt.status, rebuilt.output).toBe(0);
      const [kept, total] = keptRecords(rebuilt);
      expect(kept, `round ${round}`).toBe(total);
      const [keptOut, outputs] = keptOutputs(rebuilt);
      expect(outputs).toBeGreaterThan(0);
      expect(keptOut, `round ${round}`).toBe(outputs);
      const rewritten = [...mtimes].filter(([f, mtime]) => mtimeOf(rebuilt.dist, f) !== mtime).map(([f]) => f);
      expect(rewritten).toEqual([]);
      expect(statSync(join(rebuilt.dist, packs)).mtimeMs).toBe(packTime);
    }
    // What was kept is what a clean build makes, server folder included.
    rebuildAndCompare();
  }, 240_000);
});

describe('a rebuild over a deleted output folder', () => {
  it('makes every file again, Astro’s own ones too, though its cache was kept', () => {
    rmSync(incremental.dist, { recursive: true, force: true });
    rebuildAndCompare({ check: (build) => expect(keptRecords(build)[0]).toBe(0) });
  }, 180_000);
});

describe('a rebuild checks what it does not read again', () => {
  it('a price that is not a number fails a rebuild, naming the file and the field; the last output stays', () => {
    const file = join(content, 'cards', 'base1.json');
    const original = readFileSync(file, 'utf8');
    const manifest = readFileSync(join(incremental.dist, 'server', 'manifest.json'));
    editJson('cards/base1.json', (cards) => {
      (cards[0].prices[0] as Record<string, unknown>).market = 'cheap';
    });
    try {
      const failed = buildSite('incremental', content, { clean: false });
      expect(failed.status).not.toBe(0);
      expect(failed.output).toMatch(/cards\/base1\.json: record 0 \(base1-\d+\): field "prices\.0\.market"/);
      expect(readFileSync(join(incremental.dist, 'server', 'manifest.json')).equals(manifest)).toBe(true);
    } finally {
      writeFileSync(file, original);
    }
    // Fixed, the next rebuild equals a clean build again.
    rebuildAndCompare();
  }, 180_000);

  it('an edit that takes an id an unchanged file holds fails the build, naming both files', () => {
    // fix1.json is unchanged since the last build, so the loader does not parse it again; its ids still count.
    const file = join(content, 'cards', 'base1.json');
    const original = readFileSync(file, 'utf8');
    const taken = JSON.parse(readFileSync(join(content, 'cards', 'fix1.json'), 'utf8'))[0].id;
    editJson('cards/base1.json', (cards) => {
      cards.push({ ...structuredClone(cards[0]), id: taken });
    });
    try {
      const failed = buildSite('incremental', content, { clean: false });
      expect(failed.status).not.toBe(0);
      expect(failed.output).toContain(`fix1.json: record 0: id "${taken}" is also used in`);
    } finally {
      writeFileSync(file, original);
    }
  }, 180_000);
});

describe('a change to the code that renders', () => {
  /** A copy of the project's sources (node_modules linked), so that a renderer can change without touching the checkout. */
  const project = join(scratchDir('incremental-project'), 'project');

  beforeAll(() => {
    rmSync(scratchDir('incremental-project'), { recursive: true, force: true });
    mkdirSync(project, { recursive: true });
    for (const entry of ['src', 'scripts', 'public', 'schemas', 'config', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']) {
      cpSync(join(ROOT, entry), join(project, entry), { recursive: true });
    }
    symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
  });

  it('makes every record again and still equals a clean build made with the new code', () => {
    const first = buildSite('incremental-code', content, { root: project });
    expect(first.status, first.output).toBe(0);
    const page = join(project, 'src', 'render', 'pages', 'card-page.ts');
    writeFileSync(page, readFileSync(page, 'utf8').replace('<h2>Legalities</h2>', '<h2>Legal in</h2>'));
    const rebuilt = rebuildAndCompare({
      name: 'incremental-code',
      root: project,
      check: (build) => expect(keptRecords(build)[0]).toBe(0),
    });
    expect(readFileSync(join(rebuilt.dist, 'client', 'cards', 'charizard-base1-4.html'), 'utf8')).toContain('<h2>Legal in</h2>');
  }, 240_000);

  it('a stricter card schema fails the rebuild on card files it validated before, naming the file and the field', () => {
    // The card files are unchanged since the last build: Astro's store of them is kept, but they were validated by other code.
    const schema = join(project, 'src', 'schemas', 'card.ts');
    const stricter = readFileSync(schema, 'utf8').replace('number: text().min(1),', 'number: text().min(1).max(1),');
    expect(stricter).toContain('.max(1)');
    writeFileSync(schema, stricter);
    const failed = buildSite('incremental-code', content, { clean: false, root: project });
    expect(failed.status).not.toBe(0);
    expect(failed.output).toMatch(/cards\/\w+\.json: record \d+ \([\w-]+\): field "number"/);
  }, 240_000);
});
