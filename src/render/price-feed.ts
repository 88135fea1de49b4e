import { createHash } from 'node:crypto';
import { formatUsd, plainDecimal, signedPct, signedUsd } from '../catalogue/format.ts';
import type { PriceAlert } from '../catalogue/price-alerts.ts';
import type { PriceFeed as JsonPriceFeed } from '../schemas/api-types.ts';
import { escapeHtml as e } from './html.ts';

/**
 * A feed of price alerts (src/catalogue/price-alerts.ts) written two ways: JSON Feed 1.1
 * (https://www.jsonfeed.org/version/1.1/) and Atom (RFC 4287). Both say the same items with the same ids, so a
 * reader that moves from one to the other sees nothing new. Every URL is absolute, from the public origin the feed
 * is given (docs/api.md#feeds): JSON Feed 1.1 asks for full URLs, and readers that resolve a relative one against
 * the feed's own URL are few (most drop it).
 */

/** What the feed is of: its title, its page, and a key that names it for good (its id is made from it). */
export interface PriceFeedOf {
  /** "Charizard (Base 4/102)", "Base" or "Evolving Skies Booster Box": what the alerts are of, as a title says it. */
  title: string;
  /** The origin every URL starts with: `https://cards.example`. */
  origin: string;
  /** The page of the card, the set, the product or the list, root-relative. */
  pageUrl: string;
  /** The feed's own URLs, JSON and Atom, root-relative, each with its parameters as the request gave them, normalised. */
  jsonUrl: string;
  atomUrl: string;
  /** A stable name of the feed: path and parameters (`cards/charizard-base1-4?window=7d&threshold=10`). */
  key: string;
  threshold: number;
  window: string;
  /** The prices' date: what the feed's `updated` is when no alert is newer. */
  pricesAsOf: string;
}

/** What an item's alert is of: a card's printing, or a sealed product. */
export type PriceFeedSubject =
  | { kind: 'card'; slug: string; name: string; printing: { id: string; label: string }; pageUrl: string }
  | { kind: 'sealed'; slug: string; name: string; pageUrl: string };

/** One item: an alert of one card's printing or one sealed product. */
export interface PriceFeedItem {
  alert: PriceAlert;
  subject: PriceFeedSubject;
}

/** A URN that names `key` for good: a name-based UUID (RFC 9562 §5.5, SHA-1), which Atom's ids need (an absolute IRI). */
export function feedIdOf(key: string): string {
  const hash = createHash('sha1').update(`card-values:${key}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An item's id: what moved (the card's printing, or the sealed product), the window, the direction and the day. So
 * the same crossing has the same id in every feed and every build, and two printings of one card crossing on one
 * day are two items. The names are the slug and the printing's id, which change only when the source's own words
 * do (src/schemas/printing-names.ts).
 */
export function itemIdOf({ subject, alert }: PriceFeedItem): string {
  return feedIdOf(`${subjectKey(subject)}/${alert.days}d/${alert.direction}/${alert.date}`);
}

/** What moved, as an item's id and a list's feed name it: `charizard-base1-4/holofoil`, `sealed/evolving-skies-booster-box-242436`. */
export const subjectKey = (subject: PriceFeedSubject) => (subject.kind === 'card' ? `${subject.slug}/${subject.printing.id}` : `sealed/${subject.slug}`);

/** A day as RFC 3339 (midnight UTC: prices are per UTC day). */
const instant = (date: string) => `${date}T00:00:00Z`;

/** What moved, as a title names it: the card and its printing, or the product. */
const nameOf = (subject: PriceFeedSubject) => (subject.kind === 'card' ? `${subject.name} ${subject.printing.label}` : subject.name);

/** @example itemTitle(item) // "Charizard (Base 4/102) Holofoil up 14.2% in 7 days" */
export function itemTitle({ subject, alert }: PriceFeedItem): string {
  return `${nameOf(subject)} ${alert.direction} ${Math.abs(alert.changePct)}% in ${alert.days} days`;
}

/** @example itemText(item) // "Charizard (Base 4/102) Holofoil: $400.00 on 2025-10-13 to $456.80 on 2025-10-20, +$56.80 (+14.2%) over 7 days." */
export function itemText({ subject, alert }: PriceFeedItem): string {
  return (
    `${nameOf(subject)}: ${formatUsd(alert.from.usd)} on ${alert.from.date} to ${formatUsd(alert.to.usd)} on ${alert.to.date}, ` +
    `${signedUsd(alert.changeUsd)} (${signedPct(alert.changePct)}) over ${alert.days} days.`
  );
}

const feedTitle = (of: PriceFeedOf) => `${of.title}: price moves of ${plainDecimal(of.threshold)}% or more over ${of.window.replace('d', ' days')}`;
const updatedOf = (of: PriceFeedOf, items: readonly PriceFeedItem[]) => instant(items[0]?.alert.date ?? of.pricesAsOf);

/** The alert as data: what moved, and how. */
function priceChangeOf({ subject, alert }: PriceFeedItem): NonNullable<JsonPriceFeed['items'][number]['_price_change']> {
  const move = { direction: alert.direction, days: alert.days, from: alert.from, to: alert.to, changeUsd: alert.changeUsd, changePct: alert.changePct };
  return subject.kind === 'card' ? { card: subject.slug, printing: subject.printing.id, ...move } : { sealed: subject.slug, ...move };
}

/** The JSON Feed 1.1 document (schemas/api/price-feed.json). */
export function priceFeedToJson(of: PriceFeedOf, items: readonly PriceFeedItem[]): JsonPriceFeed {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: feedTitle(of),
    home_page_url: `${of.origin}${of.pageUrl}`,
    feed_url: `${of.origin}${of.jsonUrl}`,
    description: `Each day on which the market price's change over ${of.window.replace('d', ' days')} first reached ${plainDecimal(of.threshold)}% up or down; newest first.`,
    language: 'en',
    items: items.map((item) => ({
      id: itemIdOf(item),
      url: `${of.origin}${item.subject.pageUrl}`,
      title: itemTitle(item),
      content_text: itemText(item),
      date_published: instant(item.alert.date),
      _price_change: priceChangeOf(item),
    })),
  };
}

/** The Atom document (RFC 4287): a feed with its id, title, updated, author and links, an entry per item. */
export function priceFeedToAtom(of: PriceFeedOf, items: readonly PriceFeedItem[]): string {
  const entries = items.map(
    (item) => `  <entry>
    <id>${itemIdOf(item)}</id>
    <title>${e(itemTitle(item))}</title>
    <updated>${instant(item.alert.date)}</updated>
    <published>${instant(item.alert.date)}</published>
    <link rel="alternate" type="text/html" href="${e(`${of.origin}${item.subject.pageUrl}`)}"/>
    <content type="text">${e(itemText(item))}</content>
  </entry>
`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <id>${feedIdOf(of.key)}</id>
  <title>${e(feedTitle(of))}</title>
  <updated>${updatedOf(of, items)}</updated>
  <author><name>card-values</name></author>
  <link rel="self" type="application/atom+xml" href="${e(`${of.origin}${of.atomUrl}`)}"/>
  <link rel="alternate" type="text/html" href="${e(`${of.origin}${of.pageUrl}`)}"/>
  <link rel="alternate" type="application/feed+json" href="${e(`${of.origin}${of.jsonUrl}`)}"/>
${entries.join('')}</feed>
`;
}
