import { type MoverSource, moversOf } from '../catalogue/movers.ts';
import { MOVERS_MARKDOWN_URL, MOVERS_PAGE, MOVERS_URL, pageUrl } from '../http/links.ts';
import { moversToMarkdown } from '../render/markdown/movers-markdown.ts';
import { time } from './build-profile.ts';
import type { CardPieces } from './card-pieces.ts';
import type { Catalogue } from './catalogue.ts';
import type { EmittedFile, MarkdownFile, PageRenderer } from './emit-items.ts';
import { outputPath } from './representations.ts';
import type { SealedPieces } from './sealed-pieces.ts';

/**
 * The price movers (src/catalogue/movers.ts): `/api/movers.json`, its Markdown twin `/movers.md` and the page
 * `/movers.html`, from each card's value history and each sealed product's. Only the cards and products their
 * pieces (src/pipeline/card-pieces.ts, sealed-pieces.ts) say would be listed were they alone are read: the others
 * are in no list.
 */
export async function* moversFiles(
  catalogue: Catalogue,
  render: Pick<PageRenderer, 'movers'>,
  pieces: Pick<CardPieces, 'history' | 'mover'>,
  sealedPieces: Pick<SealedPieces, 'mover' | 'save'>,
): AsyncGenerator<EmittedFile | MarkdownFile> {
  const cards = (function* (): Generator<MoverSource> {
    for (let i = 0; i < catalogue.cards.length; i++) {
      if (!pieces.mover(i)) continue;
      const { id, slug, name, setName } = catalogue.cards[i];
      yield { id, slug, name, setName, url: pageUrl('cards', slug), history: pieces.history(i) };
    }
  })();
  const sealed = catalogue.sealed.flatMap((p): MoverSource[] =>
    sealedPieces.mover(p) ? [{ id: p.id, slug: p.slug, name: p.cleanName, url: pageUrl('sealed', p.slug), history: p.history }] : [],
  );
  const movers = time('site: movers', () => moversOf(cards, sealed, catalogue.pricesAsOf));
  sealedPieces.save();
  yield ['client', `${outputPath(MOVERS_URL)}.json`, JSON.stringify(movers)];
  yield { markdown: 'text', path: outputPath(MOVERS_MARKDOWN_URL), body: moversToMarkdown(movers) };
  yield ['client', `${outputPath(MOVERS_PAGE)}.html`, await render.movers(movers)];
}
