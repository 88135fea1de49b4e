import { formatUsd } from '../../catalogue/format.ts';
import type { PriceSeries } from '../../catalogue/price-history.ts';
import { bytesText, COLLECTION_LIMITS, countText } from '../../http/limits.ts';
import { pageUrl } from '../../http/links.ts';
import type { Collection, CollectionEntry, CollectionSeries } from '../../schemas/api-types.ts';
import { priceChartHtml } from '../charts/price-chart.ts';
import { escapeHtml as e } from '../html.ts';
import { pricesAsOfLine, type RenderedPage, staleMark } from './listing-page.ts';

/**
 * `/collection`: the page for people who want to know what their collection is worth. A form (a text area and
 * a CSV file, POSTed so that a long paste fits) and, once a list is sent, its valued table with the total, the
 * lines to check highlighted, and for each ambiguous line its alternatives as links that rewrite that line to the
 * exact item. Works without JavaScript: every choice is a link or a form.
 */
export const COLLECTION_PAGE = '/collection';

export interface CollectionPageInput {
  /** The list as sent (a CSV file's text is not shown back: the form cannot hold a file). */
  list: string;
  collection?: Collection;
  /** Whether a list of this text fits in a link (GET /collection?list=…): else forms carry it. */
  fitsInLink(list: string): boolean;
  /** The days a list may be valued as of (the form's date field), from the first price history to the prices' date. */
  dates?: { from: string; to: string };
}

const STATUS_TEXT: Record<CollectionEntry['status'], string> = {
  matched: 'Matched',
  ambiguous: 'Check: several match',
  'not-found': 'Not found',
  unpriced: 'Unpriced',
};

export function collectionPage({ list, collection, fitsInLink, dates }: CollectionPageInput): RenderedPage {
  const parts = [
    '<h1>What is my collection worth?</h1>',
    `<p>Paste a list, one card or sealed product a line, as you would write it: <code>2x charizard 4/102</code>, <code>moonbreon psa 10</code>, <code>umbreon vmax alt art</code>, <code>evolving skies booster box</code>. Or choose a CSV file exported from a collection app (TCGplayer, Dragon Shield). Up to ${countText(COLLECTION_LIMITS.lines)} lines or ${bytesText(COLLECTION_LIMITS.postBytes)}.</p>`,
    form(list, collection, dates),
  ];
  if (collection) parts.push(results(list, collection, fitsInLink));
  const title = collection
    ? `Collection worth ${formatUsd(collection.totalUsd)}${collection.asOf ? ` on ${collection.asOf}` : ''}`
    : 'What is my collection worth?';
  return { title, main: parts.join('') };
}

/** The windows of a list's total over time (src/collection/list-series.ts), as the form offers them. */
const SERIES_CHOICES = [
  ['', 'No chart'],
  ['30d', '30 days'],
  ['90d', '90 days'],
  ['1y', 'One year'],
  ['2y', 'Two years'],
] as const;

function form(list: string, collection: Collection | undefined, dates: CollectionPageInput['dates']): string {
  const asOf = collection?.asOf;
  const range = dates ? ` min="${e(dates.from)}" max="${e(dates.to)}"` : '';
  const window = collection?.series?.window ?? '';
  const options = SERIES_CHOICES.map(([value, label]) => `<option value="${value}"${value === window ? ' selected' : ''}>${label}</option>`).join('');
  return [
    `<form class="collection-form" action="${COLLECTION_PAGE}" method="post" enctype="multipart/form-data">`,
    `<label for="list">Your list, one item a line</label>`,
    `<textarea id="list" name="list" rows="8" spellcheck="false">${e(list)}</textarea>`,
    '<label for="file">Or a CSV file</label>',
    '<input id="file" name="file" type="file" accept=".csv,text/csv" />',
    `<label for="asOf">Worth on a past day (optional)</label>`,
    `<input id="asOf" name="asOf" type="date"${range}${asOf ? ` value="${e(asOf)}"` : ''} />`,
    '<label for="series">Its total over time</label>',
    `<select id="series" name="series">${options}</select>`,
    '<button type="submit">Value this list</button>',
    '</form>',
  ].join('');
}

/** The most bytes of links to a picked alternative one page holds (each holds the whole list): a small list's every one. */
const ALTERNATIVE_LINKS_BYTES = 256 * 1024;

/** How a list was valued through time, which its links keep: as of a date, over a window. */
type Through = { asOf?: string; series?: string };
const throughOf = (collection: Collection): Through => ({ asOf: collection.asOf, series: collection.series?.window });

/** `/collection?list=…`, or with `format=csv` the API's CSV of the list; with the date and window it was valued with. */
const linkOf = (list: string, { asOf, series }: Through, csv = false) => {
  const through = `${asOf ? `&asOf=${asOf}` : ''}${series ? `&series=${series}` : ''}`;
  return csv ? `/api/collection?list=${encodeURIComponent(list)}${through}&format=csv` : `${COLLECTION_PAGE}?list=${encodeURIComponent(list)}${through}`;
};

/** A button that sends `list` again (a list too long for a link): to the page, or as CSV; with its date and window. */
function resend(list: string, { asOf, series }: Through, label: string, csv = false): string {
  const action = csv ? `${COLLECTION_PAGE}?format=csv` : COLLECTION_PAGE;
  const hidden = (name: string, value: string | undefined) => (value ? `<input type="hidden" name="${name}" value="${e(value)}" />` : '');
  const dated = hidden('asOf', asOf) + hidden('series', series);
  return `<form class="inline-form" action="${action}" method="post" enctype="multipart/form-data"><input type="hidden" name="list" value="${e(list)}" />${dated}<button type="submit" class="link-button">${e(label)}</button></form>`;
}

function results(list: string, collection: Collection, fitsInLink: (list: string) => boolean): string {
  const { counts, asOf } = collection;
  const through = throughOf(collection);
  const short = fitsInLink(list);
  const share = short
    ? `<p><a href="${e(linkOf(list, through))}">Link to this valuation</a> · <a href="${e(linkOf(list, through, true))}" download="collection.csv">Download CSV</a></p>`
    : `<p>${resend(list, through, 'Download CSV', true)}</p>`;
  const check = counts.ambiguous + counts['not-found'] + counts.unpriced;
  // Each link to a picked alternative holds the whole list again: a page of a long list would grow with its
  // square. Past ALTERNATIVE_LINKS_BYTES of them, an alternative links to its own page instead.
  const budget = { bytes: short ? ALTERNATIVE_LINKS_BYTES : 0 };
  const rows = collection.entries.map((entry) => row(entry, list, fitsInLink, collection, budget));
  const when = asOf
    ? `<p class="prices-as-of">Valued as of ${e(asOf)}: each line at its price in the week ending that day (a weekly close where only weeks are kept), dated under it; a line with no price then is unpriced and not in the total.</p>`
    : pricesAsOfLine(collection.pricesAsOf, collection.entries.some(valuedStale));
  return [
    '<section aria-labelledby="total">',
    `<h2 id="total">Total: ${e(formatUsd(collection.totalUsd))}${asOf ? ` on ${e(asOf)}` : ''}</h2>`,
    `<p>${collection.quantity.toLocaleString('en-US')} ${collection.quantity === 1 ? 'item' : 'items'} on ${collection.entries.length.toLocaleString('en-US')} ${collection.entries.length === 1 ? 'line' : 'lines'}. `,
    `Matched ${counts.matched}; ${check ? `<strong>${check} to check</strong> (ambiguous ${counts.ambiguous}, not found ${counts['not-found']}, unpriced ${counts.unpriced})` : 'nothing to check'}.</p>`,
    share,
    when,
    collection.series ? seriesHtml(collection.series, collection.entries.length) : '',
    '<div class="table-scroll" role="region" aria-label="Your list, valued line by line" tabindex="0"><table class="collection">',
    '<thead><tr><th scope="col">Line</th><th scope="col">Qty</th><th scope="col">Item</th><th scope="col">Status</th><th scope="col">Each</th><th scope="col">Value</th></tr></thead>',
    `<tbody>${rows.join('')}</tbody>`,
    '</table></div>',
    '</section>',
  ].join('');
}

/**
 * Whether a line's value is a stale market price: the card's or product's own value (priceStatus `stale`), not a
 * named printing's or a graded figure, whose dates the answer does not carry.
 */
function valuedStale(entry: CollectionEntry): boolean {
  if (entry.unitValueUsd === null) return false;
  if (entry.sealed) return entry.sealed.priceStatus === 'stale';
  if (!entry.card || (entry.grade?.valueUsd ?? null) !== null) return false;
  // A named printing values the line unless it has no price (then the card's value does, and a note says so).
  return (entry.card.printing?.valueUsd ?? null) === null && entry.card.priceStatus === 'stale';
}

function row(entry: CollectionEntry, list: string, fitsInLink: (list: string) => boolean, collection: Collection, budget: { bytes: number }): string {
  const { pricesAsOf, asOf } = collection;
  const item = entry.card
    ? `<a href="${e(pageUrl('cards', entry.card.slug))}">${e(entry.card.exactName)}</a>${entry.card.printing ? ` <small>${e(entry.card.printing.label)}</small>` : ''}`
    : entry.sealed
      ? `<a href="${e(pageUrl('sealed', entry.sealed.slug))}">${e(entry.sealed.cleanName)}</a>`
      : '';
  const grade = entry.grade ? ` <small>${e(`${entry.grade.company} ${entry.grade.grade}`)}</small>` : '';
  const note = entry.note ? `<br /><small>${e(entry.note)}</small>` : '';
  const alternatives = entry.alternatives?.length
    ? `<br /><small>Did you mean: ${entry.alternatives
        .map((alternative) => {
          const label = `${alternative.name} (${formatUsd(alternative.valueUsd)})`;
          if (budget.bytes > 0) {
            // The line rewritten to the exact item: its quantity and grade kept, its words replaced by the id.
            const rewritten = rewriteLine(
              list,
              entry.line,
              `${entry.quantity > 1 ? `${entry.quantity}x ` : ''}${alternative.id}${entry.grade ? ` ${entry.grade.company.toLowerCase()} ${entry.grade.grade}` : ''}`,
            );
            const href = linkOf(rewritten, throughOf(collection));
            if (fitsInLink(rewritten) && href.length <= budget.bytes) {
              budget.bytes -= href.length;
              return `<a href="${e(href)}">${e(label)}</a>`;
            }
            budget.bytes = 0;
          }
          return `<a href="${e(pageUrl(alternative.kind === 'card' ? 'cards' : 'sealed', alternative.slug))}">${e(label)}</a>`;
        })
        .join(', ')}</small>`
    : '';
  return [
    `<tr class="status-${entry.status}">`,
    `<td class="num">${entry.line}</td>`,
    `<td class="num">${entry.quantity}</td>`,
    `<td>${item || `<q>${e(entry.text)}</q>`}${grade}${item ? `<br /><small>${e(entry.text)}</small>` : ''}${note}${alternatives}</td>`,
    `<td>${e(STATUS_TEXT[entry.status])}</td>`,
    `<td class="num">${e(formatUsd(entry.unitValueUsd))}${eachMark(entry, pricesAsOf, asOf)}</td>`,
    `<td class="num">${e(formatUsd(entry.lineValueUsd))}</td>`,
    '</tr>',
  ].join('');
}

/**
 * The list's total over time, drawn by the price chart of the card pages (weekly closes, then days, as a history
 * is kept), with a sentence on how many lines had a price at the first and last points.
 */
function seriesHtml(series: CollectionSeries, lines: number): string {
  const weekly = series.points.filter((p) => p.date < series.dailyFrom);
  const daily = series.points.filter((p) => p.date >= series.dailyFrom);
  const history: PriceSeries = { start: series.dailyFrom, end: series.to, market: daily.map((p) => p.totalUsd) };
  if (weekly.length > 0) history.weekly = { start: weekly[0].date, end: weekly.at(-1)!.date, market: weekly.map((p) => p.totalUsd) };
  const [first, last] = [series.points[0], series.points.at(-1)!];
  return [
    '<section aria-labelledby="over-time">',
    `<h3 id="over-time">Total over time (${e(series.window)})</h3>`,
    priceChartHtml(history, { label: 'Total value' }),
    `<p class="muted">Lines with a price: ${first.valuedLines} of ${lines} on ${e(first.date)}, ${last.valuedLines} on ${e(last.date)}. Each line at its price that day; a day on which none had one has no total.</p>`,
    '</section>',
  ].join('');
}

/** After a line's unit value: the date of its price when valued as of a date, else a stale value's mark. */
function eachMark(entry: CollectionEntry, pricesAsOf: string, asOf: string | undefined): string {
  if (asOf) return entry.priceDate ? `<br /><small class="muted">price of ${e(entry.priceDate)}</small>` : '';
  return valuedStale(entry) ? ` ${staleMark({ pricesAsOf })}` : '';
}

/**
 * The list with its line `line` (1-based, as the answer numbers them) replaced.
 * @example rewriteLine('a\nb\nc', 2, 'base1-4') // "a\nbase1-4\nc"
 */
function rewriteLine(list: string, line: number, text: string): string {
  const lines = list.split(/\r\n|\r|\n/);
  if (line >= 1 && line <= lines.length) lines[line - 1] = text;
  return lines.join('\n');
}
