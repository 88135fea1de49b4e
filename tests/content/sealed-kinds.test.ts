import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentKindOf, sealedMakeupOf } from '../../scripts/lib/sealed-kinds.ts';
import { ROOT } from '../support/fixture-site.ts';
import { loadRealCatalogue } from '../support/real-catalogue.ts';

/**
 * The sealed kinds, quantities and pack counts read from product names (scripts/lib/sealed-kinds.ts), which the
 * catalogue sync gives the products it adds, held against those the sealed source gives the catalogue's products.
 */
const CONTENT = join(ROOT, 'content');

describe('sealed kinds read from names', () => {
  it("are the sealed source's kind, quantity, packs and exclusivity for every product content holds but the one it leaves uncounted", () => {
    const differ: string[] = [];
    const products: number[] = [];
    for (const file of readdirSync(join(CONTENT, 'sealed'))) {
      for (const product of JSON.parse(readFileSync(join(CONTENT, 'sealed', file), 'utf8')).products) {
        products.push(product.productId);
        const makeup = (p: Partial<ReturnType<typeof sealedMakeupOf>>) => [
          p.kind,
          p.quantity ?? null,
          p.packs,
          p.packsBasis ?? null,
          p.pokemonCenterExclusive ?? null,
        ];
        if (JSON.stringify(makeup(sealedMakeupOf(product.name))) !== JSON.stringify(makeup(product))) differ.push(product.name);
      }
    }
    // Every product the catalogue serves, each once.
    expect(new Set(products).size).toBe(products.length);
    expect(products.length).toBe(loadRealCatalogue().sealed.length);
    expect(differ).toEqual(['Sword and Shield Base Set Sleeved Booster Pack']);
    expect(contentKindOf('elite-trainer-box')).toBe('etb');
  });
});
