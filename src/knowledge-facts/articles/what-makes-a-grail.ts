import { COMPS_SCOPES } from '../../catalogue/comps.ts';
import { VALUE_BANDS } from '../../catalogue/value-bands.ts';
import type { ArticleFacts } from '../article-facts.ts';
import { byValueDesc, eraOf, medianValue, type PricedContent, tally, tallyOf, valued } from '../priced-content.ts';
import { secondSourceOf } from './priced-stale-unpriced.ts';

/** The cards in the grail band, most valuable first. */
export const grailsOf = (catalogue: PricedContent) =>
  valued(catalogue.cards)
    .filter((c) => c.summary.valueBand === 'grail')
    .sort(byValueDesc);

/** Grails by era, the EX era apart from the rest of the years between WOTC and modern (as the comps scopes split them). */
export const grailEraOf = (setId: string) => (COMPS_SCOPES['ex-era'](setId) ? 'ex' : { vintage: 'wotc', modern: 'modern', between: 'other' }[eraOf(setId)]);

type TopCard = { card_id: string; name: string; slug: string; set: string; year: string; rarity: string; valueUsd: number };

const article: ArticleFacts = {
  slug: 'what-makes-a-grail',
  facts(catalogue) {
    const grails = grailsOf(catalogue);
    const cards = valued(catalogue.cards).length;
    const era = tally(grails, (c) => grailEraOf(c.entry.set));
    const named = (name: string) => grails.filter((c) => c.entry.name.includes(name)).length;
    const holoSets = new Map<string, number>();
    for (const c of grails.filter((g) => g.entry.rarity === 'Rare Holo')) holoSets.set(c.set.name, (holoSets.get(c.set.name) ?? 0) + 1);
    return {
      grail_floor_usd: VALUE_BANDS.find((b) => b.id === 'grail')!.minUsd,
      cards_with_value: cards,
      grail_cards: grails.length,
      one_in: Math.round(cards / grails.length),
      median_grail_usd: medianValue(grails),
      by_era: { ex: era.ex ?? 0, wotc: era.wotc ?? 0, other: era.other ?? 0, modern: era.modern ?? 0 },
      by_rarity: tallyOf(grails, (c) => c.entry.rarity ?? '(none)', [
        'Rare Holo Star',
        'Rare Secret',
        'Rare Ultra',
        'Rare Shining',
        'Rare Rainbow',
        'Rare Holo',
      ]),
      // In release order, as the article lists them.
      rare_holo_sets: Object.fromEntries(catalogue.sets.flatMap((s) => (holoSets.has(s.name) ? [[s.name, holoSets.get(s.name)!]] : []))),
      names_with_charizard: named('Charizard'),
      names_with_umbreon: named('Umbreon'),
      top: grails.slice(0, 4).map(
        (c): TopCard => ({
          card_id: c.entry.id,
          name: c.entry.name,
          slug: c.summary.slug,
          set: c.set.name,
          year: c.set.releaseDate.slice(0, 4),
          rarity: c.entry.rarity ?? '',
          valueUsd: c.summary.valueUsd!,
        }),
      ),
      second_source: secondSourceOf(catalogue),
      prices_as_of: catalogue.pricesAsOf,
    };
  },
};

export default article;
