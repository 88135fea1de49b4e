import type { PhrasingContent, RootContent } from 'mdast';
import { catalogMarkdownUrl, catalogUrl } from '../../http/links.ts';
import type { Catalog, CatalogIndex } from '../../schemas/api-types.ts';
import { code, heading, link, list, paragraph, table, toMarkdown } from './mdast.ts';

/**
 * The Markdown twins of the catalogues of filter values (src/catalogue/filter-values.ts): `/catalog.md` lists them,
 * `/catalog/{name}.md` tabulates one, from the same records as `/api/catalog` and `/api/catalog/{name}`.
 */

/** @example values(1) // "1 value" */
const values = (n: number) => `${n} ${n === 1 ? 'value' : 'values'}`;

const COUNTED: Record<Catalog['counts'], string> = { cards: 'Cards', sealed: 'Products', articles: 'Articles' };

/** Where the values go, each template as code: `/api/cards?q=type:{value}`. */
const usageOf = (catalog: Catalog): (string | PhrasingContent)[] => catalog.usage.flatMap((u, i) => [...(i > 0 ? [', '] : []), code(u)]);

/** @example catalogToMarkdown(types) // "# Energy types\n\n2 values … | `fire` | Fire | 2 |…" */
export function catalogToMarkdown(catalog: Catalog): string {
  const sets = catalog.name === 'sets';
  const nodes: RootContent[] = [
    heading(1, catalog.title),
    paragraph(
      `${values(catalog.total)}, the most held first. Use a value as written in the first column (`,
      ...usageOf(catalog),
      `); the count is of the ${catalog.counts === 'sealed' ? 'sealed products' : catalog.counts} that hold it. As JSON: `,
      link(catalogUrl(catalog.name), catalogUrl(catalog.name)),
      '. Every catalogue: ',
      link(catalogMarkdownUrl(), catalogMarkdownUrl()),
      '.',
    ),
  ];
  if (catalog.values.length > 0) {
    const header = ['Value', 'Label', COUNTED[catalog.counts], ...(sets ? ['Sealed', 'Series', 'Language', 'Year', 'PTCGO code'] : [])];
    const rows = catalog.values.map((e) => [
      code(e.value),
      e.label ?? '',
      String(e.count),
      ...(sets ? [String(e.sealedCount ?? 0), e.series ?? '', e.language ?? '', String(e.releaseYear ?? ''), e.ptcgoCode ?? ''] : []),
    ]);
    nodes.push(table(header, rows, ['left', 'left', 'right', ...(sets ? (['right', 'left', 'left', 'left', 'left'] as const) : [])]));
  }
  return toMarkdown(nodes);
}

export function catalogIndexToMarkdown(index: CatalogIndex): string {
  return toMarkdown([
    heading(1, 'Catalogues of filter values'),
    paragraph('What the search filters accept, each value with how many items hold it. As JSON: ', link(catalogUrl(), catalogUrl()), '.'),
    list(index.catalogs.map((c) => [link(c.markdownUrl, c.title), ` (${values(c.total)}; JSON: `, link(c.url, c.url), ')'])),
  ]);
}
