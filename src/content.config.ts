import { defineCollection } from 'astro:content';
import { join } from 'node:path';
import { file } from 'astro/loaders';
import { CONTENT_DIR } from './loaders/content-dir.ts';
import { knowledgeLoader } from './loaders/knowledge-loader.ts';
import { cardFilesLoader, sealedFilesLoader } from './loaders/record-file-loaders.ts';
import { recordFileEntrySchema } from './loaders/record-files.ts';
import { knowledgeSchema } from './schemas/knowledge.ts';
import { setSchema } from './schemas/set.ts';

const sets = defineCollection({ loader: file(join(CONTENT_DIR, 'sets.json')), schema: setSchema });

const cards = defineCollection({ loader: cardFilesLoader(), schema: recordFileEntrySchema });

const sealed = defineCollection({ loader: sealedFilesLoader(), schema: recordFileEntrySchema });

const knowledge = defineCollection({
  loader: knowledgeLoader(join(CONTENT_DIR, 'knowledge')),
  schema: knowledgeSchema,
});

export const collections = { sets, cards, sealed, knowledge };
