import type { ArticleFacts } from '../article-facts.ts';
import { byValueDesc, type FactsCard, medianRatio, medianValue, valued } from '../catalogue.ts';
import { cardLink, cardsOf, isChaseOrGrail, newEraSets, valueText } from '../new-era.ts';
import { count, usd } from '../quotes.ts';

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

const round2 = (n: number) => Math.round(n * 100) / 100;

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
            min_ratio: ratios.length ? round2(Math.min(...ratios)) : null,
            max_ratio: ratios.length ? round2(Math.max(...ratios)) : null,
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
          return [r, sirMedian === null || !other ? null : round2(sirMedian / other)];
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
  quotes: [
    {
      in: 'answer',
      text: 'In the sets released since Shrouded Fable the median Special Illustration Rare is worth {by_rarity.Special Illustration Rare.median_usd|usd} on {prices_as_of}, against {by_rarity.Illustration Rare.median_usd|usd} for an Illustration Rare and {by_rarity.Ultra Rare.median_usd|usd} for an Ultra Rare; where a set prints the same card as both, the Special Illustration Rare is worth a median {pairs.Ultra Rare.median_ratio|x} times its Ultra Rare ({pairs.Ultra Rare.pairs|n} cards) and {pairs.Double Rare.median_ratio|x} times its plain Double Rare.',
    },
    {
      in: 'body',
      text: 'The cards with a value in the {sets_with_values|n} sets released since Shrouded Fable that have prices, TCGplayer market of {prices_as_of}:',
    },
    {
      in: 'body',
      header: '| Rarity | Cards with a value | Median | Chase or grail |',
      rows: ({ facts }) =>
        Object.entries(facts.by_rarity as Record<string, { cards: number; median_usd: number | null; chase_or_grail: number }>).map(([rarity, r]) => [
          rarity,
          count(r.cards),
          valueText(r.median_usd),
          count(r.chase_or_grail),
        ]),
    },
    {
      in: 'body',
      text: 'The median Special Illustration Rare is worth {sir_median_over.Illustration Rare|x} times the median Illustration Rare, {sir_median_over.Ultra Rare|x} times the median Ultra Rare and {sir_median_over.Double Rare|x} times the median Double Rare.',
    },
    {
      in: 'body',
      text: '{pairs.Ultra Rare.pairs|n} cards ({pairs.Ultra Rare.pokemon|n} Pokémon and {pairs.Ultra Rare.trainers|n} Trainers) have a Special Illustration Rare and an Ultra Rare of the same name in the same set. The Special Illustration Rare is worth more in {pairs.Ultra Rare.sir_higher|n} of them, a median {pairs.Ultra Rare.median_ratio|x} times the Ultra Rare, from {pairs.Ultra Rare.min_ratio|x} to {pairs.Ultra Rare.max_ratio|x} times.',
    },
    {
      in: 'body',
      text: 'Against the plain Double Rare of the same Pokémon ex ({pairs.Double Rare.pairs|n} cards) the median is {pairs.Double Rare.median_ratio|x} times. The gold Hyper Rare of the same card ({pairs.Hyper Rare.pairs|n} cards) is worth less than the Special Illustration Rare in {pairs.Hyper Rare.sir_higher|n} of them, the Special Illustration Rare a median {pairs.Hyper Rare.median_ratio|x} times the Hyper Rare.',
    },
    { in: 'body', text: 'The {examples_count|n} most valuable Special Illustration Rares that have an Ultra Rare twin, with the same card in each rarity:' },
    {
      in: 'body',
      header: '| Card | Set | Double Rare | Ultra Rare | Hyper Rare | Special Illustration Rare |',
      rows: ({ facts }) =>
        (facts.examples as Example[]).map((e) => [
          cardLink(e),
          e.set,
          ...['Double Rare', 'Ultra Rare', 'Hyper Rare', SIR].map((r) => (e.values[r] === null ? '—' : usd(e.values[r]!))),
        ]),
    },
    {
      in: 'body',
      text: '{sir_sharing_a_pokemon_with_an_illustration_rare.sharing|n} of the {sir_sharing_a_pokemon_with_an_illustration_rare.sirs|n} Special Illustration Rares share their Pokémon with an Illustration Rare of their set',
    },
    {
      in: 'body',
      header: '| Set | Special Illustration Rares | Median SIR | Median Illustration Rare | Median Ultra Rare |',
      rows: ({ facts }) =>
        Object.entries(facts.by_set as Record<string, SetRow>).map(([name, r]) => [
          name,
          count(r.sir_cards),
          valueText(r.sir_median_usd),
          r.illustration_rare_median_usd === null ? 'none' : usd(r.illustration_rare_median_usd),
          r.ultra_rare_median_usd === null ? 'none' : usd(r.ultra_rare_median_usd),
        ]),
    },
  ],
  mentions: (facts) => ({ cards: (facts.examples as Example[]).map((e) => e.card_id), sealed: [] }),
};

export default article;
