import type { ArticleFacts } from '../article-facts.ts';
import { byValueDesc, medianValue, percent, tallyOf, valued } from '../catalogue.ts';
import { briefOf, type CardBrief, cardLink, cardsOf, isChaseOrGrail, lastScarletVioletSets } from '../new-era.ts';
import { count, usd } from '../quotes.ts';

/** How many of each set's most valuable cards the second table lists. */
const TOP_PER_SET = 3;

/** The rarities the article names among the chase and grail cards. */
const QUOTED_RARITIES = ['Special Illustration Rare', 'Illustration Rare', 'Black White Rare', 'Hyper Rare'];

/** The two sets whose medians the article sets apart: the Unova pair, with their many Illustration Rares. */
const UNOVA_PAIR = ['zsv10pt5', 'rsv10pt5'];

type SetRow = { id: string; released: string; valued: number; median_usd: number | null; chase_or_grail: number; top: CardBrief[] };

const article: ArticleFacts = {
  slug: 'last-scarlet-violet-sets-chase-cards',
  facts(catalogue) {
    const sets = lastScarletVioletSets(catalogue);
    const cards = valued(cardsOf(catalogue, sets)).sort(byValueDesc);
    const top = cards.filter(isChaseOrGrail);
    const unova = cards.filter((c) => UNOVA_PAIR.includes(c.entry.set));
    const others = cards.filter((c) => !UNOVA_PAIR.includes(c.entry.set));
    return {
      prices_as_of: catalogue.pricesAsOf,
      top_per_set: TOP_PER_SET,
      overall: {
        sets: sets.length,
        valued: cards.length,
        median_usd: medianValue(cards),
        chase_or_grail: top.length,
        share_pct: percent(top.length, cards.length),
      },
      most_valuable: briefOf(cards[0]),
      chase_or_grail_by_rarity: tallyOf(top, (c) => c.entry.rarity ?? '(none)', QUOTED_RARITIES),
      sets: Object.fromEntries(
        sets.map((s) => {
          const own = cards.filter((c) => c.entry.set === s.id);
          const row: SetRow = {
            id: s.id,
            released: s.releaseDate,
            valued: own.length,
            median_usd: medianValue(own),
            chase_or_grail: own.filter(isChaseOrGrail).length,
            top: own.slice(0, TOP_PER_SET).map(briefOf),
          };
          return [s.name, row];
        }),
      ),
      unova_pair: {
        median_usd: medianValue(unova),
        illustration_rare_share_pct: percent(unova.filter((c) => c.entry.rarity === 'Illustration Rare').length, unova.length),
        others_median_usd: medianValue(others),
      },
    };
  },
  quotes: [
    {
      in: 'answer',
      text: 'On {prices_as_of} the most valuable card of the {overall.sets|n} Scarlet & Violet sets released since Shrouded Fable is {most_valuable.name} ({most_valuable.rarity}) from {most_valuable.set} at {most_valuable.valueUsd|usd}; {overall.chase_or_grail|n} of their {overall.valued|n} cards with a value ({overall.share_pct|pct}) are chase or grail, {chase_or_grail_by_rarity.Special Illustration Rare|n} of them Special Illustration Rares, and the median card is worth {overall.median_usd|usd}.',
    },
    {
      in: 'body',
      text: 'The {overall.sets|n} sets below closed the Scarlet & Violet series, from Stellar Crown to the Unova pair Black Bolt and White Flare. TCGplayer market prices of {prices_as_of}:',
    },
    {
      in: 'body',
      header: '| Set | Released | Cards with a value | Median card | Chase or grail | Most valuable card |',
      rows: ({ facts }) =>
        Object.entries(facts.sets as Record<string, SetRow>).map(([name, s]) => [
          name,
          s.released,
          count(s.valued),
          s.median_usd === null ? 'none' : usd(s.median_usd),
          count(s.chase_or_grail),
          s.top[0] ? `${cardLink(s.top[0])}, ${usd(s.top[0].valueUsd!)}` : 'none',
        ]),
    },
    {
      in: 'body',
      text: '## The {overall.chase_or_grail|n} cards at the top',
    },
    {
      in: 'body',
      text: 'Across the sets, {overall.chase_or_grail|n} of {overall.valued|n} cards with a value ({overall.share_pct|pct}) are chase or grail. By rarity, {chase_or_grail_by_rarity.Special Illustration Rare|n} are Special Illustration Rares, {chase_or_grail_by_rarity.Illustration Rare|n} Illustration Rares, {chase_or_grail_by_rarity.Black White Rare|n} Black White Rares and {chase_or_grail_by_rarity.Hyper Rare|n} Hyper Rares.',
    },
    { in: 'body', text: 'The {top_per_set|n} most valuable cards of each set:' },
    {
      in: 'body',
      header: '| Set | Card | Rarity | Value |',
      rows: ({ facts }) =>
        Object.entries(facts.sets as Record<string, SetRow>).flatMap(([name, s]) => s.top.map((c) => [name, cardLink(c), c.rarity, usd(c.valueUsd!)])),
    },
    {
      in: 'body',
      text: 'so the median card of Black Bolt and White Flare together is {unova_pair.median_usd|usd}, against {unova_pair.others_median_usd|usd} for the other sets: {unova_pair.illustration_rare_share_pct|pct} of their cards with a value are Illustration Rares',
    },
  ],
  mentions: (facts) => ({
    cards: [(facts.most_valuable as CardBrief).card_id, ...Object.values(facts.sets as Record<string, SetRow>).flatMap((s) => s.top.map((c) => c.card_id))],
    sealed: [],
  }),
};

export default article;
