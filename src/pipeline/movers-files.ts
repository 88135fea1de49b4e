import { MOVERS_LIMIT, type MoverSource, moverChanges, moversOf } from '../catalogue/movers.ts';
import { MOVERS_MARKDOWN_URL, MOVERS_PAGE, MOVERS_URL, pageUrl } from '../http/links.ts';
import { moversToMarkdown } from '../render/markdown/movers-markdown.ts';
import type { CardPieces } from './card-pieces.ts';
import type { CatalogueView } from './catalogue-parts.ts';
import type { EmittedFile, MarkdownFile, PageRenderer } from './emit-items.ts';
import { outputPath } from './file-groups.ts';

/**
 * The price movers (src/catalogue/movers.ts): `/api/movers.json`, `/movers.md` and `/movers.html`. How each card moved
 * in each window is one of its pieces: moversOf is given only the items that can be in a list (listable), and the
 * others' histories are not read.
 */
export async function* moversFiles(
  catalogue: CatalogueView<'cards' | 'sealed' | 'pricesAsOf'> & { pieces: Pick<CardPieces, 'history' | 'moves'> },
  render: Pick<PageRenderer, 'movers'>,
): AsyncGenerator<EmittedFile | MarkdownFile> {
  const { pieces } = catalogue;
  const cardMoves = catalogue.cards.flatMap((_, i) => {
    const moves = pieces.moves(i);
    return moves ? [{ item: i, moves }] : [];
  });
  const cards = listable(cardMoves).map((i): MoverSource => {
    const { id, slug, name, setName } = catalogue.cards[i];
    return { id, slug, name, setName, url: pageUrl('cards', slug), history: pieces.history(i) };
  });
  const changesOf = moverChanges(catalogue.pricesAsOf);
  const sealedMoves = catalogue.sealed.flatMap((p) => {
    if (!p.history) return [];
    const source: MoverSource = { id: p.id, slug: p.slug, name: p.cleanName, url: pageUrl('sealed', p.slug), history: p.history };
    const moves = changesOf(source);
    return moves.some((change) => change !== null) ? [{ item: source, moves }] : [];
  });
  const movers = moversOf(cards, listable(sealedMoves), catalogue.pricesAsOf);
  yield ['client', `${outputPath(MOVERS_URL)}.json`, JSON.stringify(movers)];
  yield { markdown: 'text', path: outputPath(MOVERS_MARKDOWN_URL), body: moversToMarkdown(movers) };
  yield ['client', `${outputPath(MOVERS_PAGE)}.html`, await render.movers(movers)];
}

/**
 * The items that can be in a list, in their order: in some window, a rise at least the MOVERS_LIMIT-th largest rise
 * or a fall at least the MOVERS_LIMIT-th largest fall (ties kept: the lists break them by dollars and id).
 */
export function listable<T>(moved: readonly { item: T; moves: readonly (number | null)[] }[]): T[] {
  const windows = moved[0]?.moves.length ?? 0;
  const bounds = Array.from({ length: windows }, (_, w) => {
    const changes = moved.flatMap(({ moves }) => (moves[w] === null ? [] : [moves[w]]));
    const rises = changes.filter((c) => c > 0).sort((a, b) => b - a);
    const falls = changes.filter((c) => c < 0).sort((a, b) => a - b);
    return { rise: rises[MOVERS_LIMIT - 1] ?? 0, fall: falls[MOVERS_LIMIT - 1] ?? 0 };
  });
  return moved
    .filter(({ moves }) => moves.some((c, w) => c !== null && ((c > 0 && c >= bounds[w].rise) || (c < 0 && c <= bounds[w].fall))))
    .map(({ item }) => item);
}
