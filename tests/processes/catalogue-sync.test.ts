import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardEntry } from '../../src/schemas/card.ts';
import { servedImageUrl } from '../../src/schemas/image-host.ts';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';
import { contentCopy } from '../support/tcgcsv-days.ts';

/**
 * `npm run catalogue:sync` on saved replies (tests/fixtures/catalogue-sync/new-set: a made-up set, Fixture Tides,
 * in TCGdex's and tcgcsv's shapes) into copies of the fixture content: what it adds, that it only adds (a second
 * run, an editor's change, a set the reply lacks), and that a malformed reply fails naming its file and field
 * with nothing written.
 */
const NEW_SET = join(ROOT, 'tests', 'fixtures', 'catalogue-sync', 'new-set');
const content = scratchDir('catalogue-sync-content');
const replies = scratchDir('catalogue-sync-replies');

afterAll(() => {
  for (const dir of [content, replies]) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  contentCopy(FIXTURE_CONTENT, content);
  rmSync(replies, { recursive: true, force: true });
  cpSync(NEW_SET, replies, { recursive: true });
});

function sync(...flags: string[]) {
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts', 'catalogue-sync.ts'), '--content', content, '--tcgdex', join(replies, 'tcgdex'), '--tcgcsv', join(replies, 'tcgcsv'), ...flags],
    { encoding: 'utf8' },
  );
  return { status: result.status, output: result.stdout + result.stderr };
}
const write = (...flags: string[]) => sync('--date', '2025-10-21', '--write', ...flags);

const filesOf = (dir: string) =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => [join(d.parentPath, d.name).slice(dir.length), readFileSync(join(d.parentPath, d.name), 'utf8')]),
  );
const json = (path: string) => JSON.parse(readFileSync(join(content, path), 'utf8'));
const cards = (): CardEntry[] => json('cards/me8pt5.json');
/** A saved reply changed as `edit` says: a set's (`{ cards }`), the list of sets, or a card's. */
type CardResume = { id: string; localId: string; name: string; image?: string };
const editReply = <T>(file: string, edit: (reply: T) => void) => {
  const path = join(replies, file);
  const reply = JSON.parse(readFileSync(path, 'utf8')) as T;
  edit(reply);
  writeFileSync(path, JSON.stringify(reply));
};

describe('a sync of a new set', () => {
  it('is a dry run by default: it says what it would add and writes nothing', () => {
    const before = filesOf(content);
    const { status, output } = sync('--date', '2025-10-21');
    expect(status).toBe(0);
    expect(output).toMatch(/added set Fixture Tides \(me8pt5\), 6 cards/);
    expect(output).toMatch(/dry run: nothing written/);
    expect(filesOf(content)).toEqual(before);
  });

  it('adds the set, by the stated id rule, after the sets content holds', () => {
    const { status, output } = write();
    expect(status, output).toBe(0);
    const sets = json('sets.json');
    expect(sets.map((s: { id: string }) => s.id)).toEqual(['base1', 'fix1', 'jp-sv2a', 'jp-sv2d', 'jp-sv8a', 'me8pt5']);
    expect(sets[5]).toEqual({
      id: 'me8pt5',
      name: 'Fixture Tides',
      language: 'en',
      series: 'Mega Evolution',
      printedTotal: 5,
      total: 7,
      releaseDate: '2025-10-17',
      ptcgoCode: 'FXT',
    });
  });

  it("gives the set its entry in the aliases, which hold one a set, with no alias yet, the other entries' bytes kept", () => {
    const before = readFileSync(join(content, 'aliases', 'sets.json'), 'utf8');
    write();
    const after = readFileSync(join(content, 'aliases', 'sets.json'), 'utf8');
    expect(after.startsWith(before.trimEnd().slice(0, -1).trimEnd())).toBe(true);
    expect(json('aliases/sets.json').map((entry: { set: string }) => entry.set)).toEqual(['base1', 'fix1', 'jp-sv2a', 'jp-sv2d', 'jp-sv8a', 'me8pt5']);
    expect(json('aliases/sets.json')[5]).toEqual({ set: 'me8pt5', aliases: [] });
  });

  it('adds its cards converted, each printing TCGdex ties to a TCGplayer product an unpriced line, and holds back what it cannot convert', () => {
    const { output } = write();
    expect(output).toMatch(/held back \(1\): card me08\.5-007: rarity "Prism rare" is not in the list of src\/schemas\/rarity\.ts/);
    expect(cards().map((c) => [c.id, c.name, c.supertype, c.subtypes, c.rarity ?? null])).toEqual([
      ['me8pt5-1', 'Sproutle', 'Pokémon', ['Basic'], 'Common'],
      ['me8pt5-2', 'Mega Sproutle ex', 'Pokémon', ['Basic', 'MEGA', 'ex'], 'Double Rare'],
      ['me8pt5-3', "Tidecaller's Whistle", 'Trainer', ['Item'], 'Uncommon'],
      ['me8pt5-4', 'Coral Coach', 'Trainer', ['Supporter'], 'Ultra Rare'],
      ['me8pt5-5', 'Basic Water Energy', 'Energy', ['Basic'], null],
      ['me8pt5-6', 'Mega Sproutle ex', 'Pokémon', ['Basic', 'MEGA', 'ex'], 'Special Illustration Rare'],
    ]);
    const whistle = cards()[2];
    expect(whistle.prices.map((l) => [l.variant, l.printing, l.primary, l.productId, l.groupId, l.market, l.updatedAt, l.source])).toEqual([
      ['normal', null, true, 991003, 99001, null, '2025-10-21', 'tcgdex'],
      ['reverseHolofoil', null, true, 991003, 99001, null, '2025-10-21', 'tcgdex'],
      ['holofoil', 'pokeball', false, 991004, 99001, null, '2025-10-21', 'tcgdex'],
    ]);
    expect(whistle).toMatchObject({ tcgdexId: 'me08.5-003', cardmarketIds: [881003, 881004], history: [] });
    expect(whistle.images.small).toBe('https://assets.tcgdex.net/en/me/me08.5/003/low.webp');
    // The image host setting moves it as it moves every image (docs/data.md, "Card images").
    expect(servedImageUrl(whistle.images.small, 'https://img.example.com/cards')).toBe(
      'https://img.example.com/cards/assets.tcgdex.net/en/me/me08.5/003/low.webp',
    );
  });

  it("adds the group's sealed products, with the kinds and pack counts of the catalogue import, linked to the set", () => {
    write();
    const { group, products } = json('sealed/99001-me08-5-fixture-tides.json');
    expect(group).toEqual({ id: 99001, name: 'ME08.5: Fixture Tides' });
    expect(products.map((p: Record<string, unknown>) => [p.productId, p.kind, p.set, p.packs, p.packsBasis ?? null, p.price])).toEqual([
      [992001, 'etb', 'me8pt5', null, null, null],
      [992002, 'booster-bundle', 'me8pt5', 6, 'product-format (standard English booster bundle)', null],
      [992003, 'booster-pack', 'me8pt5', 1, 'product-format', null],
      [992004, 'blister', 'me8pt5', 3, 'name', null],
    ]);
  });

  it('records the set, its cards and products in the change record of the day, which npm run check accepts', () => {
    write();
    const record = json('changes/2025-10-21.json');
    expect(record).toMatchObject({ asOf: '2025-10-21', previousAsOf: '2025-10-20', sets: { added: [{ id: 'me8pt5', name: 'Fixture Tides', cards: 6 }] } });
    expect(record.cards.added.map((c: { id: string }) => c.id)).toEqual(['me8pt5-1', 'me8pt5-2', 'me8pt5-3', 'me8pt5-4', 'me8pt5-5', 'me8pt5-6']);
    expect(record.sealed.added.map((p: { id: string }) => p.id)).toEqual(['992001', '992002', '992003', '992004']);
    const check = spawnSync(process.execPath, [join(ROOT, 'scripts', 'check-content.ts'), '--dir', content], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('changes no other file of content, whatever its layout', () => {
    const before = filesOf(content);
    write();
    const after = filesOf(content);
    const changed = [...after.keys()].filter((path) => before.get(path) !== after.get(path)).sort();
    expect(changed).toEqual(['/aliases/sets.json', '/cards/me8pt5.json', '/changes/2025-10-21.json', '/sealed/99001-me08-5-fixture-tides.json', '/sets.json']);
  });
});

describe('a sync only adds', () => {
  it('run twice, the second run changes nothing', () => {
    write();
    const once = filesOf(content);
    const again = sync('--date', '2025-10-22', '--write');
    expect(again.status).toBe(0);
    expect(again.output).toMatch(/nothing to add/);
    expect(filesOf(content)).toEqual(once);
  });

  it("keeps an editor's change to a card, a printing and the set, and reports how TCGdex differs", () => {
    write();
    const edited = cards();
    edited[1].name = 'Mega Sproutle ex (Tide Form)';
    edited[5].rarity = 'Hyper Rare';
    edited[2].prices[2].primary = true;
    writeFileSync(join(content, 'cards', 'me8pt5.json'), JSON.stringify(edited, null, 2));
    const sets = json('sets.json');
    sets[2].name = 'Fixture Tides (English)';
    writeFileSync(join(content, 'sets.json'), JSON.stringify(sets, null, 2));
    const before = filesOf(content);
    const plain = sync('--date', '2025-10-22', '--write');
    expect(plain.output).toMatch(/me8pt5-2 name: content "Mega Sproutle ex \(Tide Form\)", TCGdex "Mega Sproutle ex"/);
    const compared = sync('--date', '2025-10-22', '--write', '--compare');
    expect(compared.status).toBe(0);
    expect(compared.output).toMatch(/me8pt5-6 rarity: content "Hyper Rare", TCGdex "Special Illustration Rare"/);
    expect(filesOf(content)).toEqual(before);
  });

  it('never removes a set or a card the reply no longer lists', () => {
    write();
    const before = filesOf(content);
    editReply<{ cards: CardResume[] }>('tcgdex/sets/me08.5.json', (set) => (set.cards = set.cards.slice(1)));
    expect(sync('--date', '2025-10-22', '--write').status).toBe(0);
    editReply<{ id: string }[]>('tcgdex/sets.json', (list) => list.splice(1, 1));
    expect(sync('--date', '2025-10-22', '--write').status).toBe(0);
    expect(filesOf(content)).toEqual(before);
  });

  it("adds a new card of a set content holds (a promo), and lists TCGdex's printings on a card that has none", () => {
    write();
    const withoutLines = cards();
    withoutLines[3].prices = [];
    writeFileSync(join(content, 'cards', 'me8pt5.json'), JSON.stringify(withoutLines, null, 2));
    editReply<{ cards: CardResume[] }>('tcgdex/sets/me08.5.json', (set) =>
      set.cards.push({ id: 'me08.5-008', localId: '008', name: 'Sproutle', image: 'https://assets.tcgdex.net/en/me/me08.5/008' }),
    );
    editReply<CardResume>('tcgdex/cards/me08.5-001.json', (card) => Object.assign(card, { id: 'me08.5-008', localId: '008', rarity: 'Promo' }));
    cpSync(join(replies, 'tcgdex', 'cards', 'me08.5-001.json'), join(replies, 'tcgdex', 'cards', 'me08.5-008.json'));
    const { status, output } = sync('--date', '2025-10-22', '--write');
    expect(status, output).toBe(0);
    expect(output).toMatch(/added 1 cards to sets content held: me8pt5-8/);
    expect(output).toMatch(/listed 1 printings \(unpriced\) on 1 cards that had none: me8pt5-4/);
    expect(cards().map((c) => c.id)).toEqual(['me8pt5-1', 'me8pt5-2', 'me8pt5-3', 'me8pt5-4', 'me8pt5-5', 'me8pt5-6', 'me8pt5-8']);
    expect(cards()[3].prices.map((l) => l.productId)).toEqual([991005]);
    expect(json('changes/2025-10-22.json')).toMatchObject({ asOf: '2025-10-22', cards: { added: [{ id: 'me8pt5-8' }] } });
    expect(json('changes/2025-10-22.json').sets).toBeUndefined();
  });
});

describe('a malformed reply', () => {
  it.each([
    ['tcgdex/sets.json', (text: string) => text.slice(0, 40), /sets\.json: not JSON/],
    [
      'tcgdex/sets/me08.5.json',
      (text: string) => text.replace('"localId": "003"', '"localId": 3'),
      /sets\/me08\.5\.json: cards\[2\]\.localId: .*expected string/,
    ],
    [
      'tcgdex/cards/me08.5-003.json',
      (text: string) => text.replace('"tcgplayer": 991004', '"tcgplayer": "991004"'),
      /cards\/me08\.5-003\.json: variants_detailed\[2\]\.thirdParty\.tcgplayer: .*expected number/,
    ],
    [
      'tcgdex/cards/me08.5-004.json',
      (text: string) => text.replace('"id": "me08.5-004"', '"id": "me08.5-040"'),
      /cards\/me08\.5-004\.json: id: "me08\.5-040", but .*cards\[3\] is "me08\.5-004"/,
    ],
    [
      'tcgdex/cards/me08.5-002.json',
      (text: string) => text.replace('"image": "https://assets.tcgdex.net/en/me/me08.5/002"', '"image": "https://images.example.com/002"'),
      /cards\/me08\.5-002\.json: image: not an image of https:\/\/assets\.tcgdex\.net$/m,
    ],
    ['tcgcsv/tcgplayer/3/groups', (text: string) => text.replace('"success": true', '"success": false'), /tcgplayer\/3\/groups: success: /],
    [
      'tcgcsv/tcgplayer/3/99001/products',
      (text: string) => text.replace('"productId": 992003', '"productId": "992003"'),
      /tcgplayer\/3\/99001\/products: results\[9\]\.productId/,
    ],
  ])('%s fails naming the file and the field, and nothing is written', (file, spoil, message) => {
    writeFileSync(join(replies, file), spoil(readFileSync(join(replies, file), 'utf8')));
    const before = filesOf(content);
    const { status, output } = write();
    expect(status).toBe(1);
    expect(output).toMatch(message);
    expect(output).toMatch(/nothing was written/);
    expect(filesOf(content)).toEqual(before);
  });

  it('a missing card reply fails naming the file it looked for', () => {
    rmSync(join(replies, 'tcgdex', 'cards', 'me08.5-005.json'));
    const { status, output } = write();
    expect(status).toBe(1);
    expect(output).toMatch(/cards\/me08\.5-005\.json: missing \(the saved reply to GET cards\/me08\.5-005\)/);
  });

  it('a date that is not one is a usage error', () => {
    expect(sync('--date', '2025-13-01').status).toBe(2);
  });
});

describe('a hostile reply is refused: exit 1, the file and field named, nothing written', () => {
  /** Runs the sync with --write and expects it refused by `message`, with content as it was. */
  const refused = (message: RegExp) => {
    const before = filesOf(content);
    const { status, output } = write();
    expect(output).toMatch(message);
    expect(status, output).toBe(1);
    expect(output).toMatch(/nothing was written/);
    expect(filesOf(content)).toEqual(before);
    return output;
  };
  /** The saved replies of Fixture Tides again under another TCGdex set id, at the paths a reader joining that id would open. */
  const plantSet = (tcgdexId: string, serie = 'me') => {
    const tcgdex = join(replies, 'tcgdex');
    editReply<{ id: string; name: string }[]>('tcgdex/sets.json', (list) => list.push({ id: tcgdexId, name: 'Fixture Tides' }));
    const copy = (from: string, to: string) => {
      const path = join(tcgdex, to);
      // Only where it stays in the scratch folder: a path that leaves it is never written, by the test either.
      if (!path.startsWith(replies)) return;
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, readFileSync(join(tcgdex, from), 'utf8').replaceAll('me08.5', tcgdexId).replaceAll('"id": "me"', `"id": "${serie}"`));
    };
    copy('sets/me08.5.json', `sets/${tcgdexId}.json`);
    for (const n of ['001', '002', '003', '004', '005', '006', '007']) copy(`cards/me08.5-${n}.json`, `cards/${tcgdexId}-${n}.json`);
  };

  it('two TCGdex sets that give one id of ours (me08.5 and me8.5: me8pt5) are refused, rather than each adding its cards', () => {
    plantSet('me8.5');
    refused(/tcgdex\/sets\.json: \[3\]\.id: "me8\.5" is our set me8pt5, as \[1\] "me08\.5" is/);
  });

  it('two TCGdex sets that give one id of a set content holds are refused too: its new card would be added twice', () => {
    write();
    editReply<{ cards: CardResume[] }>('tcgdex/sets/me08.5.json', (set) => set.cards.push({ id: 'me08.5-999', localId: '999', name: 'Sproutle' }));
    editReply<CardResume>('tcgdex/cards/me08.5-001.json', (card) => Object.assign(card, { id: 'me08.5-999', localId: '999', rarity: 'Promo' }));
    cpSync(join(replies, 'tcgdex', 'cards', 'me08.5-001.json'), join(replies, 'tcgdex', 'cards', 'me08.5-999.json'));
    plantSet('me8.5');
    const output = refused(/tcgdex\/sets\.json: \[3\]\.id: "me8\.5" is our set me8pt5, as \[1\] "me08\.5" is/);
    expect(output).not.toMatch(/me8pt5-999, me8pt5-999/);
  });

  it.each([['sv99/../../../../../../../../etc/hostname'], ['sv/../../../outside/x'], ['sv99/evil']])(
    'a set id shaped like a path (%s) is refused by its pattern before any file is opened by it',
    (hostile) => {
      plantSet(hostile, 'sv');
      const output = refused(/tcgdex\/sets\.json: \[3\]\.id: not a TCGdex id/);
      expect(output).not.toMatch(/hostname|outside|evil\.json/);
    },
  );

  it.each([
    [
      'a card id shaped like a path',
      'tcgdex/sets/me08.5.json',
      '"id": "me08.5-001"',
      '"id": "me08.5-001/../../../x"',
      /sets\/me08\.5\.json: cards\[0\]\.id: not a TCGdex id/,
    ],
    [
      'an image URL that climbs out of its folder',
      'tcgdex/cards/me08.5-002.json',
      '"image": "https://assets.tcgdex.net/en/me/me08.5/002"',
      '"image": "https://assets.tcgdex.net/en/me/me08.5/../../../x/002"',
      /cards\/me08\.5-002\.json: image: /,
    ],
    [
      'a NUL in a card name',
      'tcgdex/cards/me08.5-001.json',
      '"name": "Sproutle"',
      '"name": "Sprout\\u0000le"',
      /cards\/me08\.5-001\.json: name: holds U\+0000/,
    ],
    [
      'a right-to-left override in a card name',
      'tcgdex/cards/me08.5-001.json',
      '"name": "Sproutle"',
      '"name": "Sprout\u202Ele"',
      /cards\/me08\.5-001\.json: name: holds U\+202E/,
    ],
    [
      'a right-to-left override in a set name',
      'tcgdex/sets/me08.5.json',
      '"name": "Fixture Tides"',
      '"name": "Fixture\u202E Tides"',
      /sets\/me08\.5\.json: name: holds U\+202E/,
    ],
    [
      'a card name of a million characters',
      'tcgdex/cards/me08.5-001.json',
      '"name": "Sproutle"',
      `"name": "${'S'.repeat(1_000_000)}"`,
      /cards\/me08\.5-001\.json: name: 1,000,000 characters, more than 200/,
    ],
    [
      'a card reply larger than a card reply may be (a name of 2 MiB)',
      'tcgdex/cards/me08.5-001.json',
      '"name": "Sproutle"',
      `"name": "${'S'.repeat(2 * 1024 * 1024)}"`,
      /cards\/me08\.5-001\.json: 2,\d{3},\d{3} bytes, more than the 1,048,576 a TCGdex card reply may be/,
    ],
    [
      'a NUL in a sealed product name',
      'tcgcsv/tcgplayer/3/99001/products',
      '"name": "Fixture Tides Elite Trainer Box"',
      '"name": "Fixture Tides\\u0000 Elite Trainer Box"',
      /tcgplayer\/3\/99001\/products: results\[7\]\.name: holds U\+0000/,
    ],
  ])('%s', (_, file, from, to, message) => {
    const text = readFileSync(join(replies, file), 'utf8');
    expect(text).toContain(from);
    writeFileSync(join(replies, file), text.replace(from, to));
    refused(message);
  });
});

describe("a synced card's reverse holo is priced the next day", () => {
  it('when TCGdex names its finish by a foil ("Reverse Holo") on the product of the normal printing', () => {
    editReply<{ variants_detailed: Record<string, unknown>[] }>('tcgdex/cards/me08.5-001.json', (card) => {
      card.variants_detailed[1].foil = 'Reverse Holo';
    });
    expect(write().status).toBe(0);
    const day = spawnSync(process.execPath, [join(ROOT, 'scripts', 'import-catalogue.ts'), '--tcgcsv', join(NEW_SET, 'prices'), '--out', content, '--write'], {
      encoding: 'utf8',
    });
    expect(day.status, day.stdout + day.stderr).toBe(0);
    expect(day.stdout).toMatch(/0 printings not listed/);
    expect(cards()[0].prices.map((l) => [l.variant, l.printing, l.productId, l.market])).toEqual([
      ['normal', null, 991001, 0.06],
      ['reverseHolofoil', null, 991001, 0.12],
    ]);
  });
});
