import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import japaneseVsEnglishPrices from '../../src/knowledge-facts/articles/japanese-vs-english-prices.ts';
import { usd } from '../../src/knowledge-facts/figures.ts';
import { pricedContentOf } from '../../src/knowledge-facts/index.ts';
import { readContentFiles } from '../../src/loaders/content-files.ts';
import { builtFiles } from '../support/built-files.ts';
import { fixtureWithEnglishTwins } from '../support/english-twins.ts';
import { buildSite, ROOT, scratchDir } from '../support/fixture-site.ts';

/**
 * An article on Japanese cards, written by an editor with empty markers, filled in by `npm run facts -- --write` from
 * the fixture content with English twins (tests/support/english-twins.ts) and built: its record, Markdown and page
 * state the figures its facts file computes from the Japanese cards and their twins, and no marker.
 */
const ARTICLE = `---
question: "What is a Japanese card worth beside the same card printed in English?"
answer: "A Japanese print is worth a median :fact[]{key=priced.median_ratio format=x} times its English twin, over :fact[]{key=priced.pairs} pairs."
category: market
facility_tags: [japanese, valuation]
last_verified: 2026-11-29
related: [how-values-are-computed]
---
The Japanese print's median is :fact[]{key=priced.japanese_median_usd format=usd}, the English twin's :fact[]{key=priced.english_median_usd format=usd}.

<!-- fact-table rows=examples row="| [{japanese.name}](/cards/{japanese.slug}) | {japanese.number} | {japanese.valueUsd|usd} | {english.set} {english.number} | {english.valueUsd|usd} |" -->
| Card | Japanese print | Value | English twin | Value |
|---|---|---|---|---|
`;

describe('an article on Japanese cards, computed and built', () => {
  const content = fixtureWithEnglishTwins(scratchDir('japanese-articles-content'));
  afterAll(() => {
    rmSync(content, { recursive: true, force: true });
    rmSync(scratchDir('japanese-articles-build'), { recursive: true, force: true });
  });

  it('states the figures computed from the Japanese cards and their English twins, in its record, Markdown and page', () => {
    writeFileSync(join(content, 'knowledge', 'japanese-vs-english-prices.md'), ARTICLE);
    // --dist at a folder with no build: the docs' figures of a build are not this test's to rewrite.
    const facts = spawnSync(process.execPath, ['scripts/compute-facts.ts', '--write', '--content', content, '--dist', join(content, 'no-build')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(facts.status, facts.stderr).toBe(0);
    const build = buildSite('japanese-articles-build', content);
    expect(build.status, build.output).toBe(0);

    const computed = japaneseVsEnglishPrices.facts(pricedContentOf(readContentFiles(content))) as {
      priced: { pairs: number; median_ratio: number; japanese_median_usd: number; english_median_usd: number };
      examples: { japanese: { name: string; number: string; valueUsd: number }; english: { set: string; number: string; valueUsd: number } }[];
    };
    expect(computed.priced.pairs).toBeGreaterThan(0);
    const { read, readJson } = builtFiles(build.dist);
    const record = readJson('api/knowledge/japanese-vs-english-prices.json');
    expect(record.answer).toBe(
      `A Japanese print is worth a median ${computed.priced.median_ratio.toFixed(1)} times its English twin, over ${computed.priced.pairs} pairs.`,
    );
    const median = `The Japanese print's median is ${usd(computed.priced.japanese_median_usd)}, the English twin's ${usd(computed.priced.english_median_usd)}.`;
    const markdown = read('knowledge/japanese-vs-english-prices.md');
    expect(markdown).toContain(median);
    // The Markdown twin pads a table's cells to line its columns up.
    const cells = markdown.replace(/ +/g, ' ');
    for (const { japanese, english } of computed.examples) {
      expect(cells).toContain(`| ${japanese.number} | ${usd(japanese.valueUsd)} | ${english.set} ${english.number} | ${usd(english.valueUsd)} |`);
    }
    // The page sets typographic quotes; the figures are the same.
    expect(read('knowledge/japanese-vs-english-prices.html')).toContain(`median is ${usd(computed.priced.japanese_median_usd)}`);
    expect(JSON.stringify(record) + markdown).not.toMatch(/:fact\[|fact-table/);
  }, 240_000);
});
