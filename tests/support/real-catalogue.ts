/**
 * The committed catalogue (content/) read from disk into what the searchers take, for tests and benchmarks: read
 * and checked by the one reader of content files (src/loaders/content-files.ts), as the build reads it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as loadYaml } from 'js-yaml';
import { cardToSummary } from '../../src/catalogue/card-record.ts';
import { pricesAsOfOf } from '../../src/catalogue/catalogue-changes.ts';
import { type SealedSummary, sealedToSummary } from '../../src/catalogue/sealed-record.ts';
import { plainText } from '../../src/knowledge-facts/markers.ts';
import { readAliasContent } from '../../src/loaders/alias-content.ts';
import { type ContentFiles, readContentFiles } from '../../src/loaders/content-files.ts';
import type { AliasSources } from '../../src/search/aliases.ts';
import { type CardSearchRecord, searchPrintingsOf } from '../../src/search/card-searcher.ts';
import { type CardFilterFields, cardFilterFieldsOf, type FilterSet } from '../../src/search/filter-data.ts';
import type { SealedSearchRecord } from '../../src/search/sealed-searcher.ts';

export const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

export interface RealCatalogue {
  cards: CardSearchRecord[];
  sealed: SealedSummary[];
  /** The sealed products as the sealed searcher takes them. */
  sealedRecords: SealedSearchRecord[];
  /** content/aliases and the sets, as the searchers take them. */
  aliases: AliasSources;
  /** The newest price date across card price lines and sealed prices. */
  pricesAsOf: string;
  /** What the card filters read beyond the search records, by card id; the sets as `set:` names them. */
  facts: Map<string, CardFilterFields>;
  filterSets: FilterSet[];
}

let content: ContentFiles | undefined;

/** The sets, cards and sealed products of content/, read once per process (share them: change none). */
export const realContent = (): ContentFiles => (content ??= readContentFiles(CONTENT_DIR));

let cached: RealCatalogue | undefined;

/**
 * Loads content/ once per process.
 * @example const { cards, sealed } = loadRealCatalogue(); cards.length // 18035
 */
export function loadRealCatalogue(): RealCatalogue {
  if (cached) return cached;
  const { cards, sealed } = realContent();
  const sets = new Map(realContent().sets.map((s) => [s.id, s]));
  const pricesAsOf = pricesAsOfOf(cards, sealed);
  cached = {
    cards: cards.map((card) => {
      const set = sets.get(card.set);
      if (!set) throw new Error(`card ${card.id} names unknown set ${card.set}`);
      return {
        summary: cardToSummary(card, set, pricesAsOf),
        set: card.set,
        number: card.number,
        printedTotal: set.printedTotal,
        printings: searchPrintingsOf(card),
      };
    }),
    sealed: sealed.map((p) => sealedToSummary(p, pricesAsOf)),
    sealedRecords: sealed.map((p) => ({ summary: sealedToSummary(p, pricesAsOf), ...(p.set && { set: p.set, setName: sets.get(p.set)?.name }) })),
    aliases: {
      content: readAliasContent(CONTENT_DIR),
      sets: [...sets.values()].map(({ id, name, ptcgoCode, nameJa }) => ({ id, name, ...(ptcgoCode && { ptcgoCode }), ...(nameJa && { nameJa }) })),
    },
    pricesAsOf,
    facts: new Map(cards.map((card) => [card.id, cardFilterFieldsOf(card)])),
    filterSets: [...sets.values()].map((set) => ({ ...set, aliases: [] as string[] })),
  };
  const setAliases = new Map(cached.aliases.content.sets.map(({ set, aliases }) => [set, aliases]));
  for (const set of cached.filterSets) set.aliases = setAliases.get(set.id) ?? [];
  return cached;
}

/** The committed articles (content/knowledge) as the knowledge searcher takes them: their answers as served, markers resolved. */
export function loadRealArticles(): { id: string; question: string; answer: string; facility_tags: string[]; category: string }[] {
  const dir = join(CONTENT_DIR, 'knowledge');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const [, frontMatter] = readFileSync(join(dir, file), 'utf8').split(/^---$/m);
      const data = loadYaml(frontMatter) as { question: string; answer: string; facility_tags: string[]; category: string };
      return {
        id: file.slice(0, -3),
        question: data.question,
        answer: plainText(data.answer).text,
        facility_tags: data.facility_tags,
        category: data.category,
      };
    });
}
