import type { PhrasingContent, RootContent } from 'mdast';
import { formatUsd, historyChange } from '../../catalogue/format.ts';
import { historySpan } from '../../catalogue/price-history.ts';
import { confidenceWords } from '../../catalogue/value-confidence.ts';
import type { History, Market, ValueConfidence } from '../../schemas/api-types.ts';
import { heading, link, paragraph, strong } from './mdast.ts';

/**
 * The parts that cards and sealed products say alike in their Markdown twins:
 * where the value comes from, and how it moved over the history window.
 */
export function marketFacts(market: Market | null): (string | PhrasingContent)[][] {
  if (!market) return [];
  return [
    [`Listings: ${formatUsd(market.lowPrice)} low to ${formatUsd(market.highPrice)} high`],
    [`Source: ${market.source}, ${market.updatedAt} (`, link(market.marketUrl, 'marketplace page'), ')'],
  ];
}

/**
 * How sure the value is, in words, right after the value: `Confidence: **low** — thin market: listings from …`.
 * Nothing for an unpriced value.
 */
export function confidenceParagraph(valueUsd: number | null, confidence: ValueConfidence | null, market: Market | null): RootContent[] {
  if (valueUsd === null || !confidence) return [];
  const listings = { low: market?.lowPrice ?? null, high: market?.highPrice ?? null };
  return [paragraph('Confidence: ', strong(confidence.tier), ` — ${confidenceWords(confidence, valueUsd, listings)}.`)];
}

/** A "Price history" section summing up the series, weekly closes included; nothing when it has under two prices. */
export function historySection(history: History | undefined, jsonHref: string): RootContent[] {
  const span = history && historySpan(history);
  const change = span && historyChange(span.market);
  if (!history || !span || !change) return [];
  const values = history.weekly ? `Daily values from ${history.start} and weekly closes before are in the ` : 'Daily values are in the ';
  return [
    heading(2, 'Price history'),
    paragraph(
      `Market price ${formatUsd(change.first)} → ${formatUsd(change.last)} from ${span.from} to ${span.to} ` +
        `(${change.changePct >= 0 ? '+' : ''}${change.changePct}%). ${values}`,
      link(jsonHref, 'JSON'),
      '.',
    ),
  ];
}
