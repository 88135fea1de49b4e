import type { PhrasingContent, RootContent } from 'mdast';
import { formatUsd, signedPct } from '../../catalogue/format.ts';
import { marketProductWords } from '../../catalogue/marketplace.ts';
import { changesInWords } from '../../catalogue/price-change-fields.ts';
import { historyChange } from '../../catalogue/price-history.ts';
import { confidenceWords } from '../../catalogue/value-confidence.ts';
import type { History, Market, PriceChanges, ValueConfidence } from '../../schemas/api-types.ts';
import type { Language } from '../../schemas/language.ts';
import { heading, link, list, paragraph, strong } from './mdast.ts';

/**
 * The parts that cards and sealed products say alike in their Markdown twins:
 * where the value comes from, and how it moved over the history window.
 */
export function marketDetails(market: Market | null, language: Language = 'en'): (string | PhrasingContent)[][] {
  if (!market) return [];
  return [
    [`Listings: ${formatUsd(market.lowPrice)} low to ${formatUsd(market.highPrice)} high`],
    [`Source: ${market.source}, ${market.updatedAt} (`, link(market.marketUrl, marketProductWords(language).page), ')'],
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

/**
 * A "Price history" section summing up the series, weekly closes included (nothing of it when it has under two
 * prices), then the value's change over each window; nothing without a history (the JSON gives the change's reason).
 */
export function historySection(history: History | undefined, jsonHref: string, valueChange: PriceChanges): RootContent[] {
  if (!history) return [];
  const change = historyChange(history);
  const values = history.weekly ? `Daily values from ${history.start} and weekly closes before are in the ` : 'Daily values are in the ';
  return [
    heading(2, 'Price history'),
    ...(change
      ? [
          paragraph(
            `Market price ${formatUsd(change.first.usd)} → ${formatUsd(change.last.usd)} from ${change.first.date} to ${change.last.date} ` +
              `(${signedPct(change.changePct)}). ${values}`,
            link(jsonHref, 'JSON'),
            '.',
          ),
        ]
      : []),
    ...changeSection(valueChange, history),
  ];
}

/** The value's change over each window (price-change-fields.ts): a line each, or one sentence when one line says it all. */
function changeSection(change: PriceChanges, history: History | undefined): RootContent[] {
  const lines = changesInWords(change, history);
  return lines.length === 1 ? [paragraph(`Change over ${lines[0]}.`)] : [paragraph('Change:'), list(lines.map((line) => [line]))];
}
