import { type CatalogCard, catalogIndexOf, catalogsOf } from '../catalogue/filter-values.ts';
import { catalogMarkdownUrl, catalogUrl } from '../http/links.ts';
import { catalogIndexToMarkdown, catalogToMarkdown } from '../render/markdown/catalog-markdown.ts';
import type { CatalogueView } from './catalogue-parts.ts';
import type { EmittedFile, MarkdownFile } from './emit-items.ts';
import { outputPath } from './file-groups.ts';

/**
 * The catalogues of filter values (src/catalogue/filter-values.ts): `/api/catalog/{name}.json` and `.md` for each, and
 * their index, counted from the records the search filters are made from.
 */
export function* catalogFiles(catalogue: CatalogueView<'cards' | 'sealed' | 'articles' | 'sets'>): Generator<EmittedFile | MarkdownFile> {
  const sources: Parameters<typeof catalogsOf>[0] = {
    sets: catalogue.sets,
    cards: (function* (): Generator<CatalogCard> {
      for (const card of catalogue.cards) {
        const keys = catalogue.cardKeys.get(card.id)!;
        const { subtypes, artist } = catalogue.cardFilterFields.get(card.id)!;
        yield {
          set: keys.set,
          language: card.language,
          rarity: card.rarity,
          types: card.types,
          subtypes,
          artist,
          printings: keys.printings,
          valueBand: card.valueBand,
        };
      }
    })(),
    sealed: catalogue.sealed.map((p) => ({ kind: p.kind, set: catalogue.sealedSets.get(p.id)?.set })),
    articles: catalogue.articles,
  };
  const catalogs = catalogsOf(sources);
  for (const catalog of catalogs) {
    yield ['client', `${outputPath(catalogUrl(catalog.name))}.json`, JSON.stringify(catalog)];
    yield { markdown: 'text', path: outputPath(catalogMarkdownUrl(catalog.name)), body: catalogToMarkdown(catalog) };
  }
  const index = catalogIndexOf(catalogs);
  yield ['client', `${outputPath(catalogUrl())}.json`, JSON.stringify(index)];
  yield { markdown: 'text', path: outputPath(catalogMarkdownUrl()), body: catalogIndexToMarkdown(index) };
}
