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
import type { HistoryStore } from '../collection/history-store.ts';
import { type Answer, answerOnce, createCachedAnswers, FEED_CACHE_CONTROL } from '../http/answer.ts';
import { feedUrl, pageUrl } from '../http/links.ts';
import { badParameter, notFound, type Problem, problemResponse } from '../http/problem.ts';
import type { FeedPath } from '../http/routes.ts';
import { type PriceFeedItem, type PriceFeedOf, priceFeedToAtom, priceFeedToJson } from '../render/price-feed.ts';
import type { CollectionEntry } from '../schemas/api-types.ts';
import type { CardSearchRecord } from '../search/card-searcher.ts';
import type { Searchers } from './search-data.ts';

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

/** A card's or a set's feed path. */
type CatalogueFeedPath = Extract<FeedPath, { of: 'cards' | 'sets' }>;

/** A feed's URL with its parameters, the defaults left out: `/feeds/cards/x.atom?window=30d`. */
function feedUrlOf(path: Omit<CatalogueFeedPath, 'format'>, format: FeedPath['format'], params: FeedParams): string {
  const query = new URLSearchParams();
  if (params.threshold !== DEFAULT_ALERT_THRESHOLD) query.set('threshold', String(params.threshold));
  if (params.window !== DEFAULT_ALERT_WINDOW) query.set('window', params.window);
  return `${feedUrl(path.of, path.slug, format)}${query.size ? `?${query}` : ''}`;
}

/**
 * The price feeds, `/feeds/cards/{slug}.json|.atom` and `/feeds/sets/{id}.json|.atom` (docs/api.md#feeds), and a list's (`collection`): the
 * alerts of a card's value printing, or of every card of a set merged, newest first, at most MAX_ALERT_ITEMS. Read
 * from the card pack (which card, its set, its words) and the build's history store; each answer remembered by
 * its path and parameters, with a strong ETag and a Cache-Control a shared cache may keep (answer.ts).
 * @example const feeds = createFeedEndpoint({ searchers, histories }); feeds.catalogue(feedPathOf('/feeds/cards/charizard-base1-4.json') as CatalogueFeedPath, new URLSearchParams(), undefined)
 */
export function createFeedEndpoint({ searchers, histories }: { searchers: Searchers; histories: () => HistoryStore }) {
  const responders = {
    json: createCachedAnswers(FEED_CACHE_ENTRIES, FEED_CONTENT_TYPES.json, FEED_CACHE_CONTROL),
    atom: createCachedAnswers(FEED_CACHE_ENTRIES, FEED_CONTENT_TYPES.atom, FEED_CACHE_CONTROL),
  };
  const data = searchers.cardData;

  /** A card's alerts: of its value printing, or of the printing named. */
  function itemsOf(record: CardSearchRecord, params: FeedParams, printingId?: string): PriceFeedItem[] {
    const store = histories();
    const history = store.card(record.summary.id, printingId);
    if (!history) return [];
    const printing = printingId ?? store.valuePrinting(record.summary.id)!;
    return priceAlerts(history, ALERT_WINDOWS[params.window], params.threshold)
      .slice(0, MAX_ALERT_ITEMS)
      .map((alert) => ({
        alert,
        label: `${record.summary.name} (${record.summary.setName} ${record.number}/${record.printedTotal})`,
        slug: record.summary.slug,
        printing,
        pageUrl: pageUrl('cards', record.summary.slug),
      }));
  }

  /** What the feed follows, or undefined when no card or set is named so. */
  function subjectOf(path: CatalogueFeedPath): { title: string; page: string; records: CardSearchRecord[] } | undefined {
    if (path.of === 'cards') {
      const [hit] = searchers.cards.byIds([path.slug]).results;
      // A card is named by its slug here (its id is another URL's).
      const position = hit && hit.slug === path.slug ? data.positionOf(hit.id) : undefined;
      if (position === undefined) return undefined;
      const record = data.item(position);
      return {
        title: `${record.summary.name} (${record.summary.setName} ${record.number}/${record.printedTotal})`,
        page: pageUrl('cards', path.slug),
        records: [record],
      };
    }
    const code = data.sets.ids.indexOf(path.slug);
    if (code < 0) return undefined;
    const records: CardSearchRecord[] = [];
    for (let position = 0; position < data.size; position++) if (data.sets.codes[position] === code) records.push(data.item(position));
    return records.length ? { title: records[0].summary.setName, page: pageUrl('sets', path.slug), records } : undefined;
  }

  /** A card's or a set's feed. */
  function catalogue(path: CatalogueFeedPath, query: URLSearchParams, ifNoneMatch: string | null | undefined): Answer {
    const parsed = parseFeedParams(query);
    if (!parsed.ok) return problemResponse(parsed.problem);
    const { params } = parsed;
    const subject = subjectOf(path);
    if (!subject) return problemResponse(notFound(feedUrl(path.of, path.slug, path.format)));
    return responders[path.format](ifNoneMatch, feedUrlOf(path, path.format, params), () => {
      const of: PriceFeedOf = {
        title: subject.title,
        pageUrl: subject.page,
        jsonUrl: feedUrlOf(path, 'json', params),
        atomUrl: feedUrlOf(path, 'atom', params),
        key: `${path.of}/${path.slug}?window=${params.window}&threshold=${params.threshold}`,
        threshold: params.threshold,
        window: params.window,
        pricesAsOf: searchers.collection.pricesAsOf,
      };
      const items = newestAlerts(subject.records.map((record) => itemsOf(record, params)));
      return path.format === 'json' ? JSON.stringify(priceFeedToJson(of, items)) : priceFeedToAtom(of, items);
    });
  }

  /**
   * A list's feed (`/feeds/collection.json?list=…`): the alerts of the cards its lines were matched to (by the
   * list worker, as /api/collection values them: `entries` is its JSON), each of the printing its line named or of
   * the card's value printing; ambiguous lines, sealed products and what was not found have none. Not remembered
   * (its key would be the list), but with its ETag and 304 all the same.
   */
  function collection(
    format: FeedPath['format'],
    params: FeedParams,
    list: string,
    entries: readonly CollectionEntry[],
    ifNoneMatch: string | null | undefined,
  ): Answer {
    const cards = new Map<string, { record: CardSearchRecord; printing?: string }>();
    for (const entry of entries) {
      if (entry.status !== 'matched' || !entry.card) continue;
      const position = data.positionOf(entry.card.id);
      if (position !== undefined)
        cards.set(`${entry.card.id}\u0000${entry.card.printing?.id ?? ''}`, { record: data.item(position), printing: entry.card.printing?.id });
    }
    const urlOf = (to: FeedPath['format']) => {
      const query = new URLSearchParams({ list });
      if (params.threshold !== DEFAULT_ALERT_THRESHOLD) query.set('threshold', String(params.threshold));
      if (params.window !== DEFAULT_ALERT_WINDOW) query.set('window', params.window);
      return `/feeds/collection.${to}?${query}`;
    };
    const of: PriceFeedOf = {
      title: `A list of ${cards.size} card${cards.size === 1 ? '' : 's'}`,
      pageUrl: `/collection?${new URLSearchParams({ list })}`,
      jsonUrl: urlOf('json'),
      atomUrl: urlOf('atom'),
      // Named by what its lines were matched to, so that the same cards in another order or spelling are the same feed.
      key: `collection/${[...cards.keys()].sort().join(',')}?window=${params.window}&threshold=${params.threshold}`,
      threshold: params.threshold,
      window: params.window,
      pricesAsOf: searchers.collection.pricesAsOf,
    };
    const items = newestAlerts([...cards.values()].map(({ record, printing }) => itemsOf(record, params, printing)));
    const body = format === 'json' ? JSON.stringify(priceFeedToJson(of, items)) : priceFeedToAtom(of, items);
    return answerOnce(ifNoneMatch, body, FEED_CONTENT_TYPES[format], FEED_CACHE_CONTROL);
  }

  return { catalogue, collection };
}
