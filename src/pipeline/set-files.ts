import { type SetCardSource, type SetSummary, setCardsOf, setListOf, setToDetail } from '../catalogue/set-record.ts';
import { setListToMarkdown } from '../render/markdown/set-markdown.ts';
import type { CardPieces } from './card-pieces.ts';
import type { Catalogue } from './catalogue.ts';
import type { EmitItem, PageRenderer } from './emit-items.ts';
import { recordGroup } from './file-groups.ts';

/**
 * The set pages, in three representations each (`/api/sets/{setId}.json`, `/sets/{setId}.md`, `/sets/{setId}.html`),
 * and their index: figures from the card summaries, the histories of each set's top cards from the card pieces.
 */
export async function* setFiles(
  catalogue: Catalogue,
  render: Pick<PageRenderer, 'set' | 'setList'>,
  pieces: Pick<CardPieces, 'history'>,
): AsyncGenerator<EmitItem> {
  const sources = new Map<string, (SetCardSource & { index: number })[]>();
  catalogue.cards.forEach((summary, index) => {
    const key = catalogue.cardKeys.get(summary.id)!;
    // A card's page links its set by the set id its own id begins with (src/check/content-references.ts holds them to it).
    let inSet = sources.get(key.set);
    if (!inSet) sources.set(key.set, (inSet = []));
    inSet.push({ summary, number: key.number, index });
  });
  const summaries: SetSummary[] = [];
  for (const set of catalogue.sets) {
    const inSet = sources.get(set.id) ?? [];
    const indexById = new Map(inSet.map((s) => [s.summary.id, s.index]));
    const detail = setToDetail(set, setCardsOf(set, inSet), catalogue.pricesAsOf, (card) => pieces.history(indexById.get(card.id)!));
    const { pricesAsOf, cards, ...summary } = detail;
    summaries.push(summary);
    const json = JSON.stringify(detail);
    yield recordGroup('sets', set.id, json, { markdown: 'set', html: () => render.set(detail) });
  }
  const setList = setListOf(summaries, catalogue.pricesAsOf);
  const json = JSON.stringify(setList);
  yield recordGroup('sets', undefined, json, { markdown: () => setListToMarkdown(setList), html: () => render.setList(setList) });
}
