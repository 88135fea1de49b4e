import type { PhrasingContent, RootContent, Table, TableCell } from 'mdast';
import { formatUsd, signedPct } from '../../catalogue/format.ts';
import { historyChange } from '../../catalogue/price-history.ts';
import type { SetSummary } from '../../catalogue/set-record.ts';
import { jsonUrl, pageUrl } from '../../http/links.ts';
import type { SetCard, SetDetail, SetList } from '../../schemas/api-types.ts';
import { japaneseNameBeside, languageLine } from '../../schemas/language.ts';
import { heading, link, list, paragraph, strong, text, toMarkdown } from './mdast.ts';

/**
 * The Markdown twins of the set pages: `/sets.md` (every set by language and series) and
 * `/sets/{setId}.md` (one set's cards by value), from the same records as
 * `/api/sets` and `/api/sets/{setId}`.
 */

type Cell = string | PhrasingContent | (string | PhrasingContent)[];

/** A GFM table whose cells may hold links (mdast.ts `table` takes plain text only). */
function richTable(header: string[], rows: Cell[][], align: ('left' | 'right' | null)[]): Table {
  const cell = (content: Cell): TableCell => ({
    type: 'tableCell',
    children: (Array.isArray(content) ? content : [content]).map((c) => (typeof c === 'string' ? text(c) : c)),
  });
  return {
    type: 'table',
    align,
    children: [header, ...rows].map((cells) => ({ type: 'tableRow', children: cells.map(cell) })),
  };
}

/** "$1,234.56" or "none priced" for a set's total. */
const totalText = (set: SetSummary) => (set.totalValueUsd === null ? 'none priced' : formatUsd(set.totalValueUsd));

/** A card's value as a set table shows it: the dollars (marked when stale), or "unpriced". */
export function setCardValueText(card: Pick<SetCard, 'valueUsd' | 'priceStatus'>): string {
  if (card.valueUsd === null) return 'unpriced';
  return card.priceStatus === 'stale' ? `${formatUsd(card.valueUsd)} (stale)` : formatUsd(card.valueUsd);
}

/** A linked name, and the record's Japanese name after it in brackets where it adds one. */
function withJapaneseName(name: PhrasingContent, record: { name: string; nameJa: string | null }): Cell {
  const japanese = japaneseNameBeside(record);
  return japanese ? [name, ` (${japanese})`] : name;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * `/sets.md`: a section per language (English, then Japanese), in it a table per series; a Japanese set is written
 * with both its names, the English name linked.
 */
export function setListToMarkdown(setList: SetList): string {
  const nodes: RootContent[] = [heading(1, 'Card sets')];
  const byLanguage = setList.languages.map((l) => `${plural(l.totalSets, `${l.name} set`)} in ${plural(l.seriesCount, 'series', 'series')}`);
  nodes.push(
    paragraph(
      `${plural(setList.totalSets, 'set')} (${plural(setList.totalCards, 'card')}) by the language they are printed in: ${byLanguage.join(', ')}. ` +
        `In each language the newest series first and, inside each, the newest set first. Total value: the sum of the values of a set's priced cards ` +
        `(TCGplayer market prices as of ${setList.pricesAsOf}; unpriced cards add nothing). As JSON: `,
      link(jsonUrl('sets'), jsonUrl('sets')),
      '.',
    ),
  );
  for (const language of setList.languages) {
    nodes.push(heading(2, `${language.name} sets`));
    for (const series of setList.series.filter((s) => s.language === language.language)) {
      nodes.push(heading(3, series.name));
      nodes.push(
        richTable(
          ['Set', 'Released', 'Cards', 'Priced', 'Total value', 'Most valuable'],
          series.sets.map((set) => [
            withJapaneseName(link(pageUrl('sets', set.id), set.name), set),
            set.releaseDate,
            String(set.cardCount),
            String(set.pricedCardCount),
            totalText(set),
            set.topCard ? [link(pageUrl('cards', set.topCard.slug), set.topCard.name), ` ${formatUsd(set.topCard.valueUsd)}`] : 'none',
          ]),
          ['left', 'left', 'right', 'right', 'right', 'left'],
        ),
      );
    }
  }
  return toMarkdown(nodes);
}

export function setToMarkdown(set: SetDetail): string {
  return toMarkdown(setToMarkdownTree(set));
}

/** The syntax tree of a set's Markdown twin (exported for the tests). */
export function setToMarkdownTree(set: SetDetail): RootContent[] {
  const nodes: RootContent[] = [heading(1, `${set.name} (${set.series} series)`)];
  nodes.push(
    set.totalValueUsd === null
      ? paragraph(`No card of this set has a market price (${plural(set.cardCount, 'card')} in the catalogue).`)
      : paragraph(
          'Total value: ',
          strong(formatUsd(set.totalValueUsd)),
          `, the sum of the values of its ${plural(set.pricedCardCount, 'priced card')} ` +
            `(of ${plural(set.cardCount, 'card')} in the catalogue; TCGplayer market prices as of ${set.pricesAsOf}).`,
        ),
  );
  const details: (string | PhrasingContent)[][] = [
    [`Set id: ${set.id}${set.ptcgoCode ? ` (PTCGO code ${set.ptcgoCode})` : ''}${set.tcgplayerGroupId ? ` (TCGplayer group ${set.tcgplayerGroupId})` : ''}`],
    [languageLine(set)],
    [`Released: ${set.releaseDate}`],
    [`Printed total: ${set.printedTotal} (${set.total} with secret rares)`],
  ];
  if (set.topCard) details.push(['Most valuable: ', link(pageUrl('cards', set.topCard.slug), set.topCard.name), ` at ${formatUsd(set.topCard.valueUsd)}`]);
  nodes.push(list(details));
  if (set.cards.length > 0) {
    nodes.push(heading(2, 'Cards by value'));
    nodes.push(
      richTable(
        ['No.', 'Card', 'Rarity', 'Value', 'Band'],
        set.cards.map((card) => [
          card.number,
          withJapaneseName(link(pageUrl('cards', card.slug), card.name), card),
          card.rarity || 'none',
          setCardValueText(card),
          card.valueBand ?? 'none',
        ]),
        ['left', 'left', 'left', 'right', 'left'],
      ),
    );
  }
  const moves = set.cards.flatMap((card) => {
    const change = card.history && historyChange(card.history);
    return change ? [{ card, change }] : [];
  });
  if (moves.length > 0) {
    nodes.push(heading(2, 'Price history of the most valuable cards'));
    nodes.push(
      list(
        moves.map(({ card, change }) => [
          link(pageUrl('cards', card.slug), card.name),
          `: ${formatUsd(change.first.usd)} → ${formatUsd(change.last.usd)} from ${change.first.date} to ${change.last.date} (${signedPct(change.changePct)})`,
        ]),
      ),
    );
  }
  nodes.push(
    paragraph(
      'As JSON (daily prices included): ',
      link(jsonUrl('sets', set.id), jsonUrl('sets', set.id)),
      ' · Every set: ',
      link(pageUrl('sets'), pageUrl('sets')),
    ),
  );
  return nodes;
}
