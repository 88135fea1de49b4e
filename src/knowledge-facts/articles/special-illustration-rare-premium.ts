import { roundHundredths } from '../../catalogue/money.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { cardsOf, isChaseOrGrail, newEraSets } from '../new-era.ts';
import { byValueDesc, type FactsCard, medianRatio, medianValue, valued } from '../priced-content.ts';

const SIR = 'Special Illustration Rare';

/** The rarities the article sets beside the Special Illustration Rare, from the plain ex card up. */
const RARITIES = ['Double Rare', 'Ultra Rare', 'Illustration Rare', SIR, 'Hyper Rare'];

/** The rarities a Special Illustration Rare is paired with when the same set prints the same card in them. */
const PAIRED = ['Ultra Rare', 'Double Rare', 'Hyper Rare'];

/** How many of the most valuable Special Illustration Rares the table of one card in each rarity shows. */
const EXAMPLES = 5;

type Pair = {
  pairs: number;
  pokemon: number;
  trainers: number;
  sir_higher: number;
  median_ratio: number | null;
  min_ratio: number | null;
  max_ratio: number | null;
};
type Example = { card_id: string; name: string; set: string; slug: string; values: Record<string, number | null> };
type SetRow = { sir_cards: number; sir_median_usd: number | null; illustration_rare_median_usd: number | null; ultra_rare_median_usd: number | null };

const article: ArticleFacts = {
  slug: 'special-illustration-rare-premium',
  facts(catalogue) {
    const sets = newEraSets(catalogue);
    const cards = valued(cardsOf(catalogue, sets));
    const ofRarity = (rarity: string, among: readonly FactsCard[] = cards) => among.filter((c) => c.entry.rarity === rarity);
    const byRarity = Object.fromEntries(
      RARITIES.map((r) => [r, { cards: ofRarity(r).length, median_usd: medianValue(ofRarity(r)), chase_or_grail: ofRarity(r).filter(isChaseOrGrail).length }]),
    );
    const sirs = ofRarity(SIR).sort(byValueDesc);

    // The same card (set and name) in another rarity, when the set prints it there exactly once.
    const sameCard = new Map<string, FactsCard[]>();
    for (const c of cards) sameCard.set(`${c.entry.set}|${c.entry.name}`, [...(sameCard.get(`${c.entry.set}|${c.entry.name}`) ?? []), c]);
    const twinOf = (sir: FactsCard, rarity: string) => {
      const found = (sameCard.get(`${sir.entry.set}|${sir.entry.name}`) ?? []).filter((c) => c.entry.rarity === rarity);
      return found.length === 1 ? found[0] : undefined;
    };
    const unique = sirs.filter((s) => ofRarity(SIR, sameCard.get(`${s.entry.set}|${s.entry.name}`)!).length === 1);
    const pairs = Object.fromEntries(
      PAIRED.map((rarity): [string, Pair] => {
        const found = unique.flatMap((sir) => {
          const twin = twinOf(sir, rarity);
          return twin ? [{ sir, ratio: sir.summary.valueUsd! / twin.summary.valueUsd! }] : [];
        });
        const ratios = found.map((f) => f.ratio);
        return [
          rarity,
          {
            pairs: found.length,
            pokemon: found.filter((f) => f.sir.entry.supertype === 'Pokémon').length,
            trainers: found.filter((f) => f.sir.entry.supertype === 'Trainer').length,
            sir_higher: ratios.filter((r) => r > 1).length,
            median_ratio: medianRatio(ratios),
            min_ratio: ratios.length ? roundHundredths(Math.min(...ratios)) : null,
            max_ratio: ratios.length ? roundHundredths(Math.max(...ratios)) : null,
          },
        ];
      }),
    );
    const examples = unique
      .filter((sir) => twinOf(sir, 'Ultra Rare'))
      .slice(0, EXAMPLES)
      .map(
        (sir): Example => ({
          card_id: sir.entry.id,
          name: sir.entry.name,
          set: sir.set.name,
          slug: sir.summary.slug,
          values: {
            ...Object.fromEntries(['Double Rare', 'Ultra Rare', 'Hyper Rare'].map((r) => [r, twinOf(sir, r)?.summary.valueUsd ?? null])),
            [SIR]: sir.summary.valueUsd,
          },
        }),
      );
    const dex = (c: FactsCard) => c.entry.nationalPokedexNumbers ?? [];
    const illustrationRares = ofRarity('Illustration Rare');
    const sharingIr = sirs.filter((s) => illustrationRares.some((ir) => ir.entry.set === s.entry.set && dex(ir).some((d) => dex(s).includes(d))));
    const sirMedian = byRarity[SIR].median_usd;
    return {
      prices_as_of: catalogue.pricesAsOf,
      sets_with_values: sets.filter((s) => cards.some((c) => c.entry.set === s.id)).length,
      by_rarity: byRarity,
      sir_median_over: Object.fromEntries(
        ['Illustration Rare', 'Ultra Rare', 'Double Rare'].map((r) => {
          const other = byRarity[r].median_usd;
          return [r, sirMedian === null || !other ? null : roundHundredths(sirMedian / other)];
        }),
      ),
      pairs,
      examples,
      examples_count: examples.length,
      sir_sharing_a_pokemon_with_an_illustration_rare: { sirs: sirs.length, sharing: sharingIr.length },
      by_set: Object.fromEntries(
        sets.flatMap((s) => {
          const own = cards.filter((c) => c.entry.set === s.id);
          const sir = ofRarity(SIR, own);
          if (sir.length === 0) return [];
          const row: SetRow = {
            sir_cards: sir.length,
            sir_median_usd: medianValue(sir),
            illustration_rare_median_usd: medianValue(ofRarity('Illustration Rare', own)),
            ultra_rare_median_usd: medianValue(ofRarity('Ultra Rare', own)),
          };
          return [[s.name, row]];
        }),
      ),
    };
  },
  mentions: (facts) => ({ cards: (facts.examples as Example[]).map((e) => e.card_id), sealed: [] }),
};

export default article;
