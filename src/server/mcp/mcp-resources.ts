import { RESOURCE_SCHEME, TOKENS_META } from '../../describe/mcp/protocol.ts';
import { markdownUrl } from '../../http/links.ts';
import { SLUG_PATTERN } from '../../schemas/patterns.ts';
import type { Searchers } from '../searchers.ts';
import type { BuildFiles } from './build-files.ts';

/**
 * The MCP resources: the site's index for agents (/llms.txt), the sets index and every knowledge article as
 * listed resources, and the Markdown of any card, sealed product or set by template. A resource is a prebuilt
 * file named by its site path under RESOURCE_SCHEME (`card-values:/cards/charizard-base1-4.md`), so it is
 * the same bytes as that file, and nothing outside the Markdown of the build can be named.
 */
const MARKDOWN = 'text/markdown';
const uriOf = (path: string): string => `${RESOURCE_SCHEME}${path}`;
/** The paths a resource may name: the index files, and a record's Markdown. */
const READABLE = new RegExp(`^/(?:cards|sealed|sets|knowledge)/${SLUG_PATTERN}\\.md$`);
const INDEX_FILES = ['/llms.txt', markdownUrl('sets')];

export function createResources({ searchers, files }: { searchers: Searchers; files: BuildFiles }) {
  return {
    list() {
      const articles = searchers.knowledge.search({}).map((article) => ({
        uri: uriOf(markdownUrl('knowledge', article.id)),
        name: article.id,
        title: article.question,
        mimeType: MARKDOWN,
      }));
      return {
        resources: [
          { uri: uriOf('/llms.txt'), name: 'llms.txt', title: 'What this service holds and how to use it', mimeType: 'text/plain' },
          { uri: uriOf(markdownUrl('sets')), name: 'sets', title: 'Every set by language and series, with values', mimeType: MARKDOWN },
          ...articles,
        ],
      };
    },

    templates() {
      const template = (collection: string, what: string, from: string) => ({
        uriTemplate: uriOf(`/${collection}/{slug}.md`),
        name: `${collection}-markdown`,
        title: `${what} as Markdown`,
        description: `The slug from ${from}.`,
        mimeType: MARKDOWN,
      });
      return {
        resourceTemplates: [
          template('cards', 'A card', 'search_cards'),
          template('sealed', 'A sealed product', 'search_sealed'),
          template('sets', 'A set', 'list_sets (the set id)'),
        ],
      };
    },

    /** resources/read: the file's text, or undefined when the URI names none (the protocol's "resource not found"). */
    async read(uri: string) {
      if (!uri.startsWith(RESOURCE_SCHEME)) return undefined;
      const path = uri.slice(RESOURCE_SCHEME.length);
      if (!INDEX_FILES.includes(path) && !READABLE.test(path)) return undefined;
      const file = await files.text(path);
      if (!file) return undefined;
      const mimeType = path.endsWith('.md') ? MARKDOWN : 'text/plain';
      return { contents: [{ uri, mimeType, text: file.text, ...(file.tokens !== undefined && { _meta: { [TOKENS_META]: file.tokens } }) }] };
    },
  };
}
