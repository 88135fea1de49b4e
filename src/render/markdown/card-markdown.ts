import type { RootContent } from 'mdast';
import { formatUsd } from '../../catalogue/format.ts';
import { marketProductWords } from '../../catalogue/marketplace.ts';
import { bandLabel } from '../../catalogue/value-bands.ts';
import { jsonUrl, pageUrl } from '../../http/links.ts';
import type { CardDetail } from '../../schemas/api-types.ts';
import { languageLine } from '../../schemas/language.ts';
import { itemChangesLine } from './change-markdown.ts';
import { confidenceParagraph, historySection, marketDetails } from './market-markdown.ts';
import { heading, link, list, paragraph, strong, table, toMarkdown } from './mdast.ts';

/**
 * The Markdown twin of `/api/cards/{slug}`: the same record, written for an
 * agent to read in few tokens (details as a list, printings as a table).
 */
export function cardToMarkdown(card: CardDetail): string {
  return toMarkdown(cardToMarkdownTree(card));
}

/** The syntax tree of the Markdown twin (exported so tests can serialise it both ways). */
export function cardToMarkdownTree(card: CardDetail): RootContent[] {
  const nodes: RootContent[] = [heading(1, card.exactName)];
  nodes.push(
    card.valueUsd === null
      ? paragraph('No market price is known for this card (', strong('unpriced'), ').')
      : paragraph(
          'Value: ',
          strong(formatUsd(card.valueUsd)),
          `, band ${card.valueBand ? bandLabel(card.valueBand) : 'none'}${card.priceStatus === 'stale' ? ' (stale price)' : ''}.`,
        ),
    ...confidenceParagraph(card.valueUsd, card.confidence, card.market),
  );
  const details = [
    [`Set: ${card.setName}`],
    [languageLine(card)],
    [`Rarity: ${card.rarity || 'none'}`],
    [`Types: ${card.types.join(', ') || 'none'}`],
    [`Subtypes: ${card.subtypes.join(', ') || 'none'}`],
    [
      Object.keys(card.legalities).length === 0
        ? 'Legalities: not recorded by the source'
        : `Legal in: ${Object.entries(card.legalities)
            .map(([f, l]) => (l === 'Legal' ? f : `${f} (${l.toLowerCase()})`))
            .join(', ')}`,
    ],
    ...marketDetails(card.market, card.language),
  ];
  nodes.push(list(details));
  nodes.push(...printingsSection(card));
  if (card.graded) {
    nodes.push(heading(2, 'Graded'));
    nodes.push(
      paragraph(
        `PSA 10 sells for ${formatUsd(card.graded.psa10)} against ${formatUsd(card.graded.ungraded)} ungraded: ` +
          `${card.graded.psa10Multiplier}× (${card.graded.source}, ${card.graded.updatedAt}).`,
      ),
    );
  }
  nodes.push(...historySection(card.history, jsonUrl('cards', card.slug), card.change));
  nodes.push(...itemChangesLine(card.changes));
  nodes.push(paragraph('Page: ', link(pageUrl('cards', card.slug), pageUrl('cards', card.slug)), ' · Image: ', link(card.imageSmall, 'small')));
  return nodes;
}

/** Every printing with its own value, most valuable first; which of them the card's value is. */
function printingsSection(card: CardDetail): RootContent[] {
  if (card.printings.length === 0) return [];
  const valued = card.printings.find((p) => p.id === card.valuePrinting);
  return [
    heading(2, 'Printings'),
    paragraph(
      (valued ? `The value above is the ${valued.label} printing (${valued.id}). ` : '') +
        (card.printings.length === 1 ? 'The one printing:' : `All ${card.printings.length} printings, most valuable first:`),
    ),
    table(
      ['Printing', 'Market', 'Low', 'High', 'Confidence', 'Updated', marketProductWords(card.language).column],
      card.printings.map((p) => [
        p.priceStatus === 'unpriced' ? `${p.label} (unpriced)` : p.label,
        formatUsd(p.marketPrice),
        formatUsd(p.lowPrice),
        formatUsd(p.highPrice),
        p.confidence?.tier ?? 'n/a',
        p.updatedAt,
        link(p.marketUrl, p.productId === null ? 'TCGplayer' : String(p.productId)),
      ]),
      ['left', 'right', 'right', 'right', 'left', 'left', 'left'],
    ),
  ];
}
