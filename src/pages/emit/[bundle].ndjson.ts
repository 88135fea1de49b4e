import paths from 'virtual:card-values/build-paths';
import type { APIRoute, GetStaticPaths } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { type GroupLine, type PreviousBuild, readPreviousBuild } from '../../build/build-state.ts';
import { loadCatalogue } from '../../build/catalogue.ts';
import { bundlesOf, type EmittedFile, emitBundle, type MarkdownFile, type PageRenderer } from '../../build/emit-files.ts';
import { createFileSink, type WrittenFile } from '../../build/file-sink.ts';
import { createMarkdownOffload, type MarkdownOffload } from '../../build/markdown-offload.ts';
import { readTokenCache } from '../../build/token-counter.ts';
import ArticlePage from '../../components/ArticlePage.astro';
import CardPage from '../../components/CardPage.astro';
import SealedPage from '../../components/SealedPage.astro';
import SetPage from '../../components/SetPage.astro';
import SetsIndexPage from '../../components/SetsIndexPage.astro';
import Page from '../../layouts/Page.astro';
import type { KnowledgeDetail } from '../../lib/knowledge-record.ts';
import { type Collection, pageUrl } from '../../lib/links.ts';
import type { ArticleTitles } from '../../lib/markdown/knowledge-markdown.ts';
import { SHELL_MAIN, SHELL_TITLE } from '../../lib/pages/page-shell.ts';

/**
 * Build-only routes: each renders one bundle of the site's files (see
 * src/build/emit-files.ts) — JSON, Markdown, HTML and search data — and writes them
 * straight into the build output as it goes; its own body is the list of files it
 * wrote, which the build-output integration gathers into the manifest and then
 * deletes. Never served. Pages are rendered with the container API: as routes of
 * their own, 20k pages cost Astro's page pipeline ~1.7 ms each.
 */
export const getStaticPaths = (async () => {
  return bundlesOf(await loadCatalogue()).map((bundle) => ({ params: { bundle } }));
}) satisfies GetStaticPaths;

const schemas = Object.fromEntries(
  Object.entries(import.meta.glob('../../../schemas/api/*.json', { eager: true, import: 'default' })).map(([path, schema]) => [path.split('/').pop()!, schema]),
);

async function createRenderer(): Promise<PageRenderer> {
  const container = await AstroContainer.create();
  // A partial render skips the per-page head bookkeeping of a full page render
  // (a quarter of the render time); the layout holds the whole document, so only
  // the doctype is added here.
  const page = async (component: Parameters<typeof container.renderToString>[0], props: Record<string, unknown>) =>
    `<!DOCTYPE html>${await container.renderToString(component, { props, partial: true })}`;
  return {
    card: (card) => page(CardPage, { card }),
    sealed: (product) => page(SealedPage, { product }),
    article: (article, titles, body) => page(ArticlePage, articleProps(article, titles, body)),
    set: (set) => page(SetPage, { set }),
    setList: (setList) => page(SetsIndexPage, { setList }),
    shell: async () =>
      `<!DOCTYPE html>${await container.renderToString(Page, { props: { title: SHELL_TITLE }, slots: { default: SHELL_MAIN }, partial: true })}`,
  };
}

function articleProps(article: KnowledgeDetail, titles: ArticleTitles, body: string) {
  const linkTo = (collection: Collection, titlesOf: Map<string, string>) => (slug: string) => ({ href: pageUrl(collection, slug), title: titlesOf.get(slug)! });
  return {
    article,
    body,
    related: article.related.map(linkTo('knowledge', titles.related)),
    mentioned: [...article.mentions.cards.map(linkTo('cards', titles.cards)), ...article.mentions.sealed.map(linkTo('sealed', titles.sealed))],
  };
}

let renderer: Promise<PageRenderer> | undefined;
let tokenCache: Map<string, number> | undefined;
let markdown: MarkdownOffload | undefined;
let previous: PreviousBuild | undefined;

export const GET: APIRoute = async ({ params }) => {
  const catalogue = await loadCatalogue();
  renderer ??= createRenderer();
  tokenCache ??= readTokenCache(paths.tokenCacheFile);
  previous ??= readPreviousBuild(paths.stateFile, paths.serverDir, paths.codeVersion);
  const before = previous;
  const sink = createFileSink({ client: paths.clientDir, server: paths.serverDir }, tokenCache);
  // The worker (and its tokenizer) starts on the first Markdown file to make: a rebuild that keeps them all needs none.
  const offload = () => (markdown ??= createMarkdownOffload(paths));
  // The body lists the manifest entry of every file (made or kept) and each group with its key and files.
  const lines: string[] = [];
  const offloaded: Promise<WrittenFile>[] = [];
  const make = async (item: EmittedFile | MarkdownFile): Promise<string> => {
    if (Array.isArray(item)) {
      const [target, path, body] = item;
      const written = await sink.write(target, path, body, before.file(`/${path}`)?.etag);
      if (written) lines.push(JSON.stringify(written));
      return `/${path}`;
    }
    const previousEtag = before.file(`/${item.path}`)?.etag;
    offloaded.push(item.markdown === 'card' ? offload().card(item.path, item.body, previousEtag) : offload().markdown(item.path, item.body, previousEtag));
    return `/${item.path}`;
  };
  for await (const item of emitBundle(params.bundle!, catalogue, schemas, await renderer)) {
    if (!('group' in item)) {
      await make(item);
      continue;
    }
    const kept = before.group(item.group, item.key);
    const files: string[] = [];
    if (kept) {
      for (const file of kept) lines.push(JSON.stringify(file));
      files.push(...kept.map((f) => f.path));
    } else {
      for await (const file of item.files()) files.push(await make(file));
    }
    lines.push(JSON.stringify({ group: item.group, key: item.key, files, kept: kept !== undefined } satisfies GroupLine));
  }
  for (const file of await Promise.all(offloaded)) lines.push(JSON.stringify(file));
  await Promise.all([sink.flush(), markdown?.flush()]);
  return new Response(`${lines.join('\n')}\n`);
};
