import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Loader } from 'astro/loaders';
import { cardSchema } from '../schemas/card.ts';
import { sealedSchema } from '../schemas/sealed.ts';
import { CONTENT_DIR } from './content-dir.ts';
import { jsonArrayLoader } from './json-array-loader.ts';
import { CARD_FILES, SEALED_FILES } from './record-files.ts';

/**
 * The loaders of the card and sealed files, with the checks across collections (a record's set is in
 * sets.json). Astro's content sync runs them (src/content.config.ts), and so does a content build without Astro
 * (src/integrations/content-build.ts): the same validation, the same messages.
 */
const setsText = () => readFileSync(join(CONTENT_DIR, 'sets.json'), 'utf8');
const setIds = (): Set<string> => new Set((JSON.parse(setsText()) as { id: string }[]).map((s) => s.id));

export function cardFilesLoader(): Loader {
  let knownSets: Set<string> | undefined;
  return jsonArrayLoader({
    ...CARD_FILES,
    check: (card) => {
      knownSets ??= setIds();
      return knownSets.has(card.set as string) ? null : `field "set": no set "${String(card.set)}" in sets.json`;
    },
    checkInput: setsText,
    recordSchema: cardSchema,
  });
}

export function sealedFilesLoader(): Loader {
  let knownSets: Set<string> | undefined;
  return jsonArrayLoader({
    ...SEALED_FILES,
    check: (product) => {
      knownSets ??= setIds();
      return product.set === undefined || knownSets.has(product.set as string) ? null : `field "set": no set "${String(product.set)}" in sets.json`;
    },
    checkInput: setsText,
    recordSchema: sealedSchema,
  });
}
