import type { IncomingMessage } from 'node:http';
import { type Answer, answerOnce, JSON_CONTENT_TYPE } from '../http/answer.ts';
import { HTML_SECURITY_HEADERS } from '../http/headers.ts';
import { negotiateAmong } from '../http/negotiate.ts';
import {
  badParameter,
  badRequest,
  notAcceptable,
  overLimit,
  POST_BODY_MAX_BYTES,
  type Problem,
  postBodyTooLarge,
  problemResponse,
  unsupportedMediaType,
} from '../http/problem.ts';
import { collectionToCsv } from '../lib/collection/collection-csv.ts';
import { type ListLine, linesOfCsv, linesOfText } from '../lib/collection/list-lines.ts';
import { valueList } from '../lib/collection/value-list.ts';
import { collectionToMarkdown } from '../lib/markdown/collection-markdown.ts';
import { type CollectionPageInput, collectionPage } from '../lib/pages/collection-page.ts';
import type { PageShell } from '../lib/pages/page-shell.ts';
import type { Collection } from '../schemas/api-types.ts';
import type { FunctionGate } from './function-gate.ts';
import { readLimited } from './request-body.ts';
import type { Searchers } from './search-data.ts';
import { countTokens } from './token-count.ts';

/**
 * `/api/collection`: a list valued line by line (src/lib/collection/), as JSON, Markdown or CSV. A short list
 * comes in the URL (`GET ?list=`, so that a valued list is a link to share and a CDN may keep it); a long one,
 * or a CSV file, as the body of a POST. Every limit is a problem naming it, and a list costs rate-limit points
 * by its size, counted after it is read and before it is valued.
 */
export const COLLECTION_LIMITS = {
  /**
   * A GET list, in bytes as sent (percent-encoded): with the rest of the request line it stays well inside
   * what nginx (large_client_header_buffers 16 KB in src/deploy/nginx.ts) and Node (16 KB of headers) accept.
   */
  getListBytes: 6 * 1024,
  /** A POST body: read up to this many bytes, never more. */
  postBytes: POST_BODY_MAX_BYTES,
  /** Lines that name something (blank and comment lines are free). */
  lines: 5000,
  /** A list costs one rate-limit point per this many lines (or part of it), like one search each. */
  linesPerPoint: 50,
} as const;

/** Whether a list fits in a link (GET ?list=), as sent: percent-encoded. */
const fitsInLink = (list: string): boolean => Buffer.byteLength(encodeURIComponent(list)) <= COLLECTION_LIMITS.getListBytes;

/** A Content-Type's media type, lower-cased, without its parameters. */
const mediaTypeOf = (type: string | undefined): string | undefined => type?.split(';')[0].trim().toLowerCase();

/** The rate-limit points a list of `lines` costs: one per 50 lines or part of them, at least one. */
export const collectionCost = (lines: number): number => Math.max(1, Math.ceil(lines / COLLECTION_LIMITS.linesPerPoint));

const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
const FORMATS = { json: JSON_CONTENT_TYPE, markdown: 'text/markdown; charset=utf-8', csv: 'text/csv; charset=utf-8' } as const;
type Format = keyof typeof FORMATS;
const FORMAT_TYPES: Record<Format, string> = { json: 'application/json', markdown: 'text/markdown', csv: 'text/csv' };
const FORMAT_NAMES = Object.keys(FORMATS) as Format[];
const BODY_TYPES = ['text/plain', 'text/csv'];
/** What the page's form posts: a pasted list and a file (multipart), or the list alone. */
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];

/** A list as it arrived: its text, whether it is CSV, and what made it. */
type ListSource = { text: string; csv: boolean } | { problem: Answer };

/** What valuing a list came to: the valued list with the headers its counting adds, or the answer that refused it. */
type Valued = { collection: Collection; headers: Record<string, string> } | { refused: Answer };

/** The problem of a list over the line limit, if it is. */
export function tooManyLines(lines: number): Problem | undefined {
  if (lines <= COLLECTION_LIMITS.lines) return undefined;
  const detail = `A list may have at most ${COLLECTION_LIMITS.lines.toLocaleString('en-US')} lines; this one has ${lines.toLocaleString('en-US')}. Send it in parts.`;
  return overLimit(413, detail, `lines ≤ ${COLLECTION_LIMITS.lines.toLocaleString('en-US')}`);
}

/** A list's lines valued against this build (the API's, the page's and the MCP tool's). */
export function valueLines(lines: readonly ListLine[], searchers: Searchers): Collection {
  const { collection } = searchers;
  return valueList(lines, { ...searchers, gradedOf: (id: string) => collection.graded[id] }, collection.pricesAsOf);
}

export function createCollectionEndpoint({ searchers, gate, shell }: { searchers: Searchers; gate: FunctionGate; shell: () => Promise<PageShell> }) {
  /** Lines checked against the limits, counted by their size (the gate), then valued. */
  async function value(lines: ListLine[] | { problem: string }, req: IncomingMessage): Promise<Valued> {
    if (!Array.isArray(lines)) return { refused: problemResponse(badRequest(`The CSV cannot be read as a list: ${lines.problem}.`)) };
    const tooLong = tooManyLines(lines.length);
    if (tooLong) return { refused: problemResponse(tooLong) };
    const cost = collectionCost(lines.length);
    const decision = await gate(req, cost);
    const headers = { ...decision.headers, 'Request-Cost': String(cost) };
    if (!decision.go) return { refused: problemResponse(decision.problem, headers) };
    return { collection: valueLines(lines, searchers), headers };
  }

  /** `/api/collection`: JSON, Markdown or CSV. */
  async function api(url: URL, req: IncomingMessage): Promise<Answer> {
    // A POST's body is read before any answer, even a refusal: a proxy in front still sending it would take an
    // answer before the end of its body, and the closed connection after it, for a dead function (a 502).
    const posted = req.method === 'POST' ? await bodyOf(req) : undefined;
    const query = url.searchParams;
    const formats = query.getAll('format');
    if (formats.length > 1 || (formats.length === 1 && !FORMAT_NAMES.includes(formats[0] as Format))) {
      return problemResponse(badParameter('format', `format must be one of ${FORMAT_NAMES.join(', ')}, given once.`, FORMAT_NAMES));
    }
    const format = (formats[0] as Format | undefined) ?? negotiateAmong(req.headers.accept, FORMAT_TYPES, FORMAT_NAMES);
    if (format === null) return problemResponse(notAcceptable(Object.values(FORMAT_TYPES)), { Vary: 'Accept' });

    const source = posted ?? listOf(query);
    if ('problem' in source) return source.problem;
    const valued = await value(source.csv ? linesOfCsv(source.text) : linesOfText(source.text), req);
    if ('refused' in valued) return valued.refused;
    const answer = await represent(valued.collection, format, req);
    return { ...answer, headers: { ...valued.headers, ...answer.headers } };
  }

  async function represent(collection: Collection, format: Format, req: IncomingMessage): Promise<Answer> {
    const text = format === 'json' ? JSON.stringify(collection) : format === 'markdown' ? collectionToMarkdown(collection) : collectionToCsv(collection);
    const headers: Record<string, string> = { Vary: 'Accept', 'Content-Type': FORMATS[format] };
    if (format === 'markdown') headers['x-markdown-tokens'] = String(await countTokens(text));
    if (format === 'csv') headers['Content-Disposition'] = 'inline; filename="collection.csv"';
    return withCaching(text, headers, req);
  }

  /**
   * `/collection`: the page for people. GET without a list is the empty form; with one (a shared link, a picked
   * alternative), the valued page. POST is the form: a pasted list and or a CSV file (multipart/form-data), or
   * with `format=csv` the same list as CSV to save.
   */
  async function page(url: URL, req: IncomingMessage): Promise<Answer> {
    const body = req.method === 'POST' ? await readLimited(req, COLLECTION_LIMITS.postBytes) : undefined;
    const frame = await shell();
    const html = (input: Omit<CollectionPageInput, 'fitsInLink'>): Answer => {
      const rendered = collectionPage({ ...input, fitsInLink });
      return withCaching(frame.fill(rendered.title, rendered.main), { 'Content-Type': HTML_CONTENT_TYPE, ...HTML_SECURITY_HEADERS }, req);
    };
    let list = '';
    let csv: string | undefined;
    if (body === null) return problemResponse(postBodyTooLarge());
    if (body) {
      const form = await formOf(body, req.headers['content-type']);
      if (!form) return problemResponse(unsupportedMediaType(FORM_TYPES, req.headers['content-type']));
      list = form.list;
      // A file that is a CSV (its type, its name, or a header row with commas) is read by its columns.
      if (form.file) {
        const looksCsv = /csv/i.test(form.file.type) || /\.csv$/i.test(form.file.name) || /^[^\n]*,/.test(form.file.text);
        if (looksCsv) csv = form.file.text;
        else list = [list, form.file.text].filter((t) => t.trim()).join('\n');
      }
    } else {
      if (!url.searchParams.has('list')) return html({ list });
      const source = listOf(url.searchParams);
      if ('problem' in source) return source.problem;
      list = source.text;
    }
    // Refusals are the API's problems, as on every page the function answers (the search pages too).
    const valued = await value(csv === undefined ? linesOfText(list) : linesOfCsv(csv), req);
    if ('refused' in valued) return valued.refused;
    // A CSV's rows become lines of the text area, each its item's id where one was found, so that the page's
    // links (share, pick an alternative) hold the list as text.
    const shown = csv === undefined ? { list, collection: valued.collection } : asTextList(valued.collection);
    const answer =
      url.searchParams.get('format') === 'csv'
        ? withCaching(collectionToCsv(shown.collection), { 'Content-Type': FORMATS.csv, 'Content-Disposition': 'attachment; filename="collection.csv"' }, req)
        : html(shown);
    return { ...answer, headers: { ...valued.headers, ...answer.headers } };
  }

  return { api, page };
}

/** A CSV's valued rows as a text list, line i the row of entry i: its quantity and the id of what it was read as. */
function asTextList(collection: Collection): { list: string; collection: Collection } {
  const lines = collection.entries.map((entry) => {
    const id = entry.card?.id ?? (entry.sealed && String(entry.sealed.productId));
    const grade = entry.grade ? ` ${entry.grade.company.toLowerCase()} ${entry.grade.grade}` : '';
    return id && entry.status === 'matched' ? `${entry.quantity > 1 ? `${entry.quantity}x ` : ''}${id}${grade}` : entry.text;
  });
  return { list: lines.join('\n'), collection: { ...collection, entries: collection.entries.map((entry, i) => ({ ...entry, line: i + 1 })) } };
}

/** An answer with its ETag (304 when it matches) and a search's caching for a GET; never cached for a POST. */
function withCaching(text: string, { 'Content-Type': contentType, ...headers }: Record<string, string>, req: IncomingMessage): Answer {
  if (req.method === 'POST') {
    const bytes = Buffer.from(text);
    return {
      status: 200,
      headers: { ...headers, 'Content-Type': contentType, 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'no-store' },
      body: bytes,
    };
  }
  const answer = answerOnce(req.headers['if-none-match'], text, contentType);
  return { ...answer, headers: { ...(answer.status === 200 && headers), Vary: 'Accept', ...answer.headers } };
}

/** The page's form: its text area and its file, from multipart/form-data or a urlencoded body; null when unreadable. */
async function formOf(body: Buffer, type: string | undefined): Promise<{ list: string; file?: { name: string; type: string; text: string } } | null> {
  if (!FORM_TYPES.includes(mediaTypeOf(type) ?? '')) return null;
  try {
    const form = await new Response(new Uint8Array(body), { headers: { 'Content-Type': type! } }).formData();
    const list = form.get('list');
    const file = form.get('file');
    const text = file instanceof File && file.size > 0 ? await file.text() : undefined;
    return {
      list: typeof list === 'string' ? list : '',
      ...(text !== undefined && file instanceof File && { file: { name: file.name, type: file.type, text } }),
    };
  } catch {
    return null;
  }
}

/** `GET ?list=`: the lines, newline-separated, at most COLLECTION_LIMITS.getListBytes as sent. */
function listOf(query: URLSearchParams): ListSource {
  const lists = query.getAll('list');
  const allowed = 'one item per line (newline-separated, URL-encoded), at most 6 KB; POST a longer list';
  if (lists.length !== 1) {
    const detail = lists.length === 0 ? 'list is required: the items to value, one per line.' : `list was given ${lists.length} times; give it once.`;
    return { problem: problemResponse(badParameter('list', detail, allowed)) };
  }
  if (!fitsInLink(lists[0])) {
    const sent = Buffer.byteLength(encodeURIComponent(lists[0]));
    const detail = `list is ${sent.toLocaleString('en-US')} bytes as sent; a GET list may be at most 6 KB (6,144 bytes), which every host in front accepts in a URL. POST a longer list (text/plain or text/csv, up to 1 MB).`;
    return { problem: problemResponse(overLimit(414, detail, 'GET list ≤ 6 KB')) };
  }
  return { text: lists[0], csv: false };
}

/** A POST body of text/plain or text/csv, kept up to COLLECTION_LIMITS.postBytes and never past it. */
async function bodyOf(req: IncomingMessage): Promise<ListSource> {
  const type = req.headers['content-type'];
  const mediaType = mediaTypeOf(type);
  const body = await readLimited(req, COLLECTION_LIMITS.postBytes);
  if (!mediaType || !BODY_TYPES.includes(mediaType)) return { problem: problemResponse(unsupportedMediaType(BODY_TYPES, type)) };
  if (body === null) return { problem: problemResponse(postBodyTooLarge()) };
  return { text: new TextDecoder().decode(body), csv: mediaType === 'text/csv' };
}
