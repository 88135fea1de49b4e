import type { ArticleFacts } from '../article-facts.ts';
import { byValueDesc, statusCounts, valued } from '../catalogue.ts';
import { briefOf, type CardBrief, cardLink, megaEvolutionSets } from '../new-era.ts';
import { count, usd } from '../quotes.ts';

/** How many of the series' most valuable cards the article names. */
const TOP = 3;

type SetRow = { id: string; code: string | null; released: string; cards: number; valued: number; unpriced: number };

const article: ArticleFacts = {
  slug: 'mega-evolution-era-unpriced',
  facts(catalogue) {
    const sets = megaEvolutionSets(catalogue);
    const cardsOf = (id: string) => catalogue.cards.filter((c) => c.entry.set === id);
    const rows = Object.fromEntries(
      sets.map((s): [string, SetRow] => {
        const own = cardsOf(s.id);
        const status = statusCounts(own);
        return [
          s.name,
          { id: s.id, code: s.ptcgoCode ?? null, released: s.releaseDate, cards: own.length, valued: status.priced + status.stale, unpriced: status.unpriced },
        ];
      }),
    );
    const after = sets.filter((s) => s.releaseDate > catalogue.pricesAsOf);
    const afterCards = after.flatMap((s) => cardsOf(s.id));
    const priced = sets.filter((s) => valued(cardsOf(s.id)).length > 0);
    const all = sets.flatMap((s) => cardsOf(s.id));
    const setIds = new Set(sets.map((s) => s.id));
    return {
      prices_as_of: catalogue.pricesAsOf,
      sets: sets.length,
      by_set: rows,
      released_after_prices: {
        sets: after.length,
        names: after.map((s) => s.name),
        cards: afterCards.length,
        unpriced: afterCards.filter((c) => c.summary.valueUsd === null).length,
      },
      with_values: { sets: priced.length, names: priced.map((s) => s.name) },
      unpriced: { series: all.filter((c) => c.summary.valueUsd === null).length, catalogue: catalogue.summary.cardsByPriceStatus.unpriced },
      top: valued(all).sort(byValueDesc).slice(0, TOP).map(briefOf),
      sealed_products: catalogue.sealed.filter((p) => setIds.has(p.entry.set ?? '')).length,
    };
  },
  quotes: [
    {
      in: 'answer',
      text: "Because the catalogue's card prices are TCGplayer's of {prices_as_of}, and {released_after_prices.sets|n} Mega Evolution sets came out after that day ({released_after_prices.names|list}): their {released_after_prices.cards|n} cards are listed, searchable and shown, but unpriced until a price import reaches them. The series' sets released before it have prices, led by {top.0.name} from {top.0.set} at {top.0.valueUsd|usd}.",
    },
    { in: 'body', text: 'has {sets|n} sets in the catalogue. Card prices are TCGplayer market prices of {prices_as_of}:' },
    {
      in: 'body',
      header: '| Set | Code | Released | Cards | With a value | Unpriced |',
      rows: ({ facts }) =>
        Object.entries(facts.by_set as Record<string, SetRow>).map(([name, s]) => [
          name,
          s.code ? `${s.code} (\`${s.id}\`)` : `\`${s.id}\``,
          s.released,
          count(s.cards),
          count(s.valued),
          count(s.unpriced),
        ]),
    },
    {
      in: 'body',
      text: 'The {released_after_prices.sets|n} sets released after {prices_as_of} hold {released_after_prices.cards|n} cards, {released_after_prices.unpriced|n} of them unpriced.',
    },
    { in: 'body', text: 'the {unpriced.series|n} unpriced cards of the series are among the {unpriced.catalogue|n} of the catalogue' },
    { in: 'body', text: 'The most valuable cards of the series with a value, of {with_values.names|list}:' },
    {
      in: 'body',
      header: '| Card | Set | Rarity | Value |',
      rows: ({ facts }) => (facts.top as CardBrief[]).map((c) => [cardLink(c), c.set, c.rarity, usd(c.valueUsd!)]),
    },
    { in: 'body', text: 'The sealed list holds {sealed_products|n} products of the Mega Evolution sets' },
  ],
  mentions: (facts) => ({ cards: (facts.top as CardBrief[]).map((c) => c.card_id), sealed: [] }),
};

export default article;
