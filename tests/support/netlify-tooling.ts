import { createRequire, registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Netlify's packager (@netlify/zip-it-and-ship-it) and its local emulation of functions (@netlify/functions-dev,
 * which builds them with the packager), loaded for the tests. Its dependency ts-api-utils takes
 * TypeScript as a peer, and npm gives it the project's TypeScript 7, whose compiler has no JavaScript API (it
 * fails on load); the packager's own TypeScript 5, which npm installed beside its dependency precinct, is the one
 * it was made for, and the one Netlify's build (its own install of the packager) runs with. So a `typescript`
 * asked for by ts-api-utils is resolved to that one, and nothing else is touched.
 */
const precinct = createRequire(createRequire(import.meta.url).resolve('@netlify/zip-it-and-ship-it')).resolve('precinct');
const typescript5 = pathToFileURL(createRequire(precinct).resolve('typescript')).href;

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/ts-api-utils/')) return { url: typescript5, shortCircuit: true };
    return next(specifier, context);
  },
});

// Imported once the hook is in place: a static import would load them first.
export const { zipFunctions } = await import('@netlify/zip-it-and-ship-it');
export const { FunctionsHandler } = await import('@netlify/functions-dev');
export { Reactive } from '@netlify/dev-utils';
