/**
 * A synthetic catalogue of any size, in the shape of content/, for benchmarking
 * the build at scale (npm run bench:build -- --cards N) and for tests.
 *
 * Deterministic: the same options (and the same committed content/, which the
 * pools below are read from) give byte-identical files. Randomness comes from a
 * seeded PRNG, one stream per set, so a set's cards do not depend on how many
 * sets come before it; dates are fixed constants, never the clock.
 *
 * Realistic where the build's cost depends on it, taken from the real catalogue
 * rather than invented: card names with their rarity (pairs drawn from real
 * cards, so a Charizard VMAX is never a Common), each name's supertype, subtypes,
 * types, HP and Pokédex numbers, artists, the price lines' variant patterns per
 * rarity, and values drawn from the real values of that rarity (so most cards
 * are cheap and a few are worth thousands). The rest follows the real proportions:
 * 30 days of daily history per primary line with some null days, ~7% of sets
 * priced only by the id-keyed export (no history), ~0.7% unpriced cards, graded
 * figures for ~1.4%, secret rares numbered past the printed total, one promo set
 * per series, sealed products for most modern sets and some older ones (~7 per
 * 100 cards; the real catalogue has ~9), every article of content/knowledge
 * with its mentions pointed at synthetic items, aliases that pass the build's
 * checks, and one change record (an import that added the newest set and
 * repriced the rest, computed by the import's own code).
 *
 * What the build would refuse fails here first, naming the problem: the aliases
 * (the build's own aliasProblems) and duplicate card slugs (sealed slugs end in
 * the product id, unique by construction).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PRIMARY_VARIANT_ORDER, primaryPriceOf } from '../../src/catalogue/card-value.ts';
import { type ContentCatalogue, catalogueChanges } from '../../src/catalogue/catalogue-changes.ts';
import { roundUsd } from '../../src/catalogue/money.ts';
import { cardSlug, slugify } from '../../src/catalogue/slug.ts';
import { sealedProductsOf } from '../../src/loaders/record-files.ts';
import type { CardEntry, CardPrice } from '../../src/schemas/card.ts';
import { dateOfDay, dayOf } from '../../src/schemas/dates.ts';
import { POKEMON_TCG_IMAGE_ORIGIN } from '../../src/schemas/image-host.ts';
import { printingNamesOf } from '../../src/schemas/printing-names.ts';
import type { SealedEntry } from '../../src/schemas/sealed.ts';
import type { SetEntry } from '../../src/schemas/set.ts';
import { type AliasContent, aliasProblems, phraseKey, printingMatches } from '../../src/search/aliases.ts';
import { foldText, queryWords } from '../../src/search/normalize.ts';
import { formatJson } from './format-json.ts';

export interface SyntheticOptions {
  /** How many cards. */
  cards: number;
  /** PRNG seed; another seed gives another catalogue of the same size. */
  seed?: number;
  /** The real content tree the name, rarity, variant and price pools are read from (default: the project's content/). */
  source?: string;
}

export interface SyntheticSummary {
  cards: number;
  sets: number;
  sealed: number;
  articles: number;
  /** Files written, and their total size in bytes. */
  files: number;
  bytes: number;
}

const DEFAULT_SOURCE = join(import.meta.dirname, '..', '..', 'content');

/** The catalogue's as-of date and the windows of history, as in the real import. */
const AS_OF = '2025-10-20';
/** Days of daily history each primary line has, ending on AS_OF, as the real catalogue's had at its import (not the daily job's cap, HISTORY_MAX_DAYS in src/catalogue/price-history.ts). */
const SYNTHETIC_HISTORY_DAYS = 30;
const EXPORT_UPDATED_AT = '2025-10-10';
const GRADED_UPDATED_AT = '2025-02-27';
const SEALED_HISTORY_START = '2024-02-08';
/** The import this catalogue's change record describes came a week after the previous one. */
const PREVIOUS_AS_OF = '2025-10-13';
const FIRST_RELEASE = '1999-01-09';
/** Sets from here on mostly have sealed products on the marketplace (the real groups begin with Sun & Moon). */
const MODERN_SEALED_FROM = '2016-02-01';
const LAST_RELEASE = '2025-10-10';

/** Set sizes (the real main sets run from ~100 to ~250 cards). */
const SET_SIZE = { min: 100, max: 250 };
const SETS_PER_SERIES = { min: 8, max: 18 };
const PROMO_SLOT = 4;

/** Proportions measured on the real catalogue (18,035 cards, 2025-10-20). */
const SHARE = {
  unpricedCard: 0.007,
  exportOnlySet: 0.075,
  nullMarketLine: 0.0025,
  allNullHistory: 0.002,
  someNullHistory: 0.03,
  noArtist: 0.01,
  banned: 0.003,
  ptcgoCode: 0.84,
  setAlias: 0.4,
  /** Modern sets mostly have a TCGplayer group of sealed products; older ones rarely. */
  modernSealedGroup: 0.9,
  vintageSealedGroup: 0.3,
  sealedUnpriced: 0.045,
};

// ---------------------------------------------------------------------------
// Seeded randomness

/** FNV-1a of a string: turns a seed and a key into the seed of one stream. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A small, fast PRNG with helpers; mulberry32 is plenty for a benchmark's data. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  /** Standard normal (Box–Muller). */
  normal(): number {
    return Math.sqrt(-2 * Math.log(1 - this.next())) * Math.cos(2 * Math.PI * this.next());
  }
}

const streamOf = (seed: number, key: string) => new Rng(hash32(`${seed}:${key}`));

// ---------------------------------------------------------------------------
// Pools read from the real catalogue

interface Species {
  supertype: CardEntry['supertype'];
  subtypes: string[];
  types: string[];
  hp?: string;
  nationalPokedexNumbers?: number[];
}

type LinePattern = Pick<CardPrice, 'variant' | 'printing' | 'primary'>[];
/** A real card's name and rarity label. */
type NameRarity = [string, CardEntry['rarity']];

interface Pools {
  /** A name's facts, from its first printing. */
  species: Map<string, Species>;
  /** (name, rarity) of every real card, by slot kind: repeats keep the real frequencies. */
  regular: NameRarity[];
  secret: NameRarity[];
  promo: NameRarity[];
  /** Names of Pokémon, for sealed products named after one ("Tin [Charizard]"). */
  pokemon: string[];
  artists: string[];
  /** Per rarity ('' for none): the real cards' values, and their price-line patterns. */
  values: Map<string, number[]>;
  patterns: Map<string, LinePattern[]>;
  /** Real card id → name, and real sealed product id → kind: to point mentions and nicknames at synthetic items. */
  cardNames: Map<string, string>;
  sealedKinds: Map<number, string>;
  aliases: AliasContent;
  /** content/knowledge/*.md as they are. */
  articles: [string, string][];
}

const poolCache = new Map<string, Pools>();

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const jsonFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();

/** Reads the pools once per source tree (the unit test generates twice). */
function poolsOf(source: string): Pools {
  const cached = poolCache.get(source);
  if (cached) return cached;
  const sets = new Map(readJson<SetEntry[]>(join(source, 'sets.json')).map((s) => [s.id, s]));
  const pools: Pools = {
    species: new Map(),
    regular: [],
    secret: [],
    promo: [],
    pokemon: [],
    artists: [],
    values: new Map(),
    patterns: new Map(),
    cardNames: new Map(),
    sealedKinds: new Map(),
    aliases: readAliases(source),
    articles: readdirSync(join(source, 'knowledge'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => [f, readFileSync(join(source, 'knowledge', f), 'utf8')]),
  };
  const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    list ? list.push(value) : map.set(key, [value]);
  };
  for (const file of jsonFiles(join(source, 'cards'))) {
    for (const card of readJson<CardEntry[]>(join(source, 'cards', file))) {
      pools.cardNames.set(card.id, card.name);
      if (!pools.species.has(card.name)) {
        const { supertype, subtypes, types, hp, nationalPokedexNumbers } = card;
        pools.species.set(card.name, { supertype, subtypes, types, hp, nationalPokedexNumbers });
        if (supertype === 'Pokémon') pools.pokemon.push(card.name);
      }
      const pair: NameRarity = [card.name, card.rarity];
      const printed = sets.get(card.set)?.printedTotal ?? Number.POSITIVE_INFINITY;
      if (card.rarity === 'Promo') pools.promo.push(pair);
      else if (Number(card.number) > printed) pools.secret.push(pair);
      else pools.regular.push(pair);
      if (card.artist) pools.artists.push(card.artist);
      const rarity = card.rarity ?? '';
      const value = primaryPriceOf(card)?.market;
      if (value != null && value > 0) push(pools.values, rarity, value);
      if (card.prices.length) {
        push(
          pools.patterns,
          rarity,
          card.prices.map(({ variant, printing, primary }) => ({ variant, printing, primary })),
        );
      }
    }
  }
  for (const file of jsonFiles(join(source, 'sealed'))) {
    for (const p of readJson<{ products: SealedEntry[] }>(join(source, 'sealed', file)).products) pools.sealedKinds.set(p.productId, p.kind);
  }
  poolCache.set(source, pools);
  return pools;
}

function readAliases(source: string): AliasContent {
  const read = <T>(file: string): T[] => {
    try {
      return readJson<T[]>(join(source, 'aliases', file));
    } catch {
      return [];
    }
  };
  return {
    sets: read('sets.json'),
    products: read('products.json'),
    rarities: read('rarities.json'),
    nicknames: read('nicknames.json'),
    ignored: read('ignored.json'),
    printings: read('printings.json'),
    arts: read('arts.json'),
  };
}

// ---------------------------------------------------------------------------
// Dates

const yearsBefore = (date: string, asOf = AS_OF) => (dayOf(asOf) - dayOf(date)) / 365.25;

// ---------------------------------------------------------------------------
// Sets

/** Words of invented set and series names: plain English, so no word is a card name or an alias. */
const SET_ADJECTIVES =
  'Amber Ancient Astral Azure Blazing Bright Brilliant Burning Celestial Cobalt Crimson Crystal Distant Dusk Echoing Emerald Eternal Fading Fierce Frozen Gilded Hidden Hollow Iron Ivory Lunar Midnight Mystic Obsidian Paradox Radiant Roaring Rising Royal Scarlet Secret Shattered Shining Silent Silver Solar Stellar Storm Sunken Temporal Twilight Unbroken Verdant Vivid Wild'.split(
    ' ',
  );
const SET_NOUNS =
  'Ascent Blades Bonds Canyon Chorus Clash Crowns Currents Depths Destiny Dreams Embers Echoes Flames Forces Frontier Gale Guardians Harbor Horizons Legends Meadow Mirage Odyssey Origins Peaks Pulse Quest Reign Relics Revival Ridge Rift Ruins Sands Shores Skies Sparks Spires Summit Tempest Thunder Tides Trails Valor Veil Voyage Waves Wilds Zenith'.split(
    ' ',
  );
const SERIES_WORDS =
  'Aurora Beacon Cascade Citadel Comet Compass Cyclone Delta Eclipse Ember Equinox Fable Galaxy Harmony Helix Horizon Meridian Monsoon Nebula Nova Orbit Prism Quasar Saga Solstice Summit Tundra Vertex Vista Zephyr'.split(
    ' ',
  );

/** Roman numerals for series names once the words run out ("Aurora II"). */
const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

/** A synthetic set as the generator needs it. */
interface PlannedSet extends SetEntry {
  /** TCGplayer group id: the cards' price lines and the set's sealed group share it, as in the real data. */
  groupId: number;
  promo: boolean;
  exportOnly: boolean;
  /** Prefix of a promo set's card numbers ("BA" of BA017). */
  numberPrefix: string;
}

/** Set sizes summing to `cards`: 100–250 each, the newest holding what is left over. */
function setSizes(cards: number, rng: Rng): number[] {
  const sizes: number[] = [];
  let left = cards;
  while (left > 0) {
    const size = Math.min(left, rng.int(SET_SIZE.min, SET_SIZE.max));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** Every set name: adjective + noun pairs in a seeded order, each used once. */
function setNames(count: number, rng: Rng): string[] {
  const pairs = SET_ADJECTIVES.flatMap((a) => SET_NOUNS.map((n) => `${a} ${n}`));
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }
  // Beyond 2,500 sets (~440k cards) the pairs repeat with a number, as real reprint sets do.
  return Array.from({ length: count }, (_, i) => `${pairs[i % pairs.length]}${i >= pairs.length ? ` ${Math.floor(i / pairs.length) + 1}` : ''}`);
}

/** Two letters per series for its set ids (ba1, ba2, …, bap for its promos): distinct, and with the suffix never a word. */
function seriesPrefix(index: number): string {
  const consonants = 'bcdfghjklmnpqrstvwxz';
  const vowels = 'aeiou';
  const c = consonants[index % consonants.length];
  const v = vowels[Math.floor(index / consonants.length) % vowels.length];
  const round = Math.floor(index / (consonants.length * vowels.length));
  return `${c}${v}${round ? consonants[round % consonants.length] : ''}`;
}

function planSets(cards: number, seed: number, reserved: Set<string>): { sets: PlannedSet[]; sizes: number[] } {
  const rng = streamOf(seed, 'sets');
  const sizes = setSizes(cards, rng);
  const names = setNames(sizes.length, rng);
  const first = dayOf(FIRST_RELEASE);
  const span = dayOf(LAST_RELEASE) - first;
  const codes = new Set<string>();
  const sets: PlannedSet[] = [];
  let series = -1;
  let inSeries = 0;
  let seriesLength = 0;
  for (let i = 0; i < sizes.length; i++) {
    if (inSeries === seriesLength) {
      series++;
      inSeries = 0;
      seriesLength = rng.int(SETS_PER_SERIES.min, SETS_PER_SERIES.max);
    }
    inSeries++;
    const prefix = seriesPrefix(series);
    const seriesName = `${SERIES_WORDS[series % SERIES_WORDS.length]}${ROMAN[Math.floor(series / SERIES_WORDS.length) % ROMAN.length]}`;
    // Release dates spread evenly over the real catalogue's years, a few days' jitter, never out of order.
    const day = first + Math.round((sizes.length === 1 ? 1 : i / (sizes.length - 1)) * span) - (i && i < sizes.length - 1 ? rng.int(0, 3) : 0);
    // A series' fourth set is its promo set (a tiny catalogue is all main sets).
    const promo = inSeries === PROMO_SLOT;
    const name = promo ? `${seriesName} Black Star Promos` : names[i];
    const size = sizes[i];
    const secret = promo ? 0 : Math.round(size * rng.range(0, 0.12));
    const id = promo ? `${prefix}p` : `${prefix}${inSeries - (inSeries > PROMO_SLOT ? 1 : 0)}`;
    const ptcgoCode = promo ? `PR-${prefix.toUpperCase()}` : rng.chance(SHARE.ptcgoCode) ? codeFor(name, codes, reserved) : undefined;
    sets.push({
      id,
      name,
      language: 'en',
      series: seriesName,
      printedTotal: size - secret,
      total: size,
      releaseDate: dateOfDay(day),
      ...(ptcgoCode && { ptcgoCode }),
      groupId: 1000 + i * 7 + rng.int(0, 6),
      promo,
      exportOnly: rng.chance(SHARE.exportOnlySet),
      numberPrefix: prefix.toUpperCase(),
    });
  }
  return { sets, sizes };
}

/** A three-letter PTCGO code from the set's name (Crimson Tides → CTI), unique and free as an alias. */
function codeFor(name: string, taken: Set<string>, reserved: Set<string>): string | undefined {
  const [a, b = a] = name.toUpperCase().split(' ');
  const candidates = [a[0] + b.slice(0, 2), a.slice(0, 2) + b[0], a[0] + b[0] + b[b.length - 1], a.slice(0, 3)];
  for (let n = 2; n <= 9; n++) candidates.push(`${a[0]}${b[0]}${n}`);
  const code = candidates.find((c) => /^[A-Z0-9]{3}$/.test(c) && !taken.has(c) && !reserved.has(c.toLowerCase()));
  if (code) taken.add(code);
  return code;
}

const setEntryOf = ({ id, name, language, series, printedTotal, total, releaseDate, ptcgoCode }: PlannedSet): SetEntry => ({
  id,
  name,
  language,
  series,
  printedTotal,
  total,
  releaseDate,
  ...(ptcgoCode && { ptcgoCode }),
});

// ---------------------------------------------------------------------------
// Cards

const cents = (usd: number) => Math.max(0.01, roundUsd(usd));

/** Formats legal in a set's era: every card is legal in unlimited, expanded from 2011, standard for the last few years. */
function legalitiesOf(release: string, rng: Rng): CardEntry['legalities'] {
  const legal: CardEntry['legalities'] = { unlimited: 'Legal' };
  if (release >= '2023-01-01') legal.standard = 'Legal';
  if (release >= '2011-01-01') legal.expanded = 'Legal';
  if (rng.chance(SHARE.banned)) legal[legal.expanded ? 'expanded' : 'unlimited'] = 'Banned';
  return legal;
}

/** The regulation mark printed from 2020 on: D for 2020, E for 2021, … */
function regulationMarkOf(release: string): string | undefined {
  const year = Number(release.slice(0, 4));
  return year >= 2020 ? String.fromCharCode('D'.charCodeAt(0) + Math.min(year - 2020, 5)) : undefined;
}

/**
 * Daily market prices ending at `last` on AS_OF: most days unchanged (as the real
 * data, where cheap cards sit on the same cent for weeks), the rest a small step.
 */
function dailyWalk(last: number | null, days: number, rng: Rng, calm: number, step: number): (number | null)[] {
  const market: (number | null)[] = new Array(days);
  let value = last ?? cents(rng.range(0.05, 2));
  for (let d = days - 1; d >= 0; d--) {
    market[d] = value;
    if (!rng.chance(calm)) value = cents(value * Math.exp(step * rng.normal()));
  }
  return market;
}

/** Null days, as the marketplace records them: a whole series now and then, more often a run of days. */
function withNullDays(market: (number | null)[], rng: Rng, allNull: number, someNull: number): (number | null)[] {
  if (rng.chance(allNull)) return market.map(() => null);
  if (rng.chance(someNull)) {
    const run = rng.int(1, Math.min(20, market.length - 1));
    const from = rng.int(0, market.length - run);
    for (let d = from; d < from + run; d++) market[d] = null;
  }
  return market;
}

/** A primary line's SYNTHETIC_HISTORY_DAYS days, ending on its market price (null too where the line has none). */
function historyOf(market: number | null, rng: Rng): (number | null)[] {
  const days = withNullDays(dailyWalk(market, SYNTHETIC_HISTORY_DAYS, rng, 0.75, 0.04), rng, SHARE.allNullHistory, SHARE.someNullHistory);
  if (market === null) days[SYNTHETIC_HISTORY_DAYS - 1] = null;
  return days;
}

/** The index of the line a card's value is read from (primaryPriceOf's order), or 0. */
function valueLineOf(pattern: LinePattern): number {
  const rank = (variant: string) => {
    const i = PRIMARY_VARIANT_ORDER.indexOf(variant);
    return i === -1 ? PRIMARY_VARIANT_ORDER.length : i;
  };
  let best = -1;
  pattern.forEach((line, i) => {
    if (line.primary && (best === -1 || rank(line.variant) < rank(pattern[best].variant))) best = i;
  });
  return Math.max(best, 0);
}

interface CardIds {
  next: number;
}

/** The price lines and history of one card, from a real pattern of its rarity and a real value of its rarity. */
function pricesOf(rarity: string, set: PlannedSet, pools: Pools, rng: Rng, productIds: CardIds): Pick<CardEntry, 'prices' | 'history'> {
  if (rng.chance(SHARE.unpricedCard)) return { prices: [], history: [] };
  const patterns = pools.patterns.get(rarity) ?? pools.patterns.get('Common')!;
  const values = pools.values.get(rarity) ?? pools.values.get('Common')!;
  const exported = set.exportOnly;
  const drawn = rng.pick(patterns);
  // An export-only set has no product ids, so its lines are told apart by variant and printing alone, one each.
  const pattern = exported ? drawn.filter((line, i) => drawn.findIndex((l) => l.variant === line.variant && l.printing === line.printing) === i) : drawn;
  const value = rng.pick(values) * Math.exp(0.15 * rng.normal());
  // The drawn value goes to the line the card's value is read from; the others trade apart from it
  // (a reverse holo for a little more, a 1st Edition for several times more).
  const valueLine = valueLineOf(pattern);
  // Printings of one product share its id (normal and reverse holo); a second primary line of the same variant is another product.
  const firstId = productIds.next++;
  const seen = new Set<string>();
  const lines: CardPrice[] = pattern.map(({ variant, printing, primary }, i) => {
    const market = cents(i === valueLine ? value : value * Math.exp(0.3 + 0.6 * rng.normal()));
    const productId = primary && !seen.has(variant) ? firstId : productIds.next++;
    if (primary) seen.add(variant);
    return {
      variant,
      printing,
      primary,
      productId: exported ? null : productId,
      groupId: exported ? null : set.groupId,
      low: cents(market * rng.range(0.4, 0.95)),
      mid: cents(market * rng.range(1, 1.6)),
      high: cents(market * Math.exp(rng.range(0.3, 3))),
      market: rng.chance(SHARE.nullMarketLine) ? null : market,
      directLow: rng.chance(0.6) ? null : cents(market * rng.range(0.9, 1.3)),
      updatedAt: exported ? EXPORT_UPDATED_AT : AS_OF,
      source: exported ? 'pokemontcg-api-export' : 'tcgcsv-archive',
    };
  });
  const start = dateOfDay(dayOf(AS_OF) - SYNTHETIC_HISTORY_DAYS + 1);
  const history = exported
    ? []
    : lines
        .filter((line) => line.primary)
        .map((line) => ({
          variant: line.variant,
          productId: line.productId!,
          start,
          end: AS_OF,
          market: historyOf(line.market, rng),
        }));
  return { prices: lines, history };
}

/** PriceCharting figures for a few cards, likelier the more the card is worth (as in the real data). */
function gradedOf(card: CardEntry, set: PlannedSet, rng: Rng): CardEntry['graded'] {
  const value = primaryPriceOf(card)?.market;
  if (value == null) return undefined;
  const p = value >= 20 ? 0.1 : value >= 3 ? 0.015 : 0.001;
  if (!rng.chance(p)) return undefined;
  const ungraded = cents(value * rng.range(0.5, 1.2));
  const grade7 = cents(ungraded * rng.range(1.1, 2));
  const grade8 = cents(grade7 * rng.range(1.1, 1.6));
  const grade9 = cents(grade8 * rng.range(1.2, 2));
  return {
    ungraded,
    grade7: rng.chance(0.9) ? grade7 : undefined,
    grade8: rng.chance(0.95) ? grade8 : undefined,
    grade9,
    grade9_5: rng.chance(0.7) ? cents(grade9 * rng.range(1, 1.4)) : undefined,
    psa10: cents(grade9 * rng.range(1.5, 6)),
    tcgplayerMarket: cents(value * rng.range(0.7, 1.3)),
    url: `https://pricecharting.com/game/pokemon-${slugify(set.name)}/${slugify(card.name)}-${card.number}`,
    updatedAt: GRADED_UPDATED_AT,
    source: 'pricecharting via kortiz001/pokemon-ebay-tracker',
  };
}

function cardsOf(set: PlannedSet, pools: Pools, seed: number, productIds: CardIds): CardEntry[] {
  const rng = streamOf(seed, `cards:${set.id}`);
  const mark = regulationMarkOf(set.releaseDate);
  const cards: CardEntry[] = [];
  for (let n = 1; n <= set.total; n++) {
    const [name, rarity] = rng.pick(set.promo ? pools.promo : n > set.printedTotal ? pools.secret : pools.regular);
    const species = pools.species.get(name)!;
    const number = set.promo ? `${set.numberPrefix}${String(n).padStart(3, '0')}` : String(n);
    const card: CardEntry = {
      id: `${set.id}-${number}`,
      set: set.id,
      name,
      language: 'en',
      number,
      supertype: species.supertype,
      subtypes: species.subtypes,
      types: species.types,
      rarity,
      artist: rng.chance(SHARE.noArtist) ? undefined : rng.pick(pools.artists),
      hp: species.hp,
      nationalPokedexNumbers: species.nationalPokedexNumbers,
      regulationMark: species.supertype === 'Energy' ? undefined : mark,
      legalities: legalitiesOf(set.releaseDate, rng),
      images: { small: `${POKEMON_TCG_IMAGE_ORIGIN}/${set.id}/${number}.png`, large: `${POKEMON_TCG_IMAGE_ORIGIN}/${set.id}/${number}_hires.png` },
      ...pricesOf(rarity ?? '', set, pools, rng, productIds),
    };
    card.graded = gradedOf(card, set, rng);
    cards.push(card);
  }
  return cards;
}

// ---------------------------------------------------------------------------
// Sealed products

/** Product kinds of a set's group: base price in a new set, packs inside, and how many variants (one per Pokémon). */
interface ProductKind {
  kind: string;
  title: string;
  usd: number;
  /** Chance the group has it. */
  share: number;
  packs?: number;
  packsBasis?: string;
  /** One product per Pokémon ("Tin [Charizard]"), and a "[Set of N]" of them. */
  perPokemon?: [number, number];
  pokemonCenterExclusive?: boolean;
}

const PRODUCT_KINDS: ProductKind[] = [
  { kind: 'booster-pack', title: 'Booster Pack', usd: 4.5, share: 0.95, packs: 1, packsBasis: 'product-format' },
  { kind: 'sleeved-booster-pack', title: 'Sleeved Booster Pack', usd: 5, share: 0.6, packs: 1, packsBasis: 'product-format' },
  { kind: 'booster-box', title: 'Booster Box', usd: 140, share: 0.8, packs: 36, packsBasis: 'product-format (standard English booster box)' },
  { kind: 'booster-box-case', title: 'Booster Box Case', usd: 850, share: 0.6 },
  { kind: 'booster-bundle', title: 'Booster Bundle', usd: 28, share: 0.5, packs: 6, packsBasis: 'product-format (standard English booster bundle)' },
  { kind: 'booster-bundle-case', title: 'Booster Bundle Case', usd: 280, share: 0.25 },
  { kind: 'etb', title: 'Elite Trainer Box', usd: 50, share: 0.8 },
  { kind: 'etb-case', title: 'Elite Trainer Box Case', usd: 480, share: 0.5 },
  { kind: 'etb', title: 'Pokemon Center Elite Trainer Box', usd: 90, share: 0.4, pokemonCenterExclusive: true },
  { kind: 'build-and-battle-box', title: 'Build & Battle Box', usd: 22, share: 0.4 },
  { kind: 'display', title: 'Booster Display', usd: 100, share: 0.5 },
  { kind: 'booster-pack-art-bundle', title: 'Booster Pack Art Bundle', usd: 20, share: 0.4, packs: 4, packsBasis: 'name', perPokemon: [0, 0] },
  { kind: 'blister', title: '3 Pack Blister', usd: 14, share: 0.7, packs: 3, packsBasis: 'name', perPokemon: [2, 5] },
  { kind: 'tin', title: 'Tin', usd: 25, share: 0.6, perPokemon: [3, 6] },
  { kind: 'mini-tin', title: 'Mini Tin', usd: 11, share: 0.5, perPokemon: [4, 8] },
  { kind: 'collection-box', title: 'Collection', usd: 30, share: 0.8, perPokemon: [3, 8] },
  { kind: 'premium-collection', title: 'Premium Collection', usd: 60, share: 0.4, perPokemon: [1, 4] },
  { kind: 'theme-deck', title: 'Theme Deck', usd: 15, share: 0.4, perPokemon: [2, 2] },
  { kind: 'case', title: 'Collection Case', usd: 180, share: 0.4 },
];

/** The display name: TCGplayer's name without brackets and symbols (Tin [Leon & Charizard] → Tin Leon and Charizard). */
const cleanNameOf = (name: string) =>
  name
    .replaceAll('&', 'and')
    .replace(/[[\]()\-:,'’]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface SealedGroup {
  file: string;
  group: SealedEntry['group'];
  products: Omit<SealedEntry, 'group'>[];
}

/** The set's TCGplayer group of sealed products, or null where it has none. */
function sealedGroupOf(set: PlannedSet, pools: Pools, seed: number, productIds: CardIds, newest: boolean): SealedGroup | null {
  const rng = streamOf(seed, `sealed:${set.id}`);
  // The newest set always has some, so that even a tiny catalogue has sealed products.
  if (set.promo || (!rng.chance(set.releaseDate >= MODERN_SEALED_FROM ? SHARE.modernSealedGroup : SHARE.vintageSealedGroup) && !newest)) return null;
  // Old sealed product is scarce: prices grow with age (a 25-year-old booster box costs thousands).
  const age = Math.exp(0.16 * Math.max(0, yearsBefore(set.releaseDate)));
  const listed = Math.max(dayOf(SEALED_HISTORY_START), dayOf(set.releaseDate));
  const products: Omit<SealedEntry, 'group'>[] = [];
  const add = (kind: ProductKind, name: string, quantity?: number) => {
    const productId = productIds.next;
    productIds.next += rng.int(1, 40);
    const market = cents(kind.usd * (quantity ?? 1) * age * Math.exp(0.25 * rng.normal()));
    const priced = !rng.chance(SHARE.sealedUnpriced);
    const days = dayOf(AS_OF) - dayOf(SEALED_HISTORY_START) + 1;
    const walk = withNullDays(dailyWalk(priced ? market : null, days, rng, 0.6, 0.015), rng, 0.01, 0.3);
    // Before the product was listed the marketplace recorded nothing.
    for (let d = 0; d < listed - dayOf(SEALED_HISTORY_START); d++) walk[d] = null;
    products.push({
      productId,
      name,
      cleanName: cleanNameOf(name),
      kind: kind.kind,
      set: set.id,
      quantity,
      packs: kind.packs === undefined ? null : kind.packs * (quantity ?? 1),
      packsBasis: kind.packsBasis,
      pokemonCenterExclusive: kind.pokemonCenterExclusive,
      url: `https://www.tcgplayer.com/product/${productId}`,
      price: priced
        ? {
            low: cents(market * rng.range(0.7, 0.98)),
            mid: cents(market * rng.range(1, 1.3)),
            high: cents(market * rng.range(1.3, 3)),
            market,
            directLow: rng.chance(0.7) ? null : cents(market * rng.range(0.95, 1.2)),
            updatedAt: AS_OF,
            source: 'tcgcsv-archive',
          }
        : null,
      history: { start: SEALED_HISTORY_START, end: AS_OF, market: walk },
    });
  };
  for (const kind of PRODUCT_KINDS) {
    if (!rng.chance(kind.share)) continue;
    const base = `${set.name} ${kind.title}`;
    if (!kind.perPokemon) {
      add(kind, base);
      continue;
    }
    const [min, max] = kind.perPokemon;
    const count = rng.int(min, max);
    const pokemon = new Set(Array.from({ length: count }, () => rng.pick(pools.pokemon)));
    for (const name of pokemon) add(kind, `${base} [${name}]`);
    const size = pokemon.size || rng.int(2, 4);
    if (size > 1) add(kind, `${base} [Set of ${size}]`, size);
  }
  if (!products.length) return null;
  const group = { id: set.groupId, name: set.name };
  return { file: `${group.id}-${slugify(group.name)}.json`, group, products };
}

// ---------------------------------------------------------------------------
// Articles, aliases and the change record

/** Synthetic items to point real references at: by card name (most valuable first) and by sealed kind. */
interface Targets {
  cardsByName: Map<string, string[]>;
  allCards: string[];
  sealedByKind: Map<string, number[]>;
  allSealed: number[];
}

function targetsOf(cards: CardEntry[], sealed: SealedEntry[]): Targets {
  const value = (c: CardEntry) => primaryPriceOf(c)?.market ?? -1;
  const ranked = [...cards].sort((a, b) => value(b) - value(a) || (a.id < b.id ? -1 : 1));
  const cardsByName = new Map<string, string[]>();
  for (const c of ranked) {
    const list = cardsByName.get(c.name);
    list ? list.push(c.id) : cardsByName.set(c.name, [c.id]);
  }
  const rankedSealed = [...sealed].sort((a, b) => (b.price?.market ?? -1) - (a.price?.market ?? -1) || a.productId - b.productId);
  const sealedByKind = new Map<string, number[]>();
  for (const p of rankedSealed) {
    const list = sealedByKind.get(p.kind);
    list ? list.push(p.productId) : sealedByKind.set(p.kind, [p.productId]);
  }
  return { cardsByName, allCards: ranked.map((c) => c.id), sealedByKind, allSealed: rankedSealed.map((p) => p.productId) };
}

/** The first candidate not used yet, else a stand-in chosen by the reference's hash (an article must mention something real). */
function firstUnused<T>(candidates: readonly T[], fallback: readonly T[], used: Set<T>, key: string): T | undefined {
  const own = candidates.find((c) => !used.has(c));
  if (own !== undefined) return own;
  for (let i = 0; i < fallback.length; i++) {
    const c = fallback[(hash32(key) + i) % fallback.length];
    if (!used.has(c)) return c;
  }
  return undefined;
}

function remapCards(ids: readonly string[], pools: Pools, targets: Targets): string[] {
  const used = new Set<string>();
  for (const id of ids) {
    const name = pools.cardNames.get(id) ?? '';
    const pick = firstUnused(targets.cardsByName.get(name) ?? [], targets.allCards, used, id);
    if (pick !== undefined) used.add(pick);
  }
  return [...used];
}

function remapSealed(ids: readonly number[], pools: Pools, targets: Targets): number[] {
  const used = new Set<number>();
  for (const id of ids) {
    const pick = firstUnused(targets.sealedByKind.get(pools.sealedKinds.get(id) ?? '') ?? [], targets.allSealed, used, String(id));
    if (pick !== undefined) used.add(pick);
  }
  return [...used];
}

/**
 * A real article with its `mentions` pointed at synthetic items of the same name
 * (or kind), so the build's check that every mention resolves holds. The rest of
 * the article, links in its body included, is left as written.
 */
function rewriteMentions(text: string, pools: Pools, targets: Targets): string {
  const lines = text.split('\n');
  const at = lines.indexOf('mentions:');
  for (let i = at + 1; at >= 0 && i < lines.length && lines[i].startsWith('  '); i++) {
    const m = /^ {2}(cards|sealed): \[(.*)\]$/.exec(lines[i]);
    if (!m) continue;
    const ids = m[2].split(',').map((s) => s.trim());
    const mapped = m[1] === 'cards' ? remapCards(ids, pools, targets) : remapSealed(ids.map(Number), pools, targets);
    lines[i] = `  ${m[1]}: [${mapped.join(', ')}]`;
  }
  return lines.join('\n');
}

/** Every word of names (cards, sealed products, sets), as the build's alias check reads them. */
function nameWordsOf(cards: CardEntry[], sealed: SealedEntry[], sets: SetEntry[]): Set<string> {
  const words = new Set<string>();
  const seen = new Set<string>();
  for (const text of [...cards.map((c) => c.name), ...sealed.map((p) => p.cleanName), ...sets.map((s) => s.name)]) {
    if (seen.has(text)) continue;
    seen.add(text);
    for (const word of queryWords(foldText(text))) words.add(word);
  }
  return words;
}

/**
 * content/aliases for the synthetic sets: the real product, rarity and ignored
 * words as they are; nicknames of printings pointed at a synthetic card of the
 * same name (dropped where there is none), name nicknames kept where their words
 * occur; arts given to the same share of cards; and for some sets a short alias
 * from the name's initials, where free.
 */
function aliasesOf(sets: SetEntry[], cards: CardEntry[], sealed: SealedEntry[], pools: Pools, targets: Targets, seed: number): AliasContent {
  const real = pools.aliases;
  const nameWords = nameWordsOf(cards, sealed, sets);
  const printingIds = new Set(cards.flatMap((card) => printingNamesOf(card.prices).map((printing) => printing.id)));
  const nicknames: AliasContent['nicknames'] = [];
  for (const n of real.nicknames) {
    if ('cards' in n) {
      const ids = [...new Set(n.cards.map((id) => targets.cardsByName.get(pools.cardNames.get(id) ?? '')?.[0]).filter((id) => id !== undefined))];
      if (ids.length) nicknames.push({ nickname: n.nickname, cards: ids });
    } else if ('means' in n) {
      if (queryWords(n.means).every((w) => nameWords.has(w))) nicknames.push(n);
    }
  }
  const claimed = new Set<string>([
    ...sets.flatMap((s) => [phraseKey(s.name), s.id, ...(s.ptcgoCode ? [phraseKey(s.ptcgoCode)] : [])]),
    ...[...real.products, ...real.rarities].flatMap((w) => w.aliases),
    ...real.ignored.flatMap((w) => w.words),
    ...nicknames.map((n) => n.nickname),
  ]);
  const rng = streamOf(seed, 'aliases');
  const setAliases = sets.map((set) => {
    const aliases: string[] = [];
    if (rng.chance(SHARE.setAlias)) {
      const words = queryWords(foldText(set.name));
      const initials = words.map((w) => w[0]).join('');
      const alias = [initials, `${initials}${words.at(-1)!.slice(1, 2)}`, `${initials}s`].find((a) => a.length > 1 && !claimed.has(a) && !nameWords.has(a));
      if (alias) {
        claimed.add(alias);
        aliases.push(alias);
      }
    }
    return { set: set.id, aliases };
  });
  const content: AliasContent = {
    sets: setAliases,
    products: real.products,
    rarities: real.rarities,
    nicknames,
    ignored: real.ignored,
    // The printing words whose printings some synthetic card has (the build refuses words that name none): a small
    // catalogue may draw no prerelease stamp at all. An alias of several printings keeps those it names.
    printings: real.printings.flatMap((alias) => {
      const named = alias.printing.filter((printing) => [...printingIds].some((id) => printingMatches({ ...alias, printing: [printing] }, id)));
      return named.length > 0 ? [{ ...alias, printing: named }] : [];
    }),
    // Which card has an art is the editors' list: the same share of the synthetic cards, drawn at random.
    arts: real.arts.map(({ art, aliases, cards: listed }) => {
      const draw = streamOf(seed, `art ${art}`);
      return { art, aliases, cards: cards.filter(() => draw.chance(listed.length / pools.cardNames.size)).map((c) => c.id) };
    }),
  };
  const problems = aliasProblems(content, {
    sets,
    cardIds: new Set(cards.map((c) => c.id)),
    sealedIds: new Set(sealed.map((p) => p.productId)),
    nameWords,
    printingIds,
  });
  if (problems.length) throw new Error(`synthetic aliases would fail the build:\n  ${problems.slice(0, 10).join('\n  ')}`);
  return content;
}

/**
 * What the import that produced this catalogue changed: the previous import a
 * week earlier had every set but the newest, at the prices of that day's history.
 */
function changeRecordOf(sets: SetEntry[], cards: CardEntry[], sealed: SealedEntry[]): ReturnType<typeof catalogueChanges> {
  const back = dayOf(AS_OF) - dayOf(PREVIOUS_AS_OF);
  const newest = sets.at(-1)!.id;
  const rollBack = (card: CardEntry): CardEntry => ({
    ...card,
    prices: card.prices.map((p) => {
      if (p.updatedAt !== AS_OF) return p;
      const series = card.history.find((h) => h.productId === p.productId && h.variant === p.variant)?.market;
      const market = series ? (series[series.length - 1 - back] ?? null) : p.market;
      return { ...p, market, updatedAt: PREVIOUS_AS_OF };
    }),
  });
  const before: ContentCatalogue = {
    sets: sets.slice(0, -1),
    cards: cards.filter((c) => c.set !== newest).map(rollBack),
    sealed: sealed
      .filter((p) => p.set !== newest)
      .map((p) => {
        if (!p.price || !p.history) return p;
        const market = p.history.market[p.history.market.length - 1 - back] ?? null;
        return { ...p, price: { ...p.price, market, updatedAt: PREVIOUS_AS_OF } };
      }),
  };
  return catalogueChanges(before, { sets, cards, sealed });
}

// ---------------------------------------------------------------------------

function assertUniqueSlugs(what: string, slugs: Iterable<string>): void {
  const seen = new Set<string>();
  for (const slug of slugs) {
    if (seen.has(slug)) throw new Error(`synthetic catalogue: two ${what}s have the slug "${slug}"`);
    seen.add(slug);
  }
}

/**
 * Writes a synthetic catalogue of `cards` cards into `dir` (created if needed;
 * files already there with the same names are overwritten, others left alone):
 * sets.json, cards/<set>.json, sealed/<group>.json, knowledge/*.md, aliases/*.json
 * and changes/<date>.json, formatted as the import formats content.
 * @example writeSyntheticCatalogue('/tmp/content', { cards: 300 }).sets // 2
 */
export function writeSyntheticCatalogue(dir: string, options: SyntheticOptions): SyntheticSummary {
  const { cards: count, seed = 1 } = options;
  if (!Number.isInteger(count) || count < 1) throw new Error(`cards must be a positive integer, not ${count}`);
  const pools = poolsOf(options.source ?? DEFAULT_SOURCE);
  const reserved = new Set([
    ...[...pools.aliases.products, ...pools.aliases.rarities].flatMap((w) => w.aliases),
    ...pools.aliases.ignored.flatMap((w) => w.words),
    ...pools.aliases.nicknames.map((n) => n.nickname),
  ]);
  const { sets: planned } = planSets(count, seed, reserved);
  const sets = planned.map(setEntryOf);

  let files = 0;
  let bytes = 0;
  const write = (rel: string, text: string) => {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    files++;
    bytes += Buffer.byteLength(text);
  };
  const writeJson = (rel: string, value: unknown) => write(rel, `${formatJson(value)}\n`);

  // Cards and sealed products are written set by set; what the cross-checks need is kept.
  const productIds: CardIds = { next: 100_000 };
  const sealedIds: CardIds = { next: 5_000_000 };
  const cards: CardEntry[] = [];
  const sealed: SealedEntry[] = [];
  for (const set of planned) {
    const own = cardsOf(set, pools, seed, productIds);
    writeJson(`cards/${set.id}.json`, own);
    cards.push(...own);
    const group = sealedGroupOf(set, pools, seed, sealedIds, set === planned.at(-1));
    if (group) {
      const file = { group: group.group, products: group.products };
      writeJson(`sealed/${group.file}`, file);
      sealed.push(...sealedProductsOf(file, `sealed/${group.file}`));
    }
  }
  assertUniqueSlugs('card', cards.map(cardSlug));
  writeJson('sets.json', sets);

  const targets = targetsOf(cards, sealed);
  for (const [file, text] of pools.articles) write(`knowledge/${file}`, rewriteMentions(text, pools, targets));

  const aliases = aliasesOf(sets, cards, sealed, pools, targets, seed);
  writeJson('aliases/sets.json', aliases.sets);
  writeJson('aliases/products.json', aliases.products);
  writeJson('aliases/rarities.json', aliases.rarities);
  writeJson('aliases/nicknames.json', aliases.nicknames);
  writeJson('aliases/ignored.json', aliases.ignored);
  writeJson('aliases/printings.json', aliases.printings);
  writeJson('aliases/arts.json', aliases.arts);

  const changes = changeRecordOf(sets, cards, sealed);
  if (changes) writeJson(`changes/${changes.asOf}.json`, changes);

  return { cards: cards.length, sets: sets.length, sealed: sealed.length, articles: pools.articles.length, files, bytes };
}
