import paths from 'virtual:card-values/build-paths';
import type { APIRoute, GetStaticPaths } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import ArticlePage from '../../components/ArticlePage.astro';
import HomePage from '../../components/HomePage.astro';
import KnowledgeIndexPage from '../../components/KnowledgeIndexPage.astro';
import MoversPage from '../../components/MoversPage.astro';
import SealedIndexPage from '../../components/SealedIndexPage.astro';
import SealedPage from '../../components/SealedPage.astro';
import SearchHelpPage from '../../components/SearchHelpPage.astro';
import SetPage from '../../components/SetPage.astro';
import SetsIndexPage from '../../components/SetsIndexPage.astro';
import { type Collection, pageUrl } from '../../http/links.ts';
import Page from '../../layouts/Page.astro';
import { logPhase } from '../../pipeline/build-log.ts';
import { loadCatalogue, releaseCatalogue } from '../../pipeline/catalogue.ts';
import { batchesOf } from '../../pipeline/emit-files.ts';
import type { PageRenderer } from '../../pipeline/emit-items.ts';
import { runBatch } from '../../pipeline/pipeline.ts';
import type { ArticleTitles } from '../../render/markdown/knowledge-markdown.ts';
import { cardPageOf } from '../../render/pages/card-page.ts';
import { FRAME_PROPS, FRAME_SLOTS, type PageFrame, pageFrameOf, SHELL_MAIN, SHELL_TITLE } from '../../render/pages/page-shell.ts';
import type { KnowledgeDetail } from '../../schemas/api-types.ts';

/**
 * Build-only routes, one per batch of the site's files (src/pipeline/pipeline.ts
 * says what the build does; this adapter gives it the catalogue and Astro's
 * renderer). Its body is the list of files the batch made or kept, which the
 * build-output integration gathers and deletes. Never served. Pages are
 * rendered with the container API: as routes of their own, each page would
 * pay for Astro's whole page pipeline.
 */
const catalogueCache = { dir: paths.cardFileCacheDir, codeVersion: paths.codeVersion };

export const getStaticPaths = (async () => {
  // Astro asks for the paths just before it renders them: the build's third phase begins.
  logPhase(3);
  return batchesOf(await loadCatalogue(catalogueCache)).map((batch) => ({ params: { batch } }));
}) satisfies GetStaticPaths;

const schemas = Object.fromEntries(
  Object.entries(import.meta.glob('../../../schemas/api/*.json', { eager: true, import: 'default' })).map(([path, schema]) => [path.split('/').pop()!, schema]),
);

/**
 * Astro's container keeps each component it renders as a route of its own, and finds each render's head
 * elements by a linear search over all of them: one container for the whole build made rendering quadratic in
 * the pages (and kept every route alive to the end). A fresh
 * container every few hundred pages keeps the search short and lets the routes go.
 */
const RENDERS_PER_CONTAINER = 256;

async function createRenderer(): Promise<PageRenderer> {
  let container = await AstroContainer.create();
  let renders = 0;
  const fresh = async () => {
    if (++renders % RENDERS_PER_CONTAINER === 0) container = await AstroContainer.create();
    return container;
  };
  // A partial render skips the per-page head bookkeeping of a full page render; the layout holds the whole
  // document, so only the doctype is added here.
  const page = async (component: Parameters<typeof container.renderToString>[0], props: Record<string, unknown>, slots?: Record<string, string>) => {
    const current = await fresh();
    const options = slots ? { props, slots, partial: true } : { props, partial: true };
    return `<!DOCTYPE html>${await current.renderToString(component, options)}`;
  };
  // The card pages are filled into the layout rendered once (src/render/pages/card-page.ts says why).
  let cardFrame: Promise<PageFrame> | undefined;
  return {
    card: async (card) => {
      const frame = await (cardFrame ??= page(Page, FRAME_PROPS, FRAME_SLOTS).then(pageFrameOf));
      return frame.fill(cardPageOf(card));
    },
    sealed: (product) => page(SealedPage, { product }),
    article: (article, titles, body) => page(ArticlePage, articleProps(article, titles, body)),
    set: (set) => page(SetPage, { set }),
    setList: (setList) => page(SetsIndexPage, { setList }),
    home: (home) => page(HomePage, { home }),
    sealedIndex: (index) => page(SealedIndexPage, { index }),
    knowledgeIndex: (index) => page(KnowledgeIndexPage, { index }),
    movers: (movers) => page(MoversPage, { movers }),
    searchHelp: () => page(SearchHelpPage, {}),
    shell: () => page(Page, { title: SHELL_TITLE }, { default: SHELL_MAIN }),
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

export const GET: APIRoute = async ({ params }) => {
  renderer ??= createRenderer();
  const catalogue = await loadCatalogue(catalogueCache);
  const last = params.batch === batchesOf(catalogue).at(-1);
  const body = await runBatch(params.batch!, paths, catalogue, schemas, await renderer, { last });
  if (last) releaseCatalogue();
  return new Response(body);
};
