import type { APIRoute, GetStaticPaths } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadCatalogue, type Catalogue } from '../../build/catalogue.ts';
import { bundlesOf, emitBundle, type PageRenderer } from '../../build/emit-files.ts';
import { pageUrl } from '../../lib/links.ts';
import type { KnowledgeDetail } from '../../lib/knowledge-record.ts';
import CardPage from '../../components/CardPage.astro';
import SealedPage from '../../components/SealedPage.astro';
import ArticlePage from '../../components/ArticlePage.astro';

/**
 * Build-only routes: each prerenders one bundle of files (see src/build/emit-files.ts)
 * that the build-output integration splits into the JSON, Markdown, HTML and data
 * files of the site, then deletes. Never served. Pages are rendered with the
 * container API: a route per page costs Astro ~1.7 ms of pipeline each, 20k times.
 */
export const getStaticPaths = (async () => {
  return bundlesOf(await loadCatalogue()).map((bundle) => ({ params: { bundle } }));
}) satisfies GetStaticPaths;

const schemas = Object.fromEntries(
  Object.entries(import.meta.glob('../../../schemas/api/*.json', { eager: true, import: 'default' }))
    .map(([path, schema]) => [path.split('/').pop()!, schema]),
);

async function createRenderer(): Promise<PageRenderer> {
  const container = await AstroContainer.create();
  const page = (component: Parameters<typeof container.renderToString>[0], props: Record<string, unknown>) =>
    container.renderToString(component, { props, partial: false });
  return {
    card: (card) => page(CardPage, { card }),
    sealed: (product) => page(SealedPage, { product }),
    article: (article, catalogue) => page(ArticlePage, articleProps(article, catalogue)),
  };
}

function articleProps(article: KnowledgeDetail, catalogue: Catalogue) {
  const question = (id: string) => catalogue.articles.find((a) => a.id === id)!.question;
  return {
    article,
    body: catalogue.articleHtml.get(article.id) ?? '',
    related: article.related.map((id) => ({ href: pageUrl('knowledge', id), title: question(id) })),
    mentioned: [
      ...article.mentions.cards.map((slug) => ({ href: pageUrl('cards', slug), title: catalogue.cards.find((c) => c.slug === slug)!.exactName })),
      ...article.mentions.sealed.map((slug) => ({ href: pageUrl('sealed', slug), title: catalogue.sealed.find((s) => s.slug === slug)!.cleanName })),
    ],
  };
}

let renderer: Promise<PageRenderer> | undefined;

export const GET: APIRoute = async ({ params }) => {
  const catalogue = await loadCatalogue();
  renderer ??= createRenderer();
  const lines: string[] = [];
  for await (const line of emitBundle(params.bundle!, catalogue, schemas, await renderer)) lines.push(JSON.stringify(line));
  return new Response(lines.join('\n') + '\n');
};
