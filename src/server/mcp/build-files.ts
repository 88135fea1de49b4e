import type { FileInfo, FileManifest } from '../../http/file-manifest.ts';
import { representationFile } from '../../http/headers.ts';
import type { Collection } from '../../http/links.ts';

/**
 * The prebuilt files the MCP tools and resources answer with, read as the function reads every file: named by
 * the build manifest (never by the request), their bytes from dist/client or the static host in front, their
 * token counts from the manifest.
 */
export interface BuildFiles {
  /** A record's JSON and its Markdown twin (without a slug: the collection's index, /api/sets.json); undefined when the build has none. */
  record(collection: Collection, slug?: string): Promise<ToolAnswer | undefined>;
  /** A Markdown or text file by its path, with its token count; undefined when the build has none. */
  text(path: string): Promise<{ text: string; tokens?: number } | undefined>;
}

/** A tool's answer: the JSON as structuredContent, and its Markdown twin with the twin's o200k token count. */
export interface ToolAnswer {
  structured: Record<string, unknown>;
  markdown: string;
  tokens: number;
}

export function buildFilesOf(
  files: () => FileManifest['files'] | Promise<FileManifest['files']>,
  read: (file: string, info: FileInfo) => Promise<Uint8Array>,
): BuildFiles {
  async function text(path: string) {
    const info = (await files())[path];
    if (!info) return undefined;
    return { text: new TextDecoder().decode(await read(path, info)), tokens: info.tokens };
  }
  return {
    text,
    async record(collection, slug) {
      const [json, markdown] = await Promise.all([text(representationFile(collection, slug, 'json')), text(representationFile(collection, slug, 'markdown'))]);
      if (!json || !markdown) return undefined;
      return { structured: JSON.parse(json.text) as Record<string, unknown>, markdown: markdown.text, tokens: markdown.tokens ?? 0 };
    },
  };
}
