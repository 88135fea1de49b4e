import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleBanner, functionBuildOptions } from '../../src/integrations/function-bundle.ts';

const SOURCE = 'src/server/netlify-function.ts';

/**
 * The Netlify function's code (src/server/netlify-function.ts and all it imports) as one ES module, bundled as the
 * build bundles npm start's function (src/integrations/function-bundle.ts: the same options, banner and image
 * host), but in one file: Netlify's packager then ships it as it is.
 */
export async function bundleNetlifyFunction(outfile: string): Promise<void> {
  await build({
    ...functionBuildOptions(),
    entryPoints: [fileURLToPath(new URL(`../../${SOURCE}`, import.meta.url))],
    outfile,
    banner: { js: bundleBanner(SOURCE, 'scripts/deploy-netlify.ts') },
  });
}
