/** What the batches of the build are made of: the types alone, so that the modules that make and write them need not import one another. */
import type { FileInfo } from '../http/file-manifest.ts';
import type { ArticleTitles } from '../render/markdown/knowledge-markdown.ts';
import type { HomePageData, KnowledgeIndexData, SealedIndexData } from '../render/pages/index-pages.ts';
import type { CardDetail, KnowledgeDetail, Movers, SealedDetail, SetDetail, SetList } from '../schemas/api-types.ts';

/**
 * A file of the build: each batch is one prerendered route whose body lists them, so that the build of tens of
 * thousands of files is a few routes. `client` is the public output; `server` holds data only the function reads.
 * A body is text, bytes (the search packs), or a file already written aside (FileAside).
 */
export type EmittedFile = [target: 'client' | 'server', path: string, body: string | Buffer | FileAside];
/**
 * A file too large to hold (cards.ndjson of a large catalogue), written to `aside` (in the cache folder) and hashed as
 * it was read back: the sink moves it into place, or removes it when the file in place has the same bytes.
 */
export interface FileAside {
  aside: string;
  etag: string;
  bytes: number;
}
/** Where the Markdown worker writes a file, and the ETag it had after the previous build (see FileSink.write). */
export interface FileTarget {
  path: string;
  previous?: FileInfo;
}
/** The records whose Markdown twin the worker thread makes from their JSON (src/pipeline/markdown-worker.ts). */
export type MarkdownFromJson = 'card' | 'sealed' | 'set';
/**
 * A Markdown file the worker thread writes, tags and counts: a body made here (`text`), or made there from a record's
 * JSON (`body`), whose file (`jsonPath`) the worker writes too: the main thread, rendering HTML, is the busier one.
 */
export type MarkdownFile = { markdown: 'text'; path: string; body: string } | { markdown: MarkdownFromJson; path: string; body: string; jsonPath: string };
/**
 * The files made from one record (or one whole-catalogue output), with the key of everything they are made from: when
 * the previous build made the group from the same key with the same code, its files are kept and `files` is not called.
 */
export interface FileGroup {
  group: string;
  key: string;
  files(): AsyncGenerator<EmittedFile | MarkdownFile>;
}
export type EmitItem = EmittedFile | MarkdownFile | FileGroup;

/** Renders the HTML page of a record (the Astro components in src/components). */
export interface PageRenderer {
  card(card: CardDetail): Promise<string>;
  sealed(product: SealedDetail): Promise<string>;
  article(article: KnowledgeDetail, titles: ArticleTitles, bodyHtml: string): Promise<string>;
  set(set: SetDetail): Promise<string>;
  setList(setList: SetList): Promise<string>;
  home(home: HomePageData): Promise<string>;
  sealedIndex(index: SealedIndexData): Promise<string>;
  knowledgeIndex(index: KnowledgeIndexData): Promise<string>;
  movers(movers: Movers): Promise<string>;
  /** How to write a search: the field filters of q (/search/help). */
  searchHelp(): Promise<string>;
  /** The layout with the markers of src/render/pages/page-shell.ts: the frame of the pages the function renders. */
  shell(): Promise<string>;
}
