import { type Collection, jsonUrl, markdownUrl, pageUrl } from '../http/links.ts';
import { contentKey } from './build-state.ts';
import type { FileGroup, MarkdownFromJson } from './emit-items.ts';

/** A URL path as a path in the output folder: `/cards/x` → `cards/x`. */
export const outputPath = (path: string) => path.replace(/^\//, '');

/**
 * The group of a record's three representations (src/http/links.ts): its JSON, its Markdown twin (made by the worker
 * from the JSON, or given) and its HTML page, keyed by the JSON and whatever else its renderers are given
 * (`alsoShown`). Without a slug, the collection's index page. The JSON may be made when the files are (a function),
 * with `key` then given: contentKey of the JSON (src/pipeline/card-pieces.ts keeps the cards').
 */
export function recordGroup(
  collection: Collection,
  slug: string | undefined,
  json: string | (() => string),
  made: { markdown: MarkdownFromJson | (() => string); html: () => Promise<string>; alsoShown?: string[]; key?: string },
): FileGroup {
  return {
    group: pageUrl(collection, slug),
    key: made.key ?? contentKey(typeof json === 'string' ? json : json(), ...(made.alsoShown ?? [])),
    async *files() {
      if (typeof json !== 'string') json = json();
      const jsonPath = `${outputPath(jsonUrl(collection, slug))}.json`;
      const markdownPath = outputPath(markdownUrl(collection, slug));
      if (typeof made.markdown === 'string') yield { markdown: made.markdown, path: markdownPath, body: json, jsonPath };
      else {
        yield ['client', jsonPath, json];
        yield { markdown: 'text', path: markdownPath, body: made.markdown() };
      }
      yield ['client', `${outputPath(pageUrl(collection, slug))}.html`, await made.html()];
    },
  };
}

/** A page that is only HTML (the home page, /sealed, /knowledge), keyed by the data it shows. `url`: `/` or `/sealed`. */
export function htmlPage<T>(url: string, data: T, render: (data: T) => Promise<string>): FileGroup {
  return {
    group: url,
    key: contentKey(JSON.stringify(data)),
    async *files() {
      yield ['client', `${url === '/' ? 'index' : outputPath(url)}.html`, await render(data)];
    },
  };
}
