/**
 * What the bundles of the build are made of (emit-files.ts makes them, set-files.ts and representations.ts
 * help, pipeline.ts writes them out): the types alone, so that those modules need not import one another.
 */
import type { FileInfo } from '../http/file-manifest.ts';
import type { ArticleTitles } from '../render/markdown/knowledge-markdown.ts';
import type { HomePageData, KnowledgeIndexData, SealedIndexData } from '../render/pages/index-pages.ts';
import type { CardDetail, KnowledgeDetail, Movers, SealedDetail, SetDetail, SetList } from '../schemas/api-types.ts';

/**
 * A file of the build: each bundle is one prerendered route whose body lists them, so that the build of tens of
 * thousands of files is a few routes. `client` is the public output; `server` holds data only the function reads.
 * A body is text, bytes (the search packs), or a file already written aside (FileAside).
 */
export type EmittedFile = [target: 'client' | 'server', path: string, body: string | Buffer | FileAside];
/**
 * A file too large to hold (cards.ndjson of a large catalogue), written to `aside` (a path in the build's cache
 * folder) and hashed as it was read back: the sink moves it into place, or removes it when the file in place has
 * the same bytes.
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
 * A Markdown file the worker thread writes, tags and counts (see markdown-offload.ts): a body made here
 * (`text`), or made there from a record's JSON (`body`), in which case the worker writes and tags the record's
 * JSON file (`jsonPath`) too: the main thread, which renders the HTML, is the build's busier one.
 */
export type MarkdownFile = { markdown: 'text'; path: string; body: string } | { markdown: MarkdownFromJson; path: string; body: string; jsonPath: string };
/**
 * The files made from one record (a card's JSON, Markdown and HTML), with the key of everything they are made
 * from: when an earlier build made the group from the same key with the same code, its files are reused as
 * they are and `files` is never called (src/pipeline/build-state.ts).
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
