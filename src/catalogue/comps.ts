import type { CardEntry } from '../schemas/card.ts';
import { median, roundHundredths } from './money.ts';

/**
 * Graded comps: how many times its ungraded price a PSA 10 copy sells for, summed
 * up over a group of cards. The grading articles carry the result in
 * `structured.comps` and mark the figures they quote from it; `npm run facts`
 * writes them (src/knowledge-facts/graded.ts) and `npm run check` holds them to
 * content/cards, so the number is never typed by hand.
 */

/**
 * The set id prefixes of the vintage era: Wizards of the Coast's sets (1999–2003).
 * basep (the WOTC Black Star promos) already starts with `base`.
 */
export const VINTAGE_SET_PREFIXES = ['base', 'gym', 'neo', 'si', 'ecard'] as const;

/**
 * The set id prefixes of the modern era: Sword & Shield, Scarlet & Violet (whose last
 * sets, White Flare and Black Bolt, are `rsv10pt5` and `zsv10pt5`) and Mega Evolution.
 */
export const MODERN_SET_PREFIXES = ['swsh', 'sv', 'rsv', 'zsv', 'me'] as const;

const startsWithOneOf = (prefixes: readonly string[]) => (setId: string) => prefixes.some((p) => setId.startsWith(p));

/**
 * The groups a comp can be computed over, by set id. The split follows the eras
 * collectors price differently: WOTC-era cards (1999–2003) are scarce and old, so
 * a gem-mint copy is rare and the PSA 10 premium large; cards from Sword & Shield
 * on are printed in volume and pulled straight into sleeves, so the premium is
 * smaller. The EX era (2003–2007, sets ex1–ex16) is neither: it gets a scope of
 * its own, since its gold-star cards are graded and sold apart from both.
 */
export const COMPS_SCOPES = {
  all: () => true,
  vintage: startsWithOneOf(VINTAGE_SET_PREFIXES),
  modern: startsWithOneOf(MODERN_SET_PREFIXES),
  'ex-era': (setId: string) => /^ex\d/.test(setId),
} as const satisfies Record<string, (setId: string) => boolean>;

export type CompsScope = keyof typeof COMPS_SCOPES;

export type Comps = {
  /** Median of psa10 ÷ ungraded over the cards in scope, 2 decimals. */
  psa_10_multiplier: number;
  /** First and third quartile of the same ratios, 2 decimals. */
  quartiles: [number, number];
  sample_size: number;
  /** Ids of the cards the figures come from, sorted. */
  card_ids: string[];
  scope: CompsScope;
  /** The graded-price source(s) of the sample, sorted and joined with "; ". */
  source: string;
  /** The newest graded `updatedAt` in the sample, YYYY-MM-DD. */
  updated_at: string;
};

type GradedCard = Pick<CardEntry, 'id' | 'set' | 'graded'>;

export function isCompsScope(value: unknown): value is CompsScope {
  return typeof value === 'string' && Object.hasOwn(COMPS_SCOPES, value);
}

/**
 * The PSA 10 comps of the cards in `scope` that have graded figures. Quartiles are
 * the medians of the lower and upper half (the middle value left out when the
 * count is odd). Throws when the scope is unknown or holds no graded card, since a
 * multiplier of nothing would be a made-up number.
 *
 * @example computeComps(cards, 'vintage').psa_10_multiplier // e.g. 9.1
 */
export function computeComps(cards: readonly GradedCard[], scope: CompsScope): Comps {
  if (!isCompsScope(scope)) throw new RangeError(`unknown comps scope "${String(scope)}"`);
  const inScope = cards.filter((c) => c.graded && COMPS_SCOPES[scope](c.set));
  if (inScope.length === 0) throw new RangeError(`no graded cards in comps scope "${scope}"`);

  const ratios = inScope.map((c) => c.graded!.psa10 / c.graded!.ungraded).sort((a, b) => a - b);
  const half = ratios.length >> 1;
  const lower = ratios.slice(0, half);
  const upper = ratios.slice(ratios.length - half);
  // With one card there are no halves; its ratio is then every quartile.
  const q1 = lower.length ? median(lower) : ratios[0];
  const q3 = upper.length ? median(upper) : ratios[0];

  return {
    psa_10_multiplier: roundHundredths(median(ratios)),
    quartiles: [roundHundredths(q1), roundHundredths(q3)],
    sample_size: inScope.length,
    card_ids: inScope.map((c) => c.id).sort(),
    scope,
    source: [...new Set(inScope.map((c) => c.graded!.source))].sort().join('; '),
    updated_at: inScope
      .map((c) => c.graded!.updatedAt)
      .sort()
      .at(-1)!,
  };
}
