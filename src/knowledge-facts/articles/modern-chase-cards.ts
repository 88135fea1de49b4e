import type { ArticleFacts } from '../article-facts.ts';
import { byValueDesc, eraOf, medianValue, percent, ranked, tallyOf, valued } from '../catalogue.ts';
import { usd } from '../quotes.ts';

/** The sets the article names, with their count of chase or grail cards. */
const QUOTED_SETS = ['SWSH Black Star Promos', 'Evolving Skies', 'Prismatic Evolutions'];

type TopCard = { card_id: string; name: string; set: string; slug: string; valueUsd: number };

const article: ArticleFacts = {
  slug: 'modern-chase-cards',
  facts(catalogue) {
    const modern = valued(catalogue.cards)
      .filter((c) => eraOf(c.entry.set) === 'modern')
      .sort(byValueDesc);
    const top = modern.filter((c) => c.summary.valueBand === 'chase' || c.summary.valueBand === 'grail');
    // A list, not a mapping: a set named "151" would otherwise come first (see tally in ../catalogue.ts).
    const bySet = ranked(top, (c) => c.set.name);
    const sir = modern.filter((c) => c.entry.rarity === 'Special Illustration Rare');
    return {
      prices_as_of: catalogue.pricesAsOf,
      modern_priced: modern.length,
      modern_median_usd: medianValue(modern),
      modern_chase_or_grail: {
        grail: top.filter((c) => c.summary.valueBand === 'grail').length,
        chase: top.filter((c) => c.summary.valueBand === 'chase').length,
        all: top.length,
        share_pct: percent(top.length, modern.length),
      },
      top: modern
        .slice(0, 6)
        .map((c): TopCard => ({ card_id: c.entry.id, name: c.entry.name, set: c.set.name, slug: c.summary.slug, valueUsd: c.summary.valueUsd! })),
      chase_or_grail_by_rarity: tallyOf(top, (c) => c.entry.rarity ?? '(none)', ['Special Illustration Rare', 'Rare Ultra', 'Rare Rainbow', 'Promo']),
      sets_with_most_chase_or_grail: bySet.slice(0, 6).map(([set, cards]) => ({ set, cards })),
      quoted_sets: Object.fromEntries(QUOTED_SETS.map((name) => [name, bySet.find(([set]) => set === name)?.[1] ?? 0])),
      special_illustration_rare: {
        cards: sir.length,
        median_usd: medianValue(sir),
        chase_or_grail: sir.filter((c) => c.summary.valueBand === 'chase' || c.summary.valueBand === 'grail').length,
      },
    };
  },
  quotes: [
    {
      in: 'answer',
      text: 'On {prices_as_of} the most valuable Sword & Shield, Scarlet & Violet or Mega Evolution card is {top.0.name} from {top.0.set} at {top.0.valueUsd|usd}; only {modern_chase_or_grail.all|n} of {modern_priced|n} modern cards with a value ({modern_chase_or_grail.share_pct|pct}) are chase or grail, and they are almost all alternate-art V/VMAX cards, special illustration rares or scarce promos.',
    },
    {
      in: 'body',
      text: 'are mostly budget cards: the median modern card is {modern_median_usd|usd}. The value sits in a very thin top layer. Only **{modern_chase_or_grail.all|n} of {modern_priced|n}** modern cards with a value are chase or grail.',
    },
    { in: 'body', text: '## The top of the modern market (TCGplayer, {prices_as_of})' },
    {
      in: 'body',
      header: '| Card | Set | Value |',
      rows: ({ facts }) => (facts.top as TopCard[]).map((t) => [`[${t.name}](/cards/${t.slug})`, t.set, usd(t.valueUsd)]),
    },
    {
      in: 'body',
      text: 'such as [Charizard ex from 151](/cards/charizard-ex-sv3pt5-199) at {card:sv3pt5-199|usd}. Of the {modern_chase_or_grail.all|n} modern chase or grail cards, {chase_or_grail_by_rarity.Special Illustration Rare|n} are labelled Special Illustration Rare, {chase_or_grail_by_rarity.Rare Ultra|n} Rare Ultra and {chase_or_grail_by_rarity.Rare Rainbow|n} Rare Rainbow.',
    },
    {
      in: 'body',
      text: 'Promos given out at events or in limited products make up {chase_or_grail_by_rarity.Promo|n} of the {modern_chase_or_grail.all|n}. The SWSH Black Star promo set alone has {quoted_sets.SWSH Black Star Promos|n}.',
    },
    {
      in: 'body',
      text: 'Evolving Skies has {quoted_sets.Evolving Skies|n} chase or grail cards and Prismatic Evolutions {quoted_sets.Prismatic Evolutions|n}, more than any other modern main set, and the [Evolving Skies booster box](/sealed/evolving-skies-booster-box-242436) is the most expensive in our sealed data at {sealed:242436|usd}.',
    },
    {
      in: 'body',
      text: 'the {special_illustration_rare.cards|n} with a value have a median of {special_illustration_rare.median_usd|usd}, and {special_illustration_rare.chase_or_grail|n} reach $50.',
    },
  ],
  // PSA 10, and the years the eras began.
  constants: ['10', '2020', '2023', '2025'],
};

export default article;
