import { createHash } from 'node:crypto';
import { formatUsd } from '../catalogue/format.ts';
import type { PriceAlert } from '../catalogue/price-alerts.ts';
import type { PriceFeed as JsonPriceFeed } from '../schemas/api-types.ts';
import { escapeHtml as e } from './html.ts';

/**
 * A feed of price alerts (src/catalogue/price-alerts.ts) written two ways: JSON Feed 1.1
 * (https://www.jsonfeed.org/version/1.1/) and Atom (RFC 4287). Both say the same items with the same ids, so a
 * reader that moves from one to the other sees nothing new. URLs are root-relative: the function does not know the
 * origin it is reached by (a host in front may rename it), and a reader resolves them against the feed's own URL
 * (Atom's rule, RFC 4287 §4.2.7 by xml:base or the document's URI).
 */

/** What the feed is of: its title, its page, and a key that names it for good (its id is made from it). */
export interface PriceFeedOf {
  /** "Charizard (Base 4/102)" or "Base": what the alerts are of, as a title says it. */
  title: string;
  /** The page of the card or the set. */
  pageUrl: string;
  /** The feed's own URLs, JSON and Atom, each with its parameters as the request gave them, normalised. */
  jsonUrl: string;
  atomUrl: string;
  /** A stable name of the feed: path and parameters (`cards/charizard-base1-4?window=7d&threshold=10`). */
  key: string;
  threshold: number;
  window: string;
  /** The prices' date: what the feed's `updated` is when no alert is newer. */
  pricesAsOf: string;
}

/** One item: an alert of one card, with the words that name the card and its page. */
export interface PriceFeedItem {
  alert: PriceAlert;
  /** The card as a title names it: "Charizard (Base 4/102)". */
  label: string;
  slug: string;
  /** The printing whose history gave the alert. */
  printing: string;
  pageUrl: string;
}

/** A URN that names `key` for good: a name-based UUID (RFC 9562 §5.5, SHA-1), which Atom's ids need (an absolute IRI). */
export function feedIdOf(key: string): string {
  const hash = createHash('sha1').update(`card-values:${key}`).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An item's id: the card, the window, the direction and the day, so the same crossing has the same id in every feed. */
const itemIdOf = (item: PriceFeedItem) => feedIdOf(`${item.slug}/${item.alert.days}d/${item.alert.direction}/${item.alert.date}`);

/** A day as RFC 3339 (midnight UTC: prices are per UTC day). */
const instant = (date: string) => `${date}T00:00:00Z`;

/** @example itemTitle(item) // "Charizard (Base 4/102) up 14.2% in 7 days" */
export function itemTitle({ label, alert }: PriceFeedItem): string {
  return `${label} ${alert.direction} ${Math.abs(alert.changePct)}% in ${alert.days} days`;
}

/** @example itemText(item) // "Charizard (Base 4/102), Holofoil: $400.00 on 2025-10-13 to $456.80 on 2025-10-20, +$56.80 (+14.2%) over 7 days." */
export function itemText({ label, alert }: PriceFeedItem): string {
  const sign = alert.changeUsd >= 0 ? '+' : '−';
  return (
    `${label}: ${formatUsd(alert.from.usd)} on ${alert.from.date} to ${formatUsd(alert.to.usd)} on ${alert.to.date}, ` +
    `${sign}${formatUsd(Math.abs(alert.changeUsd))} (${sign}${Math.abs(alert.changePct)}%) over ${alert.days} days.`
  );
}

const feedTitle = (of: PriceFeedOf) => `${of.title}: price moves of ${of.threshold}% or more over ${of.window.replace('d', ' days')}`;
const updatedOf = (of: PriceFeedOf, items: readonly PriceFeedItem[]) => instant(items[0]?.alert.date ?? of.pricesAsOf);

/** The JSON Feed 1.1 document (schemas/api/price-feed.json). */
export function priceFeedToJson(of: PriceFeedOf, items: readonly PriceFeedItem[]): JsonPriceFeed {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: feedTitle(of),
    home_page_url: of.pageUrl,
    feed_url: of.jsonUrl,
    description: `Each day on which the market price's change over ${of.window.replace('d', ' days')} first reached ${of.threshold}% up or down; newest first.`,
    language: 'en',
    items: items.map((item) => ({
      id: itemIdOf(item),
      url: item.pageUrl,
      title: itemTitle(item),
      content_text: itemText(item),
      date_published: instant(item.alert.date),
      _price_change: {
        card: item.slug,
        printing: item.printing,
        direction: item.alert.direction,
        days: item.alert.days,
        from: item.alert.from,
        to: item.alert.to,
        changeUsd: item.alert.changeUsd,
        changePct: item.alert.changePct,
      },
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
    <link rel="alternate" type="text/html" href="${e(item.pageUrl)}"/>
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
  <link rel="self" type="application/atom+xml" href="${e(of.atomUrl)}"/>
  <link rel="alternate" type="text/html" href="${e(of.pageUrl)}"/>
  <link rel="alternate" type="application/feed+json" href="${e(of.jsonUrl)}"/>
${entries.join('')}</feed>
`;
}
