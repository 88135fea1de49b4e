import type { RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

/**
 * The Markdown parser, apart from the builders and the serialiser (mdast.ts): only the build reads editors'
 * Markdown, and the function, which serialises a valued list, need not carry a parser.
 */
const parser = unified().use(remarkParse).use(remarkGfm);

/** Parses editor-written Markdown (an article body) into nodes to embed in a larger tree. */
export function parseMarkdown(source: string): RootContent[] {
  return parser.parse(source).children;
}
