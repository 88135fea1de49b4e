import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeComps } from '../../src/catalogue/comps.ts';
import { realContent } from '../support/real-catalogue.ts';

const KNOWLEDGE_DIR = join(import.meta.dirname, '../../content/knowledge');

/**
 * The comps of each article, read as `npm run facts` writes them (its facts file in
 * src/knowledge-facts/articles/): one line of JSON under `structured:` in the front
 * matter. Held here against computeComps over the card files, a second way to the
 * figures than the facts code's.
 */
function articlesWithComps(): { file: string; comps: Record<string, unknown> }[] {
  return readdirSync(KNOWLEDGE_DIR)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((file) => {
      const text = readFileSync(join(KNOWLEDGE_DIR, file), 'utf8');
      const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
      const line = /^ {2}comps: (.*)$/m.exec(frontMatter)?.[1];
      return line === undefined ? [] : [{ file, comps: JSON.parse(line) }];
    });
}

describe('committed article comps', () => {
  const cards = realContent().cards;
  const articles = articlesWithComps();

  it('at least three articles carry comps', () => {
    expect(articles.length).toBeGreaterThanOrEqual(3);
  });

  it.each(articles.map((a) => [a.file, a.comps] as const))('%s carries the comps that content/cards gives for its scope', (_file, comps) => {
    expect(comps).toEqual(computeComps(cards, comps.scope as never));
  });
});
