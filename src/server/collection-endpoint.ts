import { type AsOfRange, asOfOf } from '../collection/as-of.ts';
import { type ListLine, linesOfCsv, linesOfText } from '../collection/list-lines.ts';
import { seriesOf } from '../collection/list-series.ts';
import { type Answer, answerOnce, JSON_CONTENT_TYPE } from '../http/answer.ts';
import type { HttpRequest } from '../http/exchange.ts';
import { HTML_SECURITY_HEADERS } from '../http/headers.ts';
import { bytesText, COLLECTION_LIMITS, countText, listCost } from '../http/limits.ts';
import { negotiateAmong } from '../http/negotiate.ts';
import { badParameter, badRequest, notAcceptable, overLimit, problemResponse, tooManyLines, unsupportedMediaType } from '../http/problem.ts';
import { collectionPage } from '../render/pages/collection-page.ts';
import type { PageShell } from '../render/pages/page-shell.ts';
import type { CollectionEntry } from '../schemas/api-types.ts';
import type { FunctionGate } from './function-gate.ts';
import type { ListOptions, ListOutput } from './list-render.ts';
import { type ListAnswer, type ListValuer, listWorkProblem } from './list-work.ts';
import { bodyRefusal, readLimited } from './request-body.ts';

/**
 * `/api/collection`: a list valued line by line (src/collection/), as JSON, Markdown or CSV. A short list
 * comes in the URL (`GET ?list=`, so that a valued list is a link to share and a CDN may keep it); a long one,
 * or a CSV file, as the body of a POST. Every limit is a problem naming it (src/http/limits.ts). A list is read
 * into lines here, then admitted by the list worker, counted by its size (the gate), and only then valued, in the
 * worker (list-valuer.ts): a refused list costs nothing, and a long one holds up no other client.
 */

/** A Content-Type's media type, lower-cased, without its parameters. */
const mediaTypeOf = (type: string | undefined): string | undefined => type?.split(';')[0].trim().toLowerCase();

const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
const FORMATS = { json: JSON_CONTENT_TYPE, markdown: 'text/markdown; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;
type Format = keyof typeof FORMATS;
const FORMAT_TYPES: Record<Format, string> = { json: 'application/json', markdown: 'text/markdown', csv: 'text/csv' };
const FORMAT_NAMES = Object.keys(FORMATS) as Format[];
const BODY_TYPES = ['text/plain', 'text/csv'];
/** What the page's form posts: a pasted list and a file (multipart), or the list alone. */
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/** A list as it arrived: its text (decoded when read: a refused list never is), whether it is CSV, or what refused it. */
type ListSource = { text: () => string; csv: boolean } | { problem: Answer };

/** What valuing a list came to: its answer with the headers its counting adds, or the answer that refused it. */
type Valued = { answer: ListAnswer; headers: Record<string, string> } | { refused: Answer };

export function createCollectionEndpoint({
  gate,
  valuer,
  shell,
  asOfRange,
}: {
  gate: FunctionGate;
  valuer: ListValuer;
  shell: () => Promise<PageShell>;
  /** The days a list may be valued as of (the build's collection data). */
  asOfRange: () => AsOfRange;
}) {
  /** The options of a list from its parameters (`asOf`, `series`), or the problem that refuses them. */
  function optionsOf(asOf: string[], series: string[]): ListOptions | { problem: Answer } {
    const date = asOfOf(asOf, asOfRange());
    if ('problem' in date) return { problem: problemResponse(date.problem) };
    const window = seriesOf(series);
    return 'problem' in window ? { problem: problemResponse(window.problem) } : { ...date, ...window };
  }

  /**
   * A list read into lines, checked against the limits, admitted, counted by its size (the gate), then valued in
   * the worker. While the worker has no room at all, or the client was refused a moment ago, it is not even read:
   * reading a list (its text, or a CSV's rows) is its one cost on this thread, and a client that
   * ignores Retry-After must not make the function pay it again and again.
   */
  async function value(read: () => ListLine[] | { problem: string }, output: ListOutput, options: ListOptions, req: HttpRequest): Promise<Valued> {
    const full = valuer.full();
    if (full) return { refused: listWorkProblem(full) };
    // A client refused a moment ago is refused again before its list is read, as it would be after.
    const refusedNow = gate.refusedNow(req);
    if (refusedNow) return { refused: problemResponse(refusedNow.problem, refusedNow.headers) };
    const lines = read();
    if (!Array.isArray(lines)) return { refused: problemResponse(badRequest(`The CSV cannot be read as a list: ${lines.problem}.`)) };
    const tooLong = tooManyLines(lines.length);
    if (tooLong) return { refused: problemResponse(tooLong) };
    const ticket = valuer.admit(lines.length);
    if (!('run' in ticket)) return { refused: listWorkProblem(ticket) };
    try {
      const cost = listCost(lines.length);
      const decision = await gate(req, cost);
      const headers = { ...decision.headers, 'Request-Cost': String(cost) };
      if (!decision.go) return { refused: problemResponse(decision.problem, headers) };
      const answer = await ticket.run(lines, output, options).catch((error: unknown) => listWorkProblem(error));
      return 'status' in answer ? { refused: { ...answer, headers: { ...headers, ...answer.headers } } } : { answer, headers };
    } finally {
      ticket.release();
    }
  }

  /** `/api/collection`: JSON, Markdown or CSV. */
  async function api(url: URL, req: HttpRequest): Promise<Answer> {
    // A POST's body is read before any answer but one over the limit: a proxy in front still sending it would
    // take an answer before the end of its body, and the closed connection after it, for a dead function (a 502).
    const posted = req.method === 'POST' ? await bodyOf(req) : undefined;
    const query = url.searchParams;
    const formats = query.getAll('format');
    if (formats.length > 1 || (formats.length === 1 && !FORMAT_NAMES.includes(formats[0] as Format))) {
      return problemResponse(badParameter('format', `format must be one of ${FORMAT_NAMES.join(', ')}, given once.`, FORMAT_NAMES));
    }
    const format = (formats[0] as Format | undefined) ?? negotiateAmong(req.header('accept'), FORMAT_TYPES, FORMAT_NAMES);
    if (format === null) return problemResponse(notAcceptable(Object.values(FORMAT_TYPES)), { Vary: 'Accept' });

    const source = posted ?? listOf(url);
    if ('problem' in source) return source.problem;
    const options = optionsOf(query.getAll('asOf'), query.getAll('series'));
    if ('problem' in options) return options.problem;
    const valued = await value(() => (source.csv ? linesOfCsv(source.text()) : linesOfText(source.text())), { kind: format }, options, req);
    if ('refused' in valued) return valued.refused;
    const headers: Record<string, string> = { Vary: 'Accept', 'Content-Type': FORMATS[format] };
    if (valued.answer.tokens !== undefined) headers['x-markdown-tokens'] = String(valued.answer.tokens);
    if (format === 'csv') headers['Content-Disposition'] = 'inline; filename="collection.csv"';
    const answer = withCaching(valued.answer.bytes, headers, req);
    return { ...answer, headers: { ...valued.headers, ...answer.headers } };
  }

  /**
   * The lines of a GET list (`list=`, as /api/collection takes it) as the worker matched them, for a list's price
   * feed: the same limits, the same cost by lines (charged by `value`), the JSON entries of its valuing.
   */
  async function entries(
    url: URL,
    req: HttpRequest,
  ): Promise<{ list: string; entries: CollectionEntry[]; headers: Record<string, string> } | { refused: Answer }> {
    const source = listOf(url, FEED_LONGER_LIST);
    if ('problem' in source) return { refused: source.problem };
    const options = optionsOf([], []);
    if ('problem' in options) return { refused: options.problem };
    const valued = await value(() => linesOfText(source.text()), { kind: 'json' }, options, req);
    if ('refused' in valued) return valued;
    const { entries } = JSON.parse(new TextDecoder().decode(valued.answer.bytes)) as { entries: CollectionEntry[] };
    return { list: source.text(), entries, headers: valued.headers };
  }

  /**
   * `/collection`: the page for people. GET without a list is the empty form; with one (a shared link, a picked
   * alternative), the valued page. POST is the form: a pasted list and or a CSV file (multipart/form-data), or
   * with `format=csv` the same list as CSV to save.
   */
  async function page(url: URL, req: HttpRequest): Promise<Answer> {
    const read = req.method === 'POST' ? await readLimited(req.body, COLLECTION_LIMITS.postBytes) : undefined;
    let list = '';
    let csv: string | undefined;
    // A form always sends its date and series fields: empty is none. A link carries them in the query.
    let asOf = url.searchParams.getAll('asOf').filter((date) => date !== '');
    let series = url.searchParams.getAll('series').filter((window) => window !== '');
    if (read && 'refused' in read) return bodyRefusal(read);
    const body = read?.body;
    if (body) {
      const form = await formOf(body, req.header('content-type'));
      if (!form) return problemResponse(unsupportedMediaType(FORM_TYPES, req.header('content-type')));
      list = form.list;
      if (form.asOf) asOf = [form.asOf];
      if (form.series) series = [form.series];
      // A file that is a CSV (its type, its name, or a header row with commas) is read by its columns.
      if (form.file) {
        const looksCsv = /csv/i.test(form.file.type) || /\.csv$/i.test(form.file.name) || /^[^\n]*,/.test(form.file.text);
        if (looksCsv) csv = form.file.text;
        else list = [list, form.file.text].filter((t) => t.trim()).join('\n');
      }
    } else {
      if (!url.searchParams.has('list')) {
        const { historyFrom, pricesAsOf } = asOfRange();
        const empty = collectionPage({ list, fitsInLink: () => true, dates: { from: historyFrom, to: pricesAsOf } });
        return withCaching((await shell()).fill(empty.title, empty.main), { 'Content-Type': HTML_CONTENT_TYPE, ...HTML_SECURITY_HEADERS }, req);
      }
      const source = listOf(url);
      if ('problem' in source) return source.problem;
      list = source.text();
    }
    // Refusals are the API's problems, as on every page the function answers (the search pages too).
    const download = url.searchParams.get('format') === 'csv';
    const output: ListOutput = { kind: 'page', download, ...(csv === undefined && { list }) };
    const options = optionsOf(asOf, series);
    if ('problem' in options) return options.problem;
    const valued = await value(() => (csv === undefined ? linesOfText(list) : linesOfCsv(csv)), output, options, req);
    if ('refused' in valued) return valued.refused;
    const headers: Record<string, string> = download
      ? { 'Content-Type': FORMATS.csv, 'Content-Disposition': 'attachment; filename="collection.csv"' }
      : { 'Content-Type': HTML_CONTENT_TYPE, ...HTML_SECURITY_HEADERS };
    const answer = withCaching(valued.answer.bytes, headers, req);
    return { ...answer, headers: { ...valued.headers, ...answer.headers } };
  }

  return { api, page, entries };
}

/** An answer with its ETag (304 when it matches) and a search's caching for a GET; never cached for a POST. */
function withCaching(body: string | Uint8Array<ArrayBuffer>, { 'Content-Type': contentType, ...headers }: Record<string, string>, req: HttpRequest): Answer {
  if (req.method === 'POST') {
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    return {
      status: 200,
      headers: { ...headers, 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'no-store' },
      body: bytes,
    };
  }
  const answer = answerOnce(req.header('if-none-match'), body, contentType);
  return { ...answer, headers: { ...(answer.status === 200 && headers), Vary: 'Accept', ...answer.headers } };
}

/** The page's form: its text area and its file, from multipart/form-data or a urlencoded body; null when unreadable. */
async function formOf(
  body: Uint8Array<ArrayBuffer>,
  type: string | undefined,
): Promise<{ list: string; asOf?: string; series?: string; file?: { name: string; type: string; text: string } } | null> {
  if (!FORM_TYPES.includes(mediaTypeOf(type) ?? '')) return null;
  try {
    const form = await new Response(body, { headers: { 'Content-Type': type! } }).formData();
    const list = form.get('list');
    const asOf = form.get('asOf');
    const series = form.get('series');
    const file = form.get('file');
    const text = file instanceof File && file.size > 0 ? await file.text() : undefined;
    return {
      list: typeof list === 'string' ? list : '',
      ...(typeof asOf === 'string' && asOf !== '' && { asOf }),
      ...(typeof series === 'string' && series !== '' && { series }),
      ...(text !== undefined && file instanceof File && { file: { name: file.name, type: file.type, text } }),
    };
  } catch {
    return null;
  }
}

/**
 * The bytes of each `list` parameter as the URL carries it (percent-encoded, `+` for a space): what a host in
 * front had to accept, which is what the limit is for. The URL parser has already encoded what a client sent
 * raw (spaces, non-ASCII), as a client must.
 */
function listBytesAsSent(url: URL): number[] {
  const sizes: number[] = [];
  for (const pair of url.search.slice(1).split('&')) {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    let decoded: string;
    try {
      decoded = decodeURIComponent(name.replaceAll('+', ' '));
    } catch {
      continue;
    }
    if (decoded === 'list') sizes.push(eq === -1 ? 0 : pair.length - eq - 1);
  }
  return sizes;
}

/** What a GET list past its limit may do instead: /api/collection and /collection take it POSTed. */
const POST_LONGER_LIST = {
  allowed: 'POST a longer list',
  detail: `POST a longer list (text/plain or text/csv, up to ${bytesText(COLLECTION_LIMITS.postBytes)}).`,
};
/** A list's feed is read by feed readers, which only GET: a longer list is split into feeds. */
const FEED_LONGER_LIST = {
  allowed: 'a feed is read by GET alone: split a longer list into several feeds',
  detail: 'A feed is read by GET alone (a feed reader cannot POST): split a longer list into several feeds, each within the limit.',
};

/** `GET ?list=`: the lines, newline-separated, at most COLLECTION_LIMITS.getListBytes as sent; `longer` says what to do past it. */
function listOf(url: URL, longer = POST_LONGER_LIST): ListSource {
  const lists = url.searchParams.getAll('list');
  const limit = COLLECTION_LIMITS.getListBytes;
  const allowed = `one item per line (newline-separated, URL-encoded), at most ${bytesText(limit)} as sent; ${longer.allowed}`;
  if (lists.length !== 1) {
    const detail = lists.length === 0 ? 'list is required: the items to value, one per line.' : `list was given ${lists.length} times; give it once.`;
    return { problem: problemResponse(badParameter('list', detail, allowed)) };
  }
  const sent = listBytesAsSent(url)[0] ?? 0;
  if (sent > limit) {
    const detail = `list is ${countText(sent)} bytes as sent; a GET list may be at most ${bytesText(limit)} (${countText(limit)} bytes), which every host in front accepts in a URL. ${longer.detail}`;
    return { problem: problemResponse(overLimit(414, detail, `GET list ≤ ${bytesText(limit)}`)) };
  }
  return { text: () => lists[0], csv: false };
}

/** A POST body of text/plain or text/csv, kept up to COLLECTION_LIMITS.postBytes and never past it. */
async function bodyOf(req: HttpRequest): Promise<ListSource> {
  const type = req.header('content-type');
  const mediaType = mediaTypeOf(type);
  const read = await readLimited(req.body, COLLECTION_LIMITS.postBytes);
  if ('refused' in read) return { problem: bodyRefusal(read) };
  if (!mediaType || !BODY_TYPES.includes(mediaType)) return { problem: problemResponse(unsupportedMediaType(BODY_TYPES, type)) };
  return { text: () => new TextDecoder().decode(read.body), csv: mediaType === 'text/csv' };
}
