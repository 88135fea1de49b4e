import { COLLECTION_DATA_FILE } from '../collection/collection-data.ts';
import { HISTORY_STORE_FILE } from '../collection/history-store.ts';
import { MCP_TOOLS_FILE } from '../describe/mcp/tools.ts';
import { MANIFEST_FILE } from '../http/file-manifest.ts';
import { SHELL_FILE } from '../render/pages/page-shell.ts';
import { TRENDS_FILE } from '../render/pages/trends.ts';
import { AUTOCOMPLETE_FILE } from '../search/autocomplete.ts';
import { CARD_PRODUCTS_FILE } from '../search/card-searcher.ts';
import { CARD_FILTERS_FILE, SEALED_FILTERS_FILE } from '../search/filter-data.ts';

/**
 * What the function reads of its build, besides the public files: the search packs and their side files, the
 * history store, the manifest, the page shell and trends, the MCP tool list. All of it lies in dist/server, at
 * these paths and no other; a runtime supplies where the bytes come from (a `FunctionData`): the file system on
 * Node (fs-data.ts), a fetch-like asset store on Cloudflare (asset-data.ts). Each reader asks for a file once per
 * instance and keeps what it made of it; nothing here keeps bytes.
 */
export const FUNCTION_DATA_FILES = [
  MANIFEST_FILE,
  'search/cards.pack',
  'search/sealed.pack',
  'search/knowledge.json',
  'search/kinds.json',
  CARD_PRODUCTS_FILE,
  CARD_FILTERS_FILE,
  SEALED_FILTERS_FILE,
  COLLECTION_DATA_FILE,
  AUTOCOMPLETE_FILE,
  HISTORY_STORE_FILE,
  TRENDS_FILE,
  SHELL_FILE,
  MCP_TOOLS_FILE,
] as const;

/** A file of dist/server the function reads: one of FUNCTION_DATA_FILES, never a name a request made. */
export type FunctionDataFile = (typeof FUNCTION_DATA_FILES)[number];

/** Where the function's own files come from: their bytes, or their UTF-8 text. */
export interface FunctionData {
  bytes(file: FunctionDataFile): Promise<Uint8Array<ArrayBuffer>>;
  text(file: FunctionDataFile): Promise<string>;
  /**
   * The bytes at once, where the source can give them without waiting (a file system): then the searchers read
   * each side file when a request first needs it, as Node always has, instead of all of them ahead (searchers.ts).
   */
  bytesNow?(file: FunctionDataFile): Uint8Array<ArrayBuffer>;
}

const KNOWN: ReadonlySet<string> = new Set(FUNCTION_DATA_FILES);

/**
 * The file a data source may read, checked where the bytes are fetched: the types keep a request's path out, and
 * this keeps out whatever slipped past them (a cast, a path joined from input).
 */
export function functionDataFile(file: string): FunctionDataFile {
  if (!KNOWN.has(file)) throw new Error(`${JSON.stringify(file.slice(0, 80))} is not one of the function's data files`);
  return file as FunctionDataFile;
}

/**
 * A value made from a file on first need, once per instance: a failed read is tried again on the next need
 * rather than kept.
 * @example const tools = onceFrom(() => data.text(MCP_TOOLS_FILE).then(JSON.parse)); await tools()
 */
export function onceFrom<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () =>
    (made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
}
