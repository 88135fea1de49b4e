import { type MoverSource, moversOf } from '../catalogue/movers.ts';
import { MOVERS_MARKDOWN_URL, MOVERS_PAGE, MOVERS_URL, pageUrl } from '../http/links.ts';
import { moversToMarkdown } from '../render/markdown/movers-markdown.ts';
import { time } from './build-profile.ts';
import type { Catalogue } from './catalogue.ts';
import type { EmitItem, PageRenderer } from './emit-items.ts';
import { htmlPage, outputPath } from './representations.ts';

/**
 * The price movers (src/catalogue/movers.ts): `/api/movers.json`, its Markdown twin `/movers.md` and the page
 * `/movers.html`, from each card's value history (read file by file, as the search pages' trends are) and
 * each sealed product's.
 */
export function* moversFiles(catalogue: Catalogue, render: Pick<PageRenderer, 'movers'>): Generator<EmitItem> {
  const cards = (function* (): Generator<MoverSource> {
    for (let i = 0; i < catalogue.cards.length; i++) {
      const { id, slug, name, setName } = catalogue.cards[i];
      yield { id, slug, name, setName, url: pageUrl('cards', slug), history: catalogue.cardHistory(i) };
    }
  })();
  const sealed = catalogue.sealed.map((p): MoverSource => ({ id: p.id, slug: p.slug, name: p.cleanName, url: pageUrl('sealed', p.slug), history: p.history }));
  const movers = time('site: movers', () => moversOf(cards, sealed, catalogue.pricesAsOf));
  yield ['client', `${outputPath(MOVERS_URL)}.json`, JSON.stringify(movers)];
  yield { markdown: 'text', path: outputPath(MOVERS_MARKDOWN_URL), body: moversToMarkdown(movers) };
  yield htmlPage(MOVERS_PAGE, movers, render.movers);
}
