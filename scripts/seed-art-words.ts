/**
 * Proposes cards for content/aliases/arts.json, the art words of search (alt art, full art, gold star), from
 * what the catalogue says of them. Which card is an alternate art is printed nowhere in the data, so the file is
 * the editors' list and this script only seeds it, for instance after the import brings a new set:
 *   - Alternate Art: in the Sun & Moon and Sword & Shield series, where a set prints one Pokémon twice at the
 *     same ultra or rainbow rarity (a full art and an alternate art, numbered in that order), every print after
 *     the first; and the Special Illustration Rares (Scarlet & Violet, Mega Evolution), which collectors call alt arts.
 *   - Full Art: the rarities printed edge to edge (ultra, rainbow, hyper, special illustration, shiny ultra, and
 *     the Black White and Mega Hyper Rares of 2025), and the secret rares from Black & White on (older secret
 *     rares are regular frames).
 *   - Gold Star: the ★ cards.
 * It only adds: a card an editor took out of an art in a set stays out unless that set is named with --sets.
 *
 * Usage:  node scripts/seed-art-words.ts [--sets swsh7,sv3] [--write]
 *         prints per art the cards it would add (by default for sets the file has no card of yet)
 *         --sets   these sets, whether the file has cards of them or not
 *         --write  adds them to content/aliases/arts.json
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readContentFiles } from '../src/loaders/content-files.ts';
import { artAliasesSchema } from '../src/schemas/aliases.ts';
import type { CardEntry } from '../src/schemas/card.ts';
import type { SetEntry } from '../src/schemas/set.ts';

const { values: args } = parseArgs({ options: { sets: { type: 'string' }, write: { type: 'boolean', default: false } } });
const CONTENT = join(import.meta.dirname, '../content');
const FILE = join(CONTENT, 'aliases/arts.json');

type Art = { art: string; aliases: string[]; cards: string[] };

/** What a new arts.json starts with: the arts, and the words collectors name them by. */
const ARTS: Omit<Art, 'cards'>[] = [
  { art: 'Alternate Art', aliases: ['alt art', 'alternate art', 'alt arts'] },
  { art: 'Full Art', aliases: ['full art', 'full arts'] },
  { art: 'Gold Star', aliases: ['gold star', 'goldstar'] },
];

const PAIRED_RARITIES = new Set(['Rare Ultra', 'Rare Rainbow']);
const FULL_ART_RARITIES = new Set([
  'Rare Ultra',
  'Ultra Rare',
  'Rare Rainbow',
  'Hyper Rare',
  'Special Illustration Rare',
  'Shiny Ultra Rare',
  'Black White Rare',
  'Mega Hyper Rare',
]);

const sets = new Map((JSON.parse(readFileSync(join(CONTENT, 'sets.json'), 'utf8')) as SetEntry[]).map((s) => [s.id, s]));
const yearOf = (card: CardEntry) => Number(sets.get(card.set)?.releaseDate.slice(0, 4));
const seriesOf = (card: CardEntry) => sets.get(card.set)?.series ?? '';
const numberOf = (card: CardEntry) => Number.parseInt(card.number, 10);

/** The alternate arts of one set: the later prints of a name at one paired rarity, and the SIRs. */
function alternateArts(cards: CardEntry[]): string[] {
  const found = cards.filter((c) => c.rarity === 'Special Illustration Rare').map((c) => c.id);
  const groups = new Map<string, CardEntry[]>();
  for (const card of cards) {
    // A number with a letter (sm10-195a) is another release of a numbered card, not another art.
    if (!card.rarity || !PAIRED_RARITIES.has(card.rarity) || !/^\d+$/.test(card.number) || !['Sun & Moon', 'Sword & Shield'].includes(seriesOf(card))) continue;
    const key = `${card.name}|${card.rarity}`;
    groups.set(key, [...(groups.get(key) ?? []), card]);
  }
  for (const group of groups.values())
    found.push(
      ...group
        .sort((a, b) => numberOf(a) - numberOf(b))
        .slice(1)
        .map((c) => c.id),
    );
  return found;
}

const rules: Record<string, (cards: CardEntry[]) => string[]> = {
  'Alternate Art': alternateArts,
  'Full Art': (cards) =>
    cards.filter((c) => c.rarity && (FULL_ART_RARITIES.has(c.rarity) || (c.rarity === 'Rare Secret' && yearOf(c) >= 2011))).map((c) => c.id),
  'Gold Star': (cards) => cards.filter((c) => c.name.includes('★')).map((c) => c.id),
};

const arts: Art[] = existsSync(FILE) ? artAliasesSchema.parse(JSON.parse(readFileSync(FILE, 'utf8'))) : ARTS.map((a) => ({ ...a, cards: [] }));
const bySet = new Map<string, CardEntry[]>();
for (const card of readContentFiles(join(import.meta.dirname, '..', 'content')).cards) bySet.set(card.set, [...(bySet.get(card.set) ?? []), card]);
const setOf = (id: string) => id.slice(0, id.lastIndexOf('-'));

for (const art of arts) {
  const rule = rules[art.art];
  if (!rule) continue;
  const known = new Set(art.cards);
  const named = args.sets ? args.sets.split(',') : [...bySet.keys()].filter((set) => !art.cards.some((id) => setOf(id) === set));
  const proposed = named.flatMap((set) => rule(bySet.get(set) ?? [])).filter((id) => !known.has(id));
  console.log(`${art.art}: ${proposed.length} to add${proposed.length ? `: ${proposed.join(', ')}` : ''}`);
  art.cards.push(...proposed);
}

/** Cards in release order (set, then number), one line per set, so that a set's change is its own line in a diff. */
function serialise(list: Art[]): string {
  const order = new Map([...sets.keys()].flatMap((set) => bySet.get(set) ?? []).map((c, i) => [c.id, i]));
  const entries = list.map((art) => {
    const lines = new Map<string, string[]>();
    for (const id of [...art.cards].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))) lines.set(setOf(id), [...(lines.get(setOf(id)) ?? []), id]);
    const cards = [...lines.values()].map((ids) => `      ${ids.map((id) => JSON.stringify(id)).join(', ')}`).join(',\n');
    return `  {\n    "art": ${JSON.stringify(art.art)},\n    "aliases": [${art.aliases.map((a) => JSON.stringify(a)).join(', ')}],\n    "cards": ${cards ? `[\n${cards}\n    ]` : '[]'}\n  }`;
  });
  return `[\n${entries.join(',\n')}\n]\n`;
}

if (args.write) {
  writeFileSync(FILE, serialise(arts));
  console.log(`wrote ${FILE}`);
}
