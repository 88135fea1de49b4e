import { type Answer, createCachedAnswers } from '../http/answer.ts';
import { HTML_SECURITY_HEADERS } from '../http/headers.ts';
import type { SearchSort } from '../http/limits.ts';
import { linkHeader } from '../http/links.ts';
import type { Problem } from '../http/problem.ts';
import { problemResponse } from '../http/problem.ts';
import type { ListingPage } from '../http/routes.ts';
import { sparklineSvg } from '../render/charts/sparkline.ts';
import { cardSearchPage, LISTING_PAGE_SIZE, listingUrl, type RenderedPage, sealedListingPage } from '../render/pages/listing-page.ts';
import { type PageShell, pageShellOf, SHELL_FILE } from '../render/pages/page-shell.ts';
import { TRENDS_FILE, type Trends } from '../render/pages/trends.ts';
import { parseCardSearch, parseSealedSearch, SEARCH_CACHE_ENTRIES } from '../search/search-params.ts';
import { type FunctionData, onceFrom } from './function-data.ts';
import type { Searchers } from './searchers.ts';
import { type TrendLookup, trendLookupOf } from './trend-lookup.ts';

const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/**
 * The search pages for people (`/search`, and `/sealed` with a query): the
 * search of `/api/cards` or `/api/sealed` with the same parameters and the same
 * problems for bad ones, answered as an HTML page in the site's frame. The frame
 * and the sparklines' histories are build files (src/render/pages/page-shell.ts,
 * trends.ts) read on the first page asked for, so they cost the start nothing.
 *
 * Form semantics: a parameter sent empty (a select left at "Any") counts as
 * absent, and a page holds LISTING_PAGE_SIZE results unless `limit` says otherwise.
 */
export interface ListingPages {
  answer(page: ListingPage, query: URLSearchParams, ifNoneMatch: string | null | undefined): Promise<Answer>;
  /** The site's frame, for the other pages the function renders (/collection). */
  shell(): Promise<PageShell>;
}

interface PageData {
  shell: PageShell;
  trends: TrendLookup;
}

export function createListingPages(data: FunctionData, searchers: Searchers): ListingPages {
  const load = onceFrom(
    (): Promise<PageData> =>
      Promise.all([data.text(SHELL_FILE), data.text(TRENDS_FILE)]).then(([shell, trends]) => ({
        shell: pageShellOf(shell),
        trends: trendLookupOf(JSON.parse(trends) as Trends),
      })),
  );
  const respond = { cards: createCachedAnswers(SEARCH_CACHE_ENTRIES, HTML_CONTENT_TYPE), sealed: createCachedAnswers(SEARCH_CACHE_ENTRIES, HTML_CONTENT_TYPE) };

  return {
    shell: () => load().then(({ shell }) => shell),
    async answer(page, rawQuery, ifNoneMatch) {
      const query = new URLSearchParams([...rawQuery].filter(([, value]) => value !== ''));
      if (!query.has('limit')) query.set('limit', String(LISTING_PAGE_SIZE));
      const askedSort = query.has('sort') ? (query.get('sort') as SearchSort) : undefined;
      const planned = plan(page, query, askedSort, searchers);
      if (!planned.ok) return problemResponse(planned.problem);
      const { shell, trends } = await load();
      const answer = respond[page](ifNoneMatch, planned.key, () => {
        const rendered = planned.render(trends);
        return shell.fill(rendered.title, rendered.main);
      });
      const json = linkHeader([{ href: planned.json, rel: 'alternate', type: 'application/json' }]);
      return { ...answer, headers: { ...answer.headers, ...HTML_SECURITY_HEADERS, Link: json } };
    },
  };
}

type Plan = { ok: false; problem: Problem } | { ok: true; key: string; json: string; render(trends: TrendLookup): RenderedPage };

/** The checked parameters of a page: its cache key, its JSON twin, and how to render it. */
function plan(page: ListingPage, query: URLSearchParams, askedSort: SearchSort | undefined, searchers: Searchers): Plan {
  // A page shows, and its links carry, q as it was typed: its field filters are read into params apart.
  const asTyped = <P extends { q?: string; filters?: unknown; without?: unknown }>({ filters, without, ...params }: P) => ({
    ...params,
    q: query.get('q')?.trim() || undefined,
  });
  const ready = <P extends { offset: number; q?: string; filters?: unknown; without?: unknown }>(
    params: P,
    render: (trends: TrendLookup) => RenderedPage,
  ): Plan => ({
    ok: true,
    key: JSON.stringify(params),
    json: listingUrl(`/api/${page}`, { ...asTyped(params), sort: askedSort, offset: params.offset || undefined }),
    render,
  });
  if (page === 'cards') {
    const parsed = parseCardSearch(query, searchers.filters.cards);
    if (!parsed.ok) return parsed;
    const { params } = parsed;
    return ready(params, (trends) =>
      cardSearchPage({
        params: asTyped(params),
        pricesAsOf: searchers.collection.pricesAsOf,
        askedSort,
        answer: searchers.cards.search(params),
        trendOf: trends.cards,
        sparkline: sparklineSvg,
      }),
    );
  }
  const parsed = parseSealedSearch(query, searchers.kinds, searchers.filters.sealed);
  if (!parsed.ok) return parsed;
  const { params } = parsed;
  return ready(params, (trends) =>
    sealedListingPage({
      params: asTyped(params),
      pricesAsOf: searchers.collection.pricesAsOf,
      askedSort,
      kinds: searchers.kinds,
      answer: searchers.sealed.search(params),
      trendOf: trends.sealed,
      sparkline: sparklineSvg,
    }),
  );
}
