import { plainDecimal } from '../catalogue/format.ts';
import {
  ALERT_WINDOWS,
  type AlertWindow,
  DEFAULT_ALERT_THRESHOLD,
  DEFAULT_ALERT_WINDOW,
  MAX_ALERT_ITEMS,
  MAX_ALERT_THRESHOLD,
  newestAlerts,
  priceAlerts,
} from '../catalogue/price-alerts.ts';
import type { KnownPrices } from '../catalogue/price-on-day.ts';
import type { HistoryStore } from '../collection/history-store.ts';
import { type Answer, answerOnce, createCachedAnswers, FEED_CACHE_CONTROL } from '../http/answer.ts';
import { type FeedOf, feedUrl, pageUrl } from '../http/links.ts';
import { badParameter, notFound, type Problem, problemResponse } from '../http/problem.ts';
import type { FeedPath } from '../http/routes.ts';
import { type PriceFeedItem, type PriceFeedOf, type PriceFeedSubject, priceFeedToAtom, priceFeedToJson, subjectKey } from '../render/price-feed.ts';
import type { CollectionEntry } from '../schemas/api-types.ts';
import type { CardSearchRecord } from '../search/card-searcher.ts';
import type { Searchers } from './searchers.ts';

/** The media types of the two formats. */
export const FEED_CONTENT_TYPES = { json: 'application/feed+json; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' } as const;

/** How many feed answers of each format are remembered (their bytes and ETags). */
const FEED_CACHE_ENTRIES = 256;

/** A feed's parameters checked. */
export interface FeedParams {
  threshold: number;
  window: AlertWindow;
}

const WINDOW_NAMES = Object.keys(ALERT_WINDOWS) as AlertWindow[];
const THRESHOLD_ALLOWED = `a number of percent above 0 and at most ${MAX_ALERT_THRESHOLD} (default ${DEFAULT_ALERT_THRESHOLD})`;

/**
 * `threshold=` and `window=` read: the problem that refuses them, or their values (the defaults when absent).
 * @example parseFeedParams(new URLSearchParams('threshold=20&window=30d')) // { ok: true, params: { threshold: 20, window: '30d' } }
 */
export function parseFeedParams(query: URLSearchParams): { ok: true; params: FeedParams } | { ok: false; problem: Problem } {
  for (const name of ['threshold', 'window']) {
    if (query.getAll(name).length > 1)
      return { ok: false, problem: badParameter(name, `${name} may be given once.`, name === 'window' ? WINDOW_NAMES : THRESHOLD_ALLOWED) };
  }
  const rawThreshold = query.get('threshold');
  const threshold = rawThreshold === null ? DEFAULT_ALERT_THRESHOLD : /^\d+(?:\.\d+)?$/.test(rawThreshold) ? Number(rawThreshold) : Number.NaN;
  if (!(threshold > 0 && threshold <= MAX_ALERT_THRESHOLD)) {
    return { ok: false, problem: badParameter('threshold', `threshold must be ${THRESHOLD_ALLOWED}, got ${JSON.stringify(rawThreshold)}.`, THRESHOLD_ALLOWED) };
  }
  const window = query.get('window') ?? DEFAULT_ALERT_WINDOW;
  if (!Object.hasOwn(ALERT_WINDOWS, window)) {
    return { ok: false, problem: badParameter('window', `window must be one of ${WINDOW_NAMES.join(', ')}, got ${JSON.stringify(window)}.`, WINDOW_NAMES) };
  }
  return { ok: true, params: { threshold, window: window as AlertWindow } };
}

/** A card's, a set's or a sealed product's feed path. */
type CatalogueFeedPath = Extract<FeedPath, { of: FeedOf }>;

/** A feed's query, the defaults left out and the threshold written as its digits (never `1e-7`, which `threshold=` refuses). */
function feedQueryOf(params: FeedParams, query = new URLSearchParams()): URLSearchParams {
  if (params.threshold !== DEFAULT_ALERT_THRESHOLD) query.set('threshold', plainDecimal(params.threshold));
  if (params.window !== DEFAULT_ALERT_WINDOW) query.set('window', params.window);
  return query;
}

/** A feed's URL with its parameters, root-relative: `/feeds/cards/x.atom?window=30d`. */
function feedUrlOf(path: Omit<CatalogueFeedPath, 'format'>, format: FeedPath['format'], params: FeedParams): string {
  const query = feedQueryOf(params);
  return `${feedUrl(path.of, path.slug, format)}${query.size ? `?${query}` : ''}`;
}

/** What a feed follows: its title and page, and the sources of its items. */
interface FeedSubject {
  title: string;
  page: string;
  sources: AlertSource[];
}

/** What gives a feed items: a card's printing or a sealed product, with the known prices its alerts are read from. */
type AlertSource = { subject: PriceFeedSubject; known: () => KnownPrices | undefined };

/**
 * The price feeds, `/feeds/cards/{slug}`, `/feeds/sets/{id}` and `/feeds/sealed/{slug}` (`.json` or `.atom`,
 * docs/api.md#feeds), and a list's (`collection`): the alerts of a card's value printing, of every card of a set
 * merged, or of a sealed product, newest first, at most MAX_ALERT_ITEMS. Read from the packs (which card or product,
 * its set, its words) and the build's history store (each item's known prices, price-on-day.ts); every URL made
 * absolute with `origin` (the configured public origin, docs/api.md#feeds); each answer remembered by its path and
 * parameters, with a strong ETag and a Cache-Control a shared cache may keep (answer.ts).
 * @example const feeds = createFeedEndpoint({ searchers, histories, origin: () => 'https://cards.example' }); feeds.catalogue(feedPathOf('/feeds/cards/charizard-base1-4.json') as CatalogueFeedPath, new URLSearchParams(), undefined)
 */
export function createFeedEndpoint({ searchers, histories, origin }: { searchers: Searchers; histories: () => HistoryStore; origin: () => string }) {
  const responders = {
    json: createCachedAnswers(FEED_CACHE_ENTRIES, FEED_CONTENT_TYPES.json, FEED_CACHE_CONTROL),
    atom: createCachedAnswers(FEED_CACHE_ENTRIES, FEED_CONTENT_TYPES.atom, FEED_CACHE_CONTROL),
  };
  const data = searchers.cardData;
  const exactNameOf = (record: CardSearchRecord) => `${record.summary.name} (${record.summary.setName} ${record.number}/${record.printedTotal})`;

  /** A card's printing as a source of alerts: the printing named, or the card's value printing. */
  function cardSource(record: CardSearchRecord, printingId?: string): AlertSource[] {
    const { id, slug } = record.summary;
    const printing = record.printings.find((p) => p.id === (printingId ?? histories().valuePrinting(id)));
    if (!printing) return [];
    const subject: PriceFeedSubject = {
      kind: 'card',
      slug,
      name: exactNameOf(record),
      printing: { id: printing.id, label: printing.label },
      pageUrl: pageUrl('cards', slug),
    };
    return [{ subject, known: () => histories().card(id, printing.id) }];
  }

  /** A sealed product as a source of alerts. */
  function sealedSource(product: { productId: number; slug: string; cleanName: string }): AlertSource {
    const subject: PriceFeedSubject = { kind: 'sealed', slug: product.slug, name: product.cleanName, pageUrl: pageUrl('sealed', product.slug) };
    return { subject, known: () => histories().sealed(product.productId) };
  }

  /** Each source's alerts, merged newest first. */
  function itemsOf(sources: readonly AlertSource[], params: FeedParams): PriceFeedItem[] {
    return newestAlerts(
      sources.map(({ subject, known }) => {
        const prices = known();
        return prices
          ? priceAlerts(prices, ALERT_WINDOWS[params.window], params.threshold)
              .slice(0, MAX_ALERT_ITEMS)
              .map((alert) => ({ alert, subject }))
          : [];
      }),
    );
  }

  /** What the feed follows, or undefined when no card, set or product is named so. */
  function subjectOf(path: CatalogueFeedPath): FeedSubject | undefined {
    if (path.of === 'cards') {
      const [hit] = searchers.cards.byIds([path.slug]).results;
      // A card is named by its slug here (its id is another URL's).
      const position = hit && hit.slug === path.slug ? data.positionOf(hit.id) : undefined;
      if (position === undefined) return undefined;
      const record = data.item(position);
      return { title: exactNameOf(record), page: pageUrl('cards', path.slug), sources: cardSource(record) };
    }
    if (path.of === 'sealed') {
      const [product] = searchers.sealed.byIds([path.slug]).results;
      return product && product.slug === path.slug
        ? { title: product.cleanName, page: pageUrl('sealed', path.slug), sources: [sealedSource(product)] }
        : undefined;
    }
    const code = data.sets.ids.indexOf(path.slug);
    if (code < 0) return undefined;
    const records: CardSearchRecord[] = [];
    for (let position = 0; position < data.size; position++) if (data.sets.codes[position] === code) records.push(data.item(position));
    return records.length
      ? { title: records[0].summary.setName, page: pageUrl('sets', path.slug), sources: records.flatMap((record) => cardSource(record)) }
      : undefined;
  }

  /** A card's, a set's or a sealed product's feed. */
  function catalogue(path: CatalogueFeedPath, query: URLSearchParams, ifNoneMatch: string | null | undefined): Answer {
    const parsed = parseFeedParams(query);
    if (!parsed.ok) return problemResponse(parsed.problem);
    const { params } = parsed;
    const subject = subjectOf(path);
    if (!subject) return problemResponse(notFound(feedUrl(path.of, path.slug, path.format)));
    return responders[path.format](ifNoneMatch, feedUrlOf(path, path.format, params), () => {
      const of: PriceFeedOf = {
        title: subject.title,
        origin: origin(),
        pageUrl: subject.page,
        jsonUrl: feedUrlOf(path, 'json', params),
        atomUrl: feedUrlOf(path, 'atom', params),
        key: `${path.of}/${path.slug}?window=${params.window}&threshold=${params.threshold}`,
        threshold: params.threshold,
        window: params.window,
        pricesAsOf: searchers.collection.pricesAsOf,
      };
      const items = itemsOf(subject.sources, params);
      return path.format === 'json' ? JSON.stringify(priceFeedToJson(of, items)) : priceFeedToAtom(of, items);
    });
  }

  /**
   * A list's feed (`/feeds/collection.json?list=…`): the alerts of what its lines were matched to (by the list
   * worker, as /api/collection values them: `entries` is its JSON), each card of the printing its line named or
   * of its value printing, and each sealed product; ambiguous lines and what was not found have none. Not
   * remembered (its key would be the list), but with its ETag and 304 all the same.
   */
  function collection(
    format: FeedPath['format'],
    params: FeedParams,
    list: string,
    entries: readonly CollectionEntry[],
    ifNoneMatch: string | null | undefined,
  ): Answer {
    // Keyed by what moves, so that a printing named twice (or named and also the card's value printing) is one source.
    const sources = new Map<string, AlertSource>();
    for (const entry of entries) {
      if (entry.status !== 'matched') continue;
      const position = entry.card && data.positionOf(entry.card.id);
      const found = entry.sealed ? [sealedSource(entry.sealed)] : position === undefined ? [] : cardSource(data.item(position), entry.card!.printing?.id);
      for (const source of found) sources.set(subjectKey(source.subject), source);
    }
    const urlOf = (to: FeedPath['format']) => `/feeds/collection.${to}?${feedQueryOf(params, new URLSearchParams({ list }))}`;
    const of: PriceFeedOf = {
      title: `A list of ${sources.size} item${sources.size === 1 ? '' : 's'}`,
      origin: origin(),
      pageUrl: `/collection?${new URLSearchParams({ list })}`,
      jsonUrl: urlOf('json'),
      atomUrl: urlOf('atom'),
      // Named by what its lines were matched to, so that the same items in another order or spelling are the same feed.
      key: `collection/${[...sources.keys()].sort().join(',')}?window=${params.window}&threshold=${params.threshold}`,
      threshold: params.threshold,
      window: params.window,
      pricesAsOf: searchers.collection.pricesAsOf,
    };
    const items = itemsOf([...sources.values()], params);
    const body = format === 'json' ? JSON.stringify(priceFeedToJson(of, items)) : priceFeedToAtom(of, items);
    return answerOnce(ifNoneMatch, body, FEED_CONTENT_TYPES[format], FEED_CACHE_CONTROL);
  }

  return { catalogue, collection };
}
