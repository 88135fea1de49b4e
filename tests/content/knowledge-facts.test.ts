import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { primaryPriceOf } from '../../src/lib/card-value.ts';
import { loadCards } from '../../src/lib/comps.ts';
import { CONTENT_DIR } from '../support/real-catalogue.ts';

/** Numbers an article states in `structured` equal a fresh count from the bundled content. */
const structuredOf = (slug: string) => {
  const [, frontMatter] = readFileSync(join(CONTENT_DIR, 'knowledge', `${slug}.md`), 'utf8').split(/^---$/m);
  // biome-ignore lint/suspicious/noExplicitAny: free-form structured data of an article, read by the test's own paths
  return (load(frontMatter) as { structured: Record<string, any> }).structured;
};

describe('value-outside-listings', () => {
  it('counts the cards whose market price lies outside their listings, as the content says today', () => {
    let priced = 0,
      below = 0,
      above = 0;
    for (const card of loadCards()) {
      const price = primaryPriceOf(card);
      if (!price) continue;
      priced++;
      if (price.low !== null && price.market! < price.low) below++;
      else if (price.high !== null && price.market! > price.high) above++;
    }
    expect(structuredOf('value-outside-listings').cards).toEqual({ priced, market_below_low: below, market_above_high: above });
  });

  it('counts the sealed products the same way', () => {
    let priced = 0,
      below = 0,
      above = 0;
    const dir = join(CONTENT_DIR, 'sealed');
    const products = readdirSync(dir).flatMap(
      (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).products as { price: { low: number | null; high: number | null; market: number | null } | null }[],
    );
    for (const { price } of products) {
      if (!price || price.market === null) continue;
      priced++;
      if (price.low !== null && price.market < price.low) below++;
      else if (price.high !== null && price.market > price.high) above++;
    }
    expect(structuredOf('value-outside-listings').sealed).toEqual({ priced, market_below_low: below, market_above_high: above });
  });
});
