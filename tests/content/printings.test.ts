import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printingsOf } from '../../src/catalogue/card-record.ts';
import { primaryPriceOf } from '../../src/catalogue/card-value.ts';
import { pricesAsOfOf } from '../../src/catalogue/catalogue-changes.ts';
import type { CardEntry } from '../../src/schemas/card.ts';
import { printingNamesOf } from '../../src/schemas/printing-names.ts';

/** Every price line of the real content gets a printing id and label people can read, unique within its card. */
const CARDS = join(import.meta.dirname, '..', '..', 'content', 'cards');
const cards: CardEntry[] = readdirSync(CARDS).flatMap((file) => JSON.parse(readFileSync(join(CARDS, file), 'utf8')));

describe('printings of the real catalogue', () => {
  const named = cards.map((card) => ({ card, names: printingNamesOf(card.prices) }));

  it('every variant and printing pair of the data gives an id of lower-case words and a label of capitalised words', () => {
    const pairs = new Map<string, { id: string; label: string }>();
    for (const { card, names } of named) {
      for (const [i, p] of card.prices.entries()) pairs.set(`${p.variant}|${p.printing}`, names[i]);
    }
    expect(pairs.size).toBeGreaterThan(100);
    for (const [pair, { id, label }] of pairs) {
      expect(id, pair).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      // "e" is the one word kept in lower case (e-Reader); digits may lead (1st, 25th)
      for (const word of label.split(' ').filter((w) => w !== 'e')) expect(word, `${pair}: ${label}`).toMatch(/^[\p{Lu}\d]/u);
      // The label says the id's words (accents and apostrophes aside); a product id, where added, is in both.
      const letters = (text: string) =>
        text
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '');
      expect(letters(label), pair).toBe(letters(id));
    }
  });

  it('no card has two printings with one id, and every price line is a printing', () => {
    for (const { card, names } of named) {
      expect(names.length, card.id).toBe(card.prices.length);
      expect(new Set(names.map((n) => n.id)).size, card.id).toBe(names.length);
    }
  });

  it("gives the Shadowless Charizard its own value and product, apart from the card's value", () => {
    const charizard = cards.find((card) => card.id === 'base1-4')!;
    const line = (printing: string) => charizard.prices.find((p) => p.printing === printing)!;
    const printings = printingsOf(charizard, pricesAsOfOf(cards, []));
    const shadowless = printings.find((p) => p.id === 'shadowless-holofoil');
    expect(shadowless).toMatchObject({
      label: 'Shadowless Holofoil',
      valueUsd: line('shadowless').market,
      productId: line('shadowless').productId,
      primary: false,
    });
    expect(printings.find((p) => p.primary)).toMatchObject({
      id: 'unlimited-holofoil',
      valueUsd: primaryPriceOf(charizard)!.market,
      productId: line('unlimited').productId,
    });
    expect(shadowless!.productId).not.toBe(line('unlimited').productId);
  });
});
