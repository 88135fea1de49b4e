import { finish, mapInSteps, type Steps } from '../catalogue/steps.ts';
import { HISTORY_STORE_FILE, type HistoryStore, readHistoryStore } from '../collection/history-store.ts';
import type { ListLine } from '../collection/list-lines.ts';
import type { SeriesWindow } from '../collection/list-series.ts';
import { type ThroughTime, valueListSteps } from '../collection/value-list.ts';
import { TOKENS_META } from '../describe/mcp/protocol.ts';
import { COLLECTION_LIMITS } from '../http/limits.ts';
import { collectionToCsv } from '../render/collection-csv.ts';
import { collectionToMarkdownSteps } from '../render/markdown/collection-markdown.ts';
import { collectionPage } from '../render/pages/collection-page.ts';
import { type PageShell, pageShellOf, SHELL_FILE } from '../render/pages/page-shell.ts';
import type { Collection } from '../schemas/api-types.ts';
import { type FunctionData, onceFrom } from './function-data.ts';
import type { Searchers } from './searchers.ts';
import { countTokensAtOnce, countTokensInSteps, type TokenCount } from './token-count.ts';

/**
 * A list's lines valued against this build and written out as what was asked for: the API's JSON, Markdown or
 * CSV, the `/collection` page, or the MCP tool's result. This is the work a list costs, all of it, so it runs
 * in the list worker (list-worker.ts), off the thread that answers searches (list-valuer.ts says why).
 */
export type ListOutput =
  | { kind: 'json' | 'markdown' | 'csv' }
  /** The `value_collection` tool's result, as JSON: the collection as structuredContent, its Markdown as text. */
  | { kind: 'tool-result' }
  /**
   * The page for people, or (`download`) its CSV to save. `list` is the text the form showed; without one the
   * list came as a CSV file, and its rows are shown as text lines, each its item's id where one was found.
   */
  | { kind: 'page'; list?: string; download: boolean };

export interface RenderedList {
  text: string;
  /** The o200k token count of a Markdown answer. */
  tokens?: number;
}

/**
 * How a list is valued, besides its lines: as of a date (`asOf`, checked against the build's range:
 * src/collection/as-of.ts), with its total over a window (`series`: src/collection/list-series.ts).
 */
export interface ListOptions {
  asOf?: string;
  series?: SeriesWindow;
}

/**
 * What rendering reads besides the lines: the searchers, the page shell (read on first need), and the history
 * store (read on the first list valued as of a date). The main thread has no history store: a list valued as of
 * a date is always the worker's (list-valuer.ts).
 */
export interface ListRenderContext {
  searchers: Searchers;
  shell(): Promise<PageShell>;
  histories?: () => Promise<HistoryStore>;
}

const storesOf = new WeakMap<FunctionData, () => Promise<HistoryStore>>();

/**
 * The history store of a build, read on first need: only a list valued through time and a price feed read it.
 * @example const histories = historiesOf(data); (await histories()).card(id, printingId)
 */
export function historiesOf(data: FunctionData): () => Promise<HistoryStore> {
  // One store a build's data, however many parts ask (the feeds, lists valued without threads): it is megabytes.
  let histories = storesOf.get(data);
  if (!histories) storesOf.set(data, (histories = onceFrom(async () => readHistoryStore(await data.bytes(HISTORY_STORE_FILE)))));
  return histories;
}

/** Everything rendering reads, over a build's data: the page shell and the history store each read on first need. */
export function listRenderContextOf(data: FunctionData, searchers: Searchers): Required<ListRenderContext> {
  return { searchers, shell: onceFrom(async () => pageShellOf(await data.text(SHELL_FILE))), histories: historiesOf(data) };
}

/** A list's lines valued against this build (the API's, the page's and the MCP tool's). */
function valueLinesSteps(lines: readonly ListLine[], searchers: Searchers, through?: ThroughTime): Steps<Collection> {
  const { collection } = searchers;
  return valueListSteps(lines, { ...searchers, gradedOf: (id: string) => collection.graded[id] }, collection.pricesAsOf, through);
}

/** A list rendered whole, at once: what the list worker and a short list's inline valuing do. */
export async function renderList(lines: readonly ListLine[], output: ListOutput, context: ListRenderContext, options: ListOptions = {}): Promise<RenderedList> {
  return finish(await renderListSteps(lines, output, context, options, countTokensAtOnce));
}

/**
 * A list rendered as steps (src/catalogue/steps.ts), for a valuer with one thread (list-slices.ts): what is read
 * asynchronously (the history store, the page shell, the tokenizer) is read first, then the valuing pauses after
 * each line and the writing after every few dozen entries of JSON and every few hundred pieces of a token count. The same
 * code as renderList, which runs the steps at once, so both write the same bytes.
 */
export async function renderListSteps(
  lines: readonly ListLine[],
  output: ListOutput,
  { searchers, shell, histories }: ListRenderContext,
  options: ListOptions = {},
  tokenCount: () => Promise<TokenCount> = countTokensInSteps,
): Promise<Steps<RenderedList>> {
  const throughTime = options.asOf !== undefined || options.series !== undefined;
  if (throughTime && !histories) throw new Error('a list valued through time needs the history store');
  const through = throughTime ? { histories: await histories!(), ...options } : undefined;
  const countTokensOf = output.kind === 'markdown' || output.kind === 'tool-result' ? await tokenCount() : undefined;
  const frame = output.kind === 'page' && !output.download ? await shell() : undefined;
  return (function* (): Steps<RenderedList> {
    const collection = yield* valueLinesSteps(lines, searchers, through);
    switch (output.kind) {
      case 'json':
        return { text: yield* jsonSteps(collection) };
      case 'csv':
        return { text: collectionToCsv(collection) };
      case 'markdown': {
        const text = yield* collectionToMarkdownSteps(collection);
        return { text, tokens: yield* countTokensOf!(text) };
      }
      case 'tool-result': {
        const markdown = yield* collectionToMarkdownSteps(collection);
        const tokens = yield* countTokensOf!(markdown);
        // The shape mcp-tool-calls.ts gives every tool's result: content first, then structuredContent.
        const head = JSON.stringify({ content: [{ type: 'text', text: markdown, _meta: { [TOKENS_META]: tokens } }], structuredContent: 0 });
        return { text: `${head.slice(0, -'0}'.length)}${yield* jsonSteps(collection)}}` };
      }
      case 'page': {
        const shown = output.list === undefined ? asTextList(collection) : { list: output.list, collection };
        if (output.download) return { text: collectionToCsv(shown.collection) };
        const { historyFrom, pricesAsOf } = searchers.collection;
        const rendered = collectionPage({ ...shown, fitsInLink, dates: { from: historyFrom, to: pricesAsOf } });
        return { text: frame!.fill(rendered.title, rendered.main) };
      }
    }
  })();
}

/** Entries of JSON written between pauses: about as long as valuing one line. */
const ENTRIES_A_STEP = 64;

/**
 * JSON.stringify(collection), its entries written a run a step: the same bytes, since `entries` is the
 * collection's last member and an array's JSON is its items' joined by commas.
 */
function* jsonSteps(collection: Collection): Steps<string> {
  const head = JSON.stringify({ ...collection, entries: [] });
  const entries = yield* mapInSteps(collection.entries, ENTRIES_A_STEP, (entry) => JSON.stringify(entry));
  return `${head.slice(0, -']}'.length)}${entries.join(',')}]}`;
}

/** Whether the page can link to a list (GET /collection?list=…), percent-encoded as its links are. */
// Percent-encoded text is ASCII: its length is its bytes.
const fitsInLink = (list: string): boolean => encodeURIComponent(list).length <= COLLECTION_LIMITS.getListBytes;

/** A CSV's valued rows as a text list, line i the row of entry i: its quantity and the id of what it was read as. */
function asTextList(collection: Collection): { list: string; collection: Collection } {
  const lines = collection.entries.map((entry) => {
    const id = entry.card?.id ?? (entry.sealed && String(entry.sealed.productId));
    const grade = entry.grade ? ` ${entry.grade.company.toLowerCase()} ${entry.grade.grade}` : '';
    return id && entry.status === 'matched' ? `${entry.quantity > 1 ? `${entry.quantity}x ` : ''}${id}${grade}` : entry.text;
  });
  return { list: lines.join('\n'), collection: { ...collection, entries: collection.entries.map((entry, i) => ({ ...entry, line: i + 1 })) } };
}
