import type { PhrasingContent, RootContent } from 'mdast';
import { formatUsd } from '../../catalogue/format.ts';
import { pageUrl } from '../../http/links.ts';
import type { CardSearch, CardSummary, KnowledgeList, SealedSearch, SearchIgnored } from '../../schemas/api-types.ts';
import { code, link, list, paragraph, strong, table, text, toMarkdown } from './mdast.ts';

/**
 * Search answers (/api/cards, /api/sealed, /api/knowledge) as compact Markdown for agents, the text the MCP
 * search tools answer with: one summary line, what the query did not use, then one table row per result.
 * No images, no headings: every token counts. Built as a tree and serialised (mdast.ts), never glued.
 */

/** The Markdown twin of a GET /api/cards answer. */
export function cardSearchToMarkdown(answer: CardSearch): string {
  const nodes = searchPreamble(answer, ['card', 'cards']);
  if (answer.results.length > 0) {
    nodes.push(
      table(
        ['Card', 'Id', 'Set', 'Rarity', 'Value', 'Band'],
        answer.results.map((card) => [
          link(pageUrl('cards', card.slug), card.exactName),
          card.id,
          card.setName,
          card.rarity,
          cardValue(card),
          card.valueBand ?? '',
        ]),
        [null, null, null, null, 'right', null],
      ),
    );
  }
  return toMarkdown(nodes);
}

/** The Markdown twin of a GET /api/sealed answer. */
export function sealedSearchToMarkdown(answer: SealedSearch): string {
  const nodes = searchPreamble(answer, ['product', 'products']);
  if (answer.results.length > 0) {
    nodes.push(
      table(
        ['Product', 'Product id', 'Kind', 'Set', 'Value', 'Per pack'],
        answer.results.map((product) => [
          link(pageUrl('sealed', product.slug), product.cleanName),
          String(product.productId),
          product.kind,
          product.groupName,
          product.valueUsd === null ? formatUsd(null) : `${formatUsd(product.valueUsd)}${product.priceStatus === 'stale' ? ' (stale)' : ''}`,
          formatUsd(product.pricePerPack),
        ]),
        [null, 'right', null, null, 'right', 'right'],
      ),
    );
  }
  return toMarkdown(nodes);
}

/** The Markdown twin of a GET /api/knowledge answer: one line per article, its question, the start of its answer and its link. */
export function knowledgeListToMarkdown(items: KnowledgeList): string {
  if (items.length === 0) return toMarkdown([paragraph('No articles matched.')]);
  return toMarkdown([list(items.map((item) => [strong(item.question), ` ${snippet(item.answer)} — `, link(pageUrl('knowledge', item.id), item.id)]))]);
}

/** How long an answer may run in a knowledge list before it is cut. */
const SNIPPET_LENGTH = 200;

/**
 * The start of a text, at most `max` characters and an ellipsis, cut at the last space that fits (mid-word only
 * when the first word alone is longer), without the punctuation left hanging at the cut.
 * @example snippet('Grading adds value to rare cards', 20) // "Grading adds value…"
 */
function snippet(value: string, max = SNIPPET_LENGTH): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const space = flat.lastIndexOf(' ', max);
  const cut = space > 0 ? flat.slice(0, space) : flat.slice(0, max);
  return `${cut.replace(/[\s,;:.\-–—(]+$/u, '')}…`;
}

type Nouns = [one: string, many: string];

/** The summary line, then the query words the search did not use and the ids that named nothing. */
function searchPreamble(answer: CardSearch | SealedSearch, nouns: Nouns): RootContent[] {
  const nodes: RootContent[] = [paragraph(summaryLine(answer, nouns))];
  if (answer.ignored?.length) nodes.push(paragraph('Ignored: ', ...joined(answer.ignored.map(ignoredWord)), '.'));
  if (answer.notFound?.length) nodes.push(paragraph('Not found: ', ...joined(answer.notFound.map((id) => [code(id)])), '.'));
  return nodes;
}

/** @example "Showing 11–20 of 52 cards." */
function summaryLine({ total, count, offset = 0, results }: CardSearch | SealedSearch, [one, many]: Nouns): string {
  const shown = results.length || count;
  const noun = total === 1 ? one : many;
  if (shown === 0) {
    if (total === 0) return `No ${many} matched.`;
    if (offset >= total) return `No ${many} on this page: offset ${offset} is past the ${total} ${noun} that matched.`;
    return `${total} ${noun} matched; none shown (limit 0).`;
  }
  const range = shown === 1 ? `${offset + 1}` : `${offset + 1}–${offset + shown}`;
  return `Showing ${range} of ${total} ${noun}.`;
}

/** Why the search did not use a word, in a few words (search-ignored.json has the full reasons). */
const IGNORED_REASON: Record<SearchIgnored[number]['reason'], string> = {
  'not-found': 'not found',
  'no-match-with-rest': 'matches nothing with the other words',
  grade: 'a grade: search does not filter by grade',
  filler: 'filler',
  'over-limit': 'over the query limit',
};

function ignoredWord({ word, reason }: SearchIgnored[number]): PhrasingContent[] {
  return [code(word), text(` (${IGNORED_REASON[reason]})`)];
}

/** Phrases separated by commas. */
function joined(parts: PhrasingContent[][]): PhrasingContent[] {
  return parts.flatMap((part, i) => (i === 0 ? part : [text(', '), ...part]));
}

/** The value a result stands for: the printing the request named, labelled, else the card's, marked when stale. */
function cardValue(card: CardSummary): string {
  if (card.printing) return `${formatUsd(card.printing.valueUsd)} (${card.printing.label})`;
  if (card.valueUsd === null) return formatUsd(null);
  return `${formatUsd(card.valueUsd)}${card.priceStatus === 'stale' ? ' (stale)' : ''}`;
}
