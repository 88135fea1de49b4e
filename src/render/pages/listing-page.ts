/**
 * The search pages for people, `/search` (cards) and `/sealed?…` (sealed
 * products): the same searches as `/api/cards` and `/api/sealed`, written as the
 * main part of an HTML page. The function renders them (it has no Astro at run
 * time); the frame around them, head, header and footer, is the build's own
 * layout, prebuilt as a shell (src/render/pages/page-shell.ts). Pure: the answer of
 * a searcher in, HTML text out, everything from the query or a record escaped.
 */

import { formatUsd, kindLabel } from '../../catalogue/format.ts';
import { bandLabel, VALUE_BAND_IDS, valueBandOf } from '../../catalogue/value-bands.ts';
import { QUERY_MAX_LENGTH, type SearchSort } from '../../http/limits.ts';
import { CARD_SEARCH_PAGE, pageUrl, SEALED_LISTING_PAGE, SEARCH_HELP_PAGE } from '../../http/links.ts';
import type { CardSearchHit, CardSearchParams } from '../../search/card-searcher.ts';
import type { IgnoredReason, IgnoredWord } from '../../search/query-match.ts';
import type { SealedSearchHit, SealedSearchParams } from '../../search/sealed-searcher.ts';
import { escapeHtml } from '../html.ts';

/** Results per page when the URL does not say (`limit` may ask for up to the API's maximum). */
export const LISTING_PAGE_SIZE = 24;

/** A price history for a row's sparkline, by item id; undefined when the item has none. */
export type TrendOf = (id: string) => readonly (number | null)[] | undefined;
/** Draws a sparkline (src/render/charts/sparkline.ts); '' when there is nothing to draw. */
export type Sparkline = (values: readonly (number | null)[], options: { label: string }) => string;

interface SearchAnswer<Hit> {
  total: number;
  results: Hit[];
  ignored?: IgnoredWord[];
}

export interface RenderedPage {
  /** The page title, before the site's name. */
  title: string;
  /** The HTML inside `<main>`. */
  main: string;
}

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  'value-desc': 'Value, high to low',
  'value-asc': 'Value, low to high',
  name: 'Name, A to Z',
  'change7d-desc': '7-day change, rises first',
  'change7d-asc': '7-day change, falls first',
  'change30d-desc': '30-day change, rises first',
  'change30d-asc': '30-day change, falls first',
  'change90d-desc': '90-day change, rises first',
  'change90d-asc': '90-day change, falls first',
  'change365d-desc': '365-day change, rises first',
  'change365d-asc': '365-day change, falls first',
};

const IGNORED_LABELS: Record<IgnoredReason, string> = {
  'not-found': 'no item has this word',
  'no-match-with-rest': 'matches nothing the other words match',
  grade: 'a grade or condition, not part of a name',
  filler: 'a word every item shares',
  'over-limit': 'beyond the words a search reads',
};

const esc = escapeHtml;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The query string of a page of results, default values left out so that the same page has one URL. */
export function listingUrl(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

interface Filter {
  /** The parameter (`band`, `kind`). */
  name: string;
  label: string;
  anyLabel: string;
  options: { value: string; label: string }[];
  selected?: string;
}

interface ListingShape<Params extends { q?: string; sort: SearchSort; limit: number; offset: number }> {
  path: string;
  params: Params;
  /** The sort the URL asked for; undefined when the default applies (best match with words, else value). */
  askedSort?: SearchSort;
  filter: Filter;
  nouns: [one: string, many: string];
  searchLabel: string;
  placeholder: string;
}

function searchForm<P extends { q?: string; sort: SearchSort; limit: number; offset: number }>(shape: ListingShape<P>): string {
  const { filter, params } = shape;
  const option = (value: string, label: string, selected: boolean) => `<option value="${esc(value)}"${selected ? ' selected' : ''}>${esc(label)}</option>`;
  const sorts = Object.entries(SORT_LABELS)
    .filter(([sort]) => sort !== 'relevance')
    .map(([sort, label]) => option(sort, label, shape.askedSort === sort));
  return [
    `<form class="search-form" action="${shape.path}" method="get" role="search">`,
    `<label>${esc(shape.searchLabel)} <input name="q" type="search" value="${esc(params.q ?? '')}" placeholder="${esc(shape.placeholder)}" maxlength="${QUERY_MAX_LENGTH}" /></label>`,
    `<label>${esc(filter.label)} <select name="${filter.name}">${option('', filter.anyLabel, filter.selected === undefined)}${filter.options.map((o) => option(o.value, o.label, o.value === filter.selected)).join('')}</select></label>`,
    `<label>Order <select name="sort">${option('', 'Best match', shape.askedSort === undefined || shape.askedSort === 'relevance')}${sorts.join('')}</select></label>`,
    '<button type="submit">Search</button>',
    `<a class="search-help" href="${SEARCH_HELP_PAGE}">Search syntax</a>`,
    '</form>',
  ].join('\n');
}

/** "312 cards match “charizard”", what was read differently, and which rows these are. */
function summary<P extends { q?: string; sort: SearchSort; limit: number; offset: number }>(
  shape: ListingShape<P>,
  answer: SearchAnswer<{ match?: { corrected?: Record<string, string> } }>,
): string {
  const { params } = shape;
  const [one, many] = shape.nouns;
  const what = params.q ? `match “${esc(params.q)}”` : 'in all';
  const filtered = shape.filter.selected
    ? ` (${esc(shape.filter.label.toLowerCase())}: ${esc(shape.filter.options.find((o) => o.value === shape.filter.selected)?.label ?? '')})`
    : '';
  const head =
    answer.total === 0
      ? `<p class="listing-total">No ${many} ${what}${filtered}.</p>`
      : `<p class="listing-total">${plural(answer.total, one, many)} ${what}${filtered}${
          answer.results.length > 0
            ? `; ${params.offset + 1}–${params.offset + answer.results.length} shown, ${esc(SORT_LABELS[params.sort].toLowerCase())}`
            : ''
        }.</p>`;
  const notes: string[] = [];
  const corrected = new Map<string, string>();
  for (const hit of answer.results) for (const [word, to] of Object.entries(hit.match?.corrected ?? {})) corrected.set(word, to);
  if (corrected.size > 0) notes.push(`Read ${[...corrected].map(([word, to]) => `“${esc(word)}” as “${esc(to)}”`).join(', ')}.`);
  if (answer.ignored?.length) notes.push(`Not searched: ${answer.ignored.map((i) => `“${esc(i.word)}” (${IGNORED_LABELS[i.reason]})`).join(', ')}.`);
  return [head, ...notes.map((note) => `<p class="muted">${note}</p>`)].join('\n');
}

/** Previous and next links, keeping the query, filter and order; none when one page holds everything. */
function pager<P extends { q?: string; sort: SearchSort; limit: number; offset: number }>(shape: ListingShape<P>, total: number): string {
  const { params } = shape;
  if (total <= params.limit && params.offset === 0) return '';
  const urlAt = (offset: number) =>
    esc(
      listingUrl(shape.path, {
        q: params.q,
        [shape.filter.name]: shape.filter.selected,
        sort: shape.askedSort,
        limit: params.limit === LISTING_PAGE_SIZE ? undefined : params.limit,
        offset: offset === 0 ? undefined : offset,
      }),
    );
  const pages = Math.max(1, Math.ceil(total / params.limit));
  const current = Math.floor(params.offset / params.limit) + 1;
  const links: string[] = [];
  if (params.offset > 0)
    links.push(`<a rel="prev" href="${urlAt(Math.max(0, Math.min(params.offset - params.limit, (pages - 1) * params.limit)))}">← Previous</a>`);
  links.push(current <= pages ? `<span>Page ${current} of ${pages}</span>` : `<span>Past the last page (${pages})</span>`);
  if (params.offset + params.limit < total) links.push(`<a rel="next" href="${urlAt(params.offset + params.limit)}">Next →</a>`);
  return `<nav class="pager" aria-label="Result pages">${links.join(' ')}</nav>`;
}

/** Where every value of the site comes from, as a list's dating line names it. */
const PRICE_SOURCE = 'TCGplayer market';

/**
 * The line that dates the values of a list, once, beside its rows: the catalogue's as-of date, and when the list
 * marks a stale value (staleMark), what the mark means in words, for those who cannot hover it.
 * @example pricesAsOfLine('2025-10-20', false) // "<p class=\"prices-as-of\">Prices as of 2025-10-20 (TCGplayer market).</p>"
 */
export function pricesAsOfLine(pricesAsOf: string, marksStale: boolean): string {
  const stale = marksStale ? ` A value marked <small class="muted">stale</small> was last reported before then.` : '';
  return `<p class="prices-as-of">Prices as of ${esc(pricesAsOf)} (${PRICE_SOURCE}).${stale}</p>`;
}

/**
 * The mark after a stale value (priceStatus `stale`): its own date where the list has it, else that it is older
 * than the catalogue's as-of date. The title says it in full; pricesAsOfLine says it in the page's text.
 * @example staleMark({ pricesAsOf: '2025-10-20' }) // "<small class=\"muted\" title=\"Last reported before 2025-10-20\">stale</small>"
 */
export function staleMark({ pricesAsOf, updatedAt }: { pricesAsOf?: string; updatedAt?: string }): string {
  if (updatedAt) return `<small class="muted" title="Last reported ${esc(updatedAt)}">stale, ${esc(updatedAt)}</small>`;
  return `<small class="muted"${pricesAsOf ? ` title="Last reported before ${esc(pricesAsOf)}"` : ''}>stale</small>`;
}

function valueCell(valueUsd: number | null, band?: string | null, mark = ''): string {
  const value = valueUsd === null ? '<span class="muted">Unpriced</span>' : `<span class="result-price">${esc(formatUsd(valueUsd))}</span>`;
  return `<div class="result-value">${value}${valueUsd !== null && mark ? ` ${mark}` : ''}${band ? ` <span class="band">${esc(band)}</span>` : ''}</div>`;
}

function trendCell(sparkline: Sparkline, values: readonly (number | null)[] | undefined, label: string): string {
  const svg = values ? sparkline(values, { label }) : '';
  return svg ? `<div class="result-trend">${svg}</div>` : '';
}

function listing<P extends { q?: string; sort: SearchSort; limit: number; offset: number }>(
  shape: ListingShape<P>,
  answer: SearchAnswer<{ match?: { corrected?: Record<string, string> } }>,
  rows: string[],
  heading: string,
  dating: { pricesAsOf: string; marksStale: boolean },
): string {
  return [
    `<h1>${esc(heading)}</h1>`,
    searchForm(shape),
    summary(shape, answer),
    rows.length > 0 ? pricesAsOfLine(dating.pricesAsOf, dating.marksStale) : '',
    rows.length > 0 ? `<ol class="results" start="${shape.params.offset + 1}">\n${rows.join('\n')}\n</ol>` : '',
    pager(shape, answer.total),
  ]
    .filter(Boolean)
    .join('\n');
}

export interface CardSearchPageInput {
  params: CardSearchParams;
  /** The catalogue's as-of date, which the page dates its values by. */
  pricesAsOf: string;
  askedSort?: SearchSort;
  answer: SearchAnswer<CardSearchHit>;
  trendOf: TrendOf;
  sparkline: Sparkline;
}

/** `/search?q=&band=&sort=&offset=`: cards. */
export function cardSearchPage({ params, pricesAsOf, askedSort, answer, trendOf, sparkline }: CardSearchPageInput): RenderedPage {
  const shape: ListingShape<CardSearchParams> = {
    path: CARD_SEARCH_PAGE,
    params,
    askedSort,
    filter: {
      name: 'band',
      label: 'Value band',
      anyLabel: 'Any value',
      options: VALUE_BAND_IDS.map((b) => ({ value: b, label: bandLabel(b) })),
      selected: params.band,
    },
    nouns: ['card', 'cards'],
    searchLabel: 'Card name, set or number',
    placeholder: 'charizard base set',
  };
  // A row valued by a printing the query named has no status of its own in search (the card's is its primary printing's).
  const stale = (card: CardSearchHit) => !card.printing && card.priceStatus === 'stale';
  const rows = answer.results.map((card) => {
    // A query that names a printing (shadowless) is answered with that printing's value; the sparkline is the
    // card's value line, so it is left out beside another printing's value.
    const { printing } = card;
    const details = [printing?.label, card.rarity, card.types.join(', ')].filter(Boolean).join(' · ');
    return [
      '<li>',
      `<img class="thumb" src="${esc(card.imageSmall)}" alt="" width="48" height="67" loading="lazy" />`,
      `<div class="result-name"><a href="${esc(pageUrl('cards', card.slug))}">${esc(card.exactName)}</a>${details ? `<br /><small>${esc(details)}</small>` : ''}</div>`,
      printing ? '' : trendCell(sparkline, trendOf(card.id), `${card.exactName}: market price history`),
      printing
        ? valueCell(printing.valueUsd, valueBandOf(printing.valueUsd))
        : valueCell(card.valueUsd, card.valueBand, stale(card) ? staleMark({ pricesAsOf }) : ''),
      '</li>',
    ].join('');
  });
  const title = params.q ? `Cards matching “${params.q}”` : 'Search cards';
  const dating = { pricesAsOf, marksStale: answer.results.some(stale) };
  return { title, main: listing(shape, answer, rows, params.q ? `Cards matching “${params.q}”` : 'Search cards', dating) };
}

export interface SealedListingPageInput {
  params: SealedSearchParams;
  /** The catalogue's as-of date, which the page dates its values by. */
  pricesAsOf: string;
  askedSort?: SearchSort;
  kinds: readonly string[];
  answer: SearchAnswer<SealedSearchHit>;
  trendOf: TrendOf;
  sparkline: Sparkline;
}

/** `/sealed?q=&kind=&sort=&offset=`: sealed products (the prebuilt /sealed is the index by kind). */
export function sealedListingPage({ params, pricesAsOf, askedSort, kinds, answer, trendOf, sparkline }: SealedListingPageInput): RenderedPage {
  const shape: ListingShape<SealedSearchParams> = {
    path: SEALED_LISTING_PAGE,
    params,
    askedSort,
    filter: { name: 'kind', label: 'Kind', anyLabel: 'Any kind', options: kinds.map((k) => ({ value: k, label: kindLabel(k) })), selected: params.kind },
    nouns: ['sealed product', 'sealed products'],
    searchLabel: 'Product name or set',
    placeholder: '151 etb',
  };
  const rows = answer.results.map((product) => {
    const perPack = product.pricePerPack === null ? '' : ` · ${formatUsd(product.pricePerPack)} per pack`;
    return [
      '<li>',
      `<div class="result-name"><a href="${esc(pageUrl('sealed', product.slug))}">${esc(product.cleanName)}</a><br /><small>${esc(kindLabel(product.kind))} · ${esc(product.groupName)}${esc(perPack)}</small></div>`,
      trendCell(sparkline, trendOf(product.id), `${product.cleanName}: market price history`),
      valueCell(product.valueUsd, undefined, product.priceStatus === 'stale' ? staleMark({ pricesAsOf }) : ''),
      '</li>',
    ].join('');
  });
  const kind = params.kind ? kindLabel(params.kind) : undefined;
  const heading = params.q ? `Sealed products matching “${params.q}”` : kind ? `Sealed products: ${kind}` : 'Sealed products';
  const dating = { pricesAsOf, marksStale: answer.results.some((product) => product.priceStatus === 'stale') };
  return { title: heading, main: listing(shape, answer, rows, heading, dating) };
}
