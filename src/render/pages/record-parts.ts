/**
 * What a card's page and a sealed product's page both show, as HTML text: how sure the value is, the listings,
 * the price history with its changes in words, and the imports that changed the record. One place, so that the
 * two pages say it alike; everything a record supplies is escaped here.
 */

import { formatUsd } from '../../catalogue/format.ts';
import { marketProductWords } from '../../catalogue/marketplace.ts';
import { changesInWords } from '../../catalogue/price-change-fields.ts';
import type { PriceSeries } from '../../catalogue/price-history.ts';
import { confidenceWords } from '../../catalogue/value-confidence.ts';
import { changesMarkdownUrl } from '../../http/links.ts';
import type { ItemChanges, Market, PriceChanges, ValueConfidence } from '../../schemas/api-types.ts';
import type { Language } from '../../schemas/language.ts';
import { priceChartHtml } from '../charts/price-chart.ts';
import { escapeHtml as e } from '../html.ts';

/** How sure a value is, in the Markdown's words, beside the value ('' without one). */
export function valueConfidenceHtml(valueUsd: number | null, confidence: ValueConfidence | null, market: Market | null): string {
  if (valueUsd === null || !confidence) return '';
  const words = confidenceWords(confidence, valueUsd, { low: market?.lowPrice ?? null, high: market?.highPrice ?? null });
  return `<p class="confidence">Confidence: <strong>${e(confidence.tier)}</strong> — ${e(words)}.</p>`;
}

/** The listings line ('' without a market), its link naming the product of a card's language. */
export function listingsHtml(market: Market | null, language: Language = 'en'): string {
  if (!market) return '';
  return (
    `<p>Listings ${e(formatUsd(market.lowPrice))} – ${e(formatUsd(market.highPrice))} · <small>${e(market.source)}, ${e(market.updatedAt)}</small><br>` +
    `<a href="${e(market.marketUrl)}" rel="nofollow">${e(marketProductWords(language).link(market.source))}</a></p>`
  );
}

/** A price chart (`label`: what the series is) with the history's changes in words under it. */
export function priceHistoryHtml(history: PriceSeries, change: PriceChanges, label: string): string {
  const words = changesInWords(change, history);
  return `${priceChartHtml(history, { label })}<ul>${words.map((w) => `<li>${e(w)}</li>`).join('')}</ul>`;
}

/** The imports that changed a record, linked to their change records ('' when none did). */
export function changedByHtml(changes: ItemChanges): string {
  if (changes.length === 0) return '';
  const links = changes.map((c, i) => `${i > 0 ? ', ' : ''}<a href="${e(changesMarkdownUrl(c.asOf))}">${e(c.asOf)}</a> (${e(c.what.join(', '))})`);
  return `<p>Changed by imports: ${links.join('')}</p>`;
}
