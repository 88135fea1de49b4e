import { defineCollection } from 'astro:content';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { file, glob } from 'astro/loaders';
import { CONTENT_DIR } from './loaders/content-dir.ts';
import { jsonArrayLoader } from './loaders/json-array-loader.ts';
import { CARD_FILES, recordFileEntrySchema, SEALED_FILES } from './loaders/record-files.ts';
import { cardSchema } from './schemas/card.ts';
import { knowledgeSchema } from './schemas/knowledge.ts';
import { sealedSchema } from './schemas/sealed.ts';
import { setSchema } from './schemas/set.ts';

const setsText = () => readFileSync(join(CONTENT_DIR, 'sets.json'), 'utf8');
const setIds = (): Set<string> => new Set((JSON.parse(setsText()) as { id: string }[]).map((s) => s.id));
let knownSets: Set<string> | undefined;

const sets = defineCollection({ loader: file(join(CONTENT_DIR, 'sets.json')), schema: setSchema });

const cards = defineCollection({
  loader: jsonArrayLoader({
    ...CARD_FILES,
    check: (card) => {
      knownSets ??= setIds();
      return knownSets.has(card.set as string) ? null : `field "set": no set "${String(card.set)}" in sets.json`;
    },
    checkInput: setsText,
    recordSchema: cardSchema,
  }),
  schema: recordFileEntrySchema,
});

const sealed = defineCollection({
  loader: jsonArrayLoader({
    ...SEALED_FILES,
    check: (product) => {
      knownSets ??= setIds();
      return product.set === undefined || knownSets.has(product.set as string) ? null : `field "set": no set "${String(product.set)}" in sets.json`;
    },
    checkInput: setsText,
    recordSchema: sealedSchema,
  }),
  schema: recordFileEntrySchema,
});

const knowledge = defineCollection({
  loader: glob({ pattern: '*.md', base: join(CONTENT_DIR, 'knowledge') }),
  schema: knowledgeSchema,
});

export const collections = { sets, cards, sealed, knowledge };
