import { defineCollection } from 'astro:content';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { file, glob } from 'astro/loaders';
import { CONTENT_DIR } from './loaders/content-dir.ts';
import { jsonArrayLoader } from './loaders/json-array-loader.ts';
import { cardSchema } from './schemas/card.ts';
import { knowledgeSchema } from './schemas/knowledge.ts';
import { sealedSchema } from './schemas/sealed.ts';
import { setSchema } from './schemas/set.ts';

const setIds = (): Set<string> => {
  const sets = JSON.parse(readFileSync(join(CONTENT_DIR, 'sets.json'), 'utf8')) as { id: string }[];
  return new Set(sets.map((s) => s.id));
};
let knownSets: Set<string> | undefined;

const sets = defineCollection({ loader: file(join(CONTENT_DIR, 'sets.json')), schema: setSchema });

const cards = defineCollection({
  loader: jsonArrayLoader({
    name: 'cards',
    dir: join(CONTENT_DIR, 'cards'),
    records: (file, path) => {
      if (!Array.isArray(file)) throw new Error(`${path}: expected an array of cards`);
      return file;
    },
    idOf: (card) => card.id as string,
    check: (card) => {
      knownSets ??= setIds();
      return knownSets.has(card.set as string) ? null : `field "set": no set "${String(card.set)}" in sets.json`;
    },
  }),
  schema: cardSchema,
});

const sealed = defineCollection({
  loader: jsonArrayLoader({
    name: 'sealed',
    dir: join(CONTENT_DIR, 'sealed'),
    records: (file, path) => {
      const f = file as { group?: unknown; products?: unknown };
      if (!f || typeof f !== 'object' || !Array.isArray(f.products)) throw new Error(`${path}: expected { group, products: [...] }`);
      return f.products.map((p: Record<string, unknown>) => ({ ...p, group: f.group }));
    },
    idOf: (product) => String(product.productId),
    check: (product) => {
      knownSets ??= setIds();
      return product.set === undefined || knownSets.has(product.set as string) ? null : `field "set": no set "${String(product.set)}" in sets.json`;
    },
  }),
  schema: sealedSchema,
});

const knowledge = defineCollection({
  loader: glob({ pattern: '*.md', base: join(CONTENT_DIR, 'knowledge') }),
  schema: knowledgeSchema,
});

export const collections = { sets, cards, sealed, knowledge };
