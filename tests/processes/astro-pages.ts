import { getViteConfig } from 'astro/config';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { createViteServer } from 'vitest/node';
import { cardPageOf } from '../../src/render/pages/card-page.ts';
import { FRAME_PROPS, FRAME_SLOTS, pageFrameOf } from '../../src/render/pages/page-shell.ts';
import type { CardDetail, SealedDetail, SetDetail } from '../../src/schemas/api-types.ts';

/**
 * The HTML pages of the records, rendered as the build renders them (src/pages/emit/[batch].ndjson.ts: Astro's
 * container API, a partial render; a card's page filled into the layout's frame) without a build. The unit tier's Vite does not compile .astro files, so a Vite of
 * Astro's own (its plugins, no astro.config.mjs: the build's integrations have nothing to do here) loads the
 * components, with no watcher, no socket and no dependency optimizing (which would write node_modules/.vite).
 */
export async function astroPages(root: string) {
  const config = await getViteConfig(
    { root, logLevel: 'silent', appType: 'custom', server: { middlewareMode: true, hmr: false, ws: false, watch: null } },
    { root, configFile: false, logLevel: 'silent' },
  )({ mode: 'test', command: 'serve' });
  const vite = await createViteServer({ ...config, configFile: false, optimizeDeps: { disabled: true } });
  const [SealedPage, SetPage, Page] = await Promise.all(
    ['components/SealedPage', 'components/SetPage', 'layouts/Page'].map(async (name) => (await vite.ssrLoadModule(`/src/${name}.astro`)).default),
  );
  const container = await AstroContainer.create();
  const page = async (component: unknown, props: Record<string, unknown>, slots?: Record<string, string>) =>
    `<!DOCTYPE html>${await container.renderToString(component as Parameters<typeof container.renderToString>[0], { props, ...(slots && { slots }), partial: true })}`;
  const cardFrame = pageFrameOf(await page(Page, FRAME_PROPS, FRAME_SLOTS));
  return {
    card: async (card: CardDetail) => cardFrame.fill(cardPageOf(card)),
    sealed: (product: SealedDetail) => page(SealedPage, { product }),
    set: (set: SetDetail) => page(SetPage, { set }),
    close: () => vite.close(),
  };
}
