import { CATALOG_NAMES, type CatalogName, catalogMarkdownUrl, catalogUrl } from '../http/links.ts';
import type { Catalog, CatalogEntry, CatalogIndex } from '../schemas/api-types.ts';
import { FACILITY_TAGS } from '../schemas/knowledge-taxonomy.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../schemas/language.ts';
import type { SetEntry } from '../schemas/set.ts';
import { kindLabel } from './format.ts';
import { bandLabel, VALUE_BAND_IDS } from './value-bands.ts';

/**
 * The catalogues of what the search filters accept (`/api/catalog/{name}`): for each filter, every value it
 * takes, written as it takes it (an id, or a lower-case name), with how many items hold it. Programs read them
 * to learn the values instead of guessing them from search errors; they are counted from the same records the
 * filters are made from, at build time.
 */

/** What the catalogues read of a card. */
export interface CatalogCard {
  set: string;
  language: Language;
  rarity: string;
  types: readonly string[];
  subtypes: readonly string[];
  artist?: string;
  printings: readonly { id: string; label: string }[];
  valueBand: string | null;
}

export interface CatalogSource {
  sets: readonly SetEntry[];
  cards: Iterable<CatalogCard>;
  /** Each sealed product's kind, and its set where it belongs to one. */
  sealed: readonly { kind: string; set?: string }[];
  /** Each article's facet tags. */
  articles: readonly { facility_tags: readonly string[] }[];
}

/** Per catalogue: its title, what it counts, and where its values go (`{value}` stands for one). */
const ABOUT: Record<CatalogName, Pick<Catalog, 'title' | 'counts' | 'usage'>> = {
  sets: { title: 'Sets', counts: 'cards', usage: ['/api/cards?q=set:{value}', '/api/sealed?q=set:{value}'] },
  languages: { title: 'Languages', counts: 'cards', usage: ['/api/cards?q=lang:{value}'] },
  types: { title: 'Energy types', counts: 'cards', usage: ['/api/cards?q=type:{value}'] },
  subtypes: { title: 'Subtypes', counts: 'cards', usage: ['/api/cards?q=subtype:"{value}"'] },
  rarities: { title: 'Rarities', counts: 'cards', usage: ['/api/cards?q=rarity:"{value}"'] },
  artists: { title: 'Artists', counts: 'cards', usage: ['/api/cards?q=artist:"{value}"'] },
  printings: { title: 'Printings', counts: 'cards', usage: ['/api/cards?q=printing:{value}'] },
  kinds: { title: 'Sealed product kinds', counts: 'sealed', usage: ['/api/sealed?kind={value}', '/api/sealed?q=kind:{value}'] },
  bands: { title: 'Value bands', counts: 'cards', usage: ['/api/cards?band={value}', '/api/cards?q=band:{value}'] },
  tags: { title: 'Knowledge tags', counts: 'articles', usage: ['/api/knowledge?tag={value}'] },
};

/**
 * Counts of names as filters read them: case-insensitively, each under its lower-case form, labelled by the
 * spelling most items use. `add` counts an item once per value, however often it repeats it.
 */
function spellingTally() {
  const counts = new Map<string, { count: number; spellings: Map<string, number> }>();
  return {
    add(names: Iterable<string | undefined>) {
      for (const name of new Set(names)) {
        if (!name) continue;
        const value = name.toLowerCase();
        let entry = counts.get(value);
        if (!entry) counts.set(value, (entry = { count: 0, spellings: new Map() }));
        entry.count++;
        entry.spellings.set(name, (entry.spellings.get(name) ?? 0) + 1);
      }
    },
    /** Every value counted, plus `accepted` ones nothing holds (count 0). */
    entries(accepted: readonly string[] = []): CatalogEntry[] {
      const out = [...counts].map(([value, { count, spellings }]) => {
        const [label] = [...spellings].sort(([a, m], [b, n]) => n - m || compare(a, b))[0];
        return labelled(value, label, count);
      });
      for (const value of accepted) if (!counts.has(value)) out.push({ value, count: 0 });
      return out;
    },
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const labelled = (value: string, label: string, count: number): CatalogEntry => (label === value ? { value, count } : { value, label, count });
/** The catalogues' order: the most held first, then by value. */
const byCount = (a: CatalogEntry, b: CatalogEntry) => b.count - a.count || compare(a.value, b.value);

/**
 * Every catalogue, in CATALOG_NAMES order.
 * @example catalogsOf(source).find((c) => c.name === 'types')?.values[0] // { value: 'fire', label: 'Fire', count: 2 }
 */
export function catalogsOf(source: CatalogSource): Catalog[] {
  const [setCards, types, subtypes, rarities, artists, bands] = [
    spellingTally(),
    spellingTally(),
    spellingTally(),
    spellingTally(),
    spellingTally(),
    spellingTally(),
  ];
  const printings = new Map<string, { count: number; label: string }>();
  const languages = spellingTally();
  for (const card of source.cards) {
    setCards.add([card.set]);
    languages.add([card.language]);
    types.add(card.types);
    subtypes.add(card.subtypes);
    rarities.add([card.rarity]);
    artists.add([card.artist]);
    bands.add([card.valueBand ?? undefined]);
    for (const id of new Set(card.printings.map((p) => p.id))) {
      const seen = printings.get(id);
      if (seen) seen.count++;
      else printings.set(id, { count: 1, label: card.printings.find((p) => p.id === id)!.label });
    }
  }
  const cardsInSet = new Map(setCards.entries().map((e) => [e.value, e.count]));
  const sealedInSet = new Map<string, number>();
  for (const product of source.sealed) if (product.set) sealedInSet.set(product.set, (sealedInSet.get(product.set) ?? 0) + 1);
  const kinds = spellingTally();
  for (const product of source.sealed) kinds.add([product.kind]);
  const tags = spellingTally();
  for (const article of source.articles) tags.add(article.facility_tags);

  const values: Record<CatalogName, CatalogEntry[]> = {
    sets: source.sets.map((set) => ({
      value: set.id,
      label: set.name,
      count: cardsInSet.get(set.id) ?? 0,
      sealedCount: sealedInSet.get(set.id) ?? 0,
      series: set.series,
      language: set.language,
      releaseYear: Number(set.releaseDate.slice(0, 4)),
      ptcgoCode: set.ptcgoCode ?? null,
    })),
    // lang: takes every language the schemas know, held or not.
    languages: languages.entries(LANGUAGES).map((e) => ({ value: e.value, label: LANGUAGE_NAMES[e.value as Language], count: e.count })),
    types: types.entries(),
    subtypes: subtypes.entries(),
    rarities: rarities.entries(),
    artists: artists.entries(),
    printings: [...printings].map(([id, { count, label }]) => labelled(id, label, count)),
    kinds: kinds.entries().map((e) => labelled(e.value, kindLabel(e.value), e.count)),
    // The band parameter takes every band, held or not.
    bands: bands.entries(VALUE_BAND_IDS).map((e) => ({ value: e.value, label: bandLabel(e.value as (typeof VALUE_BAND_IDS)[number]), count: e.count })),
    tags: tags.entries(FACILITY_TAGS),
  };
  return CATALOG_NAMES.map((name) => {
    const sorted = values[name].sort(byCount);
    return { name, ...ABOUT[name], total: sorted.length, values: sorted };
  });
}

/** `/api/catalog`: the catalogues, each with its size and URLs. */
export function catalogIndexOf(catalogs: readonly Catalog[]): CatalogIndex {
  return {
    catalogs: catalogs.map(({ name, title, counts, total }) => ({ name, title, counts, total, url: catalogUrl(name), markdownUrl: catalogMarkdownUrl(name) })),
  };
}
