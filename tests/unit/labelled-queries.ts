/**
 * Labelled queries over the real catalogue: what a collector types, and the card
 * ids that must appear in the first ten results. Chosen by reading content/, not
 * by reading the engine's output: each id is the printing the query plainly means
 * (Base Set Charizard for "charizard 4/102"), or, where many cards fit equally
 * (a type, a rarity, a set), one of the most valuable of them, since value is the
 * documented tie-break. Used by tests/unit/card-search.test.ts (relevance) and
 * scripts/bench-search.ts (latency).
 */

export interface LabelledQuery {
  q: string;
  /** Card ids that must all be in the top 10. */
  expect: string[];
  kind: 'name' | 'typo' | 'multi-field' | 'type' | 'rarity' | 'set' | 'number';
}

export const LABELLED_QUERIES: readonly LabelledQuery[] = [
  // Exact names, punctuation and accents folded.
  { kind: 'name', q: 'charizard', expect: ['base1-4'] },
  { kind: 'name', q: 'pikachu', expect: ['sm12-241'] },
  { kind: 'name', q: 'mew', expect: ['si1-1', 'ecard1-19'] },
  { kind: 'name', q: 'dark charizard', expect: ['base5-4'] },
  { kind: 'name', q: 'shining gyarados', expect: ['neo3-65'] },
  { kind: 'name', q: "blaine's charizard", expect: ['gym2-2'] },
  { kind: 'name', q: 'mr mime', expect: ['base2-6'] },
  { kind: 'name', q: 'ho-oh', expect: ['neo3-7'] },
  { kind: 'name', q: 'hooh', expect: ['neo3-7'] },
  { kind: 'name', q: 'poké ball', expect: ['ex6-95'] },
  { kind: 'name', q: "team aqua's kyogre-ex", expect: ['dc1-6'] },
  { kind: 'name', q: 'gardevoir ex δ', expect: ['ex15-93'] },
  { kind: 'name', q: 'umbreon ★', expect: ['pop5-17', 'cel25c-17_A'] },
  { kind: 'name', q: 'nidoran ♀', expect: ['ecard3-81'] },
  { kind: 'name', q: 'flabebe', expect: ['g1-RC17', 'xy2-62'] },
  { kind: 'name', q: 'farfetchd', expect: ['base1-27'] },
  { kind: 'name', q: "farfetch'd", expect: ['base1-27'] },
  { kind: 'name', q: "rocket's zapdos", expect: ['gym2-15'] },
  { kind: 'name', q: 'rocket zapdos', expect: ['gym2-15'] },
  { kind: 'name', q: 'mewtwo gx', expect: ['sm35-78'] },
  { kind: 'name', q: 'charizard lv.x', expect: ['pl3-143'] },

  // Typos: one edit up to five letters, two beyond.
  { kind: 'typo', q: 'charzard', expect: ['base1-4'] },
  { kind: 'typo', q: 'chrizard', expect: ['base1-4'] },
  { kind: 'typo', q: 'pikachu vmx', expect: ['swsh4-188'] },
  { kind: 'typo', q: 'blastois', expect: ['base1-2'] },
  { kind: 'typo', q: 'venasaur', expect: ['base1-15'] },
  { kind: 'typo', q: 'gyrados', expect: ['ecard3-H10'] },
  { kind: 'typo', q: 'lugai', expect: ['neo1-9'] },
  { kind: 'typo', q: 'mewto', expect: ['base1-10'] },
  { kind: 'typo', q: 'snorlx', expect: ['base2-11'] },
  { kind: 'typo', q: 'umbreon vmx', expect: ['swsh7-215'] },
  { kind: 'typo', q: 'rayquaza vmax evolvng skies', expect: ['swsh7-218'] },
  { kind: 'typo', q: 'giratina lost orgin', expect: ['swsh11-186'] },

  // Several words across name, set, types and rarity.
  { kind: 'multi-field', q: 'umbreon evolving skies', expect: ['swsh7-215', 'swsh7-189'] },
  { kind: 'multi-field', q: 'charizard base', expect: ['base1-4'] },
  { kind: 'multi-field', q: 'mew 151', expect: ['sv3pt5-193', 'sv3pt5-205'] },
  { kind: 'multi-field', q: 'pikachu vmax', expect: ['swsh4-188'] },
  { kind: 'multi-field', q: 'lugia neo genesis', expect: ['neo1-9'] },
  { kind: 'multi-field', q: 'blastoise base', expect: ['base1-2'] },
  { kind: 'multi-field', q: 'lugia silver tempest', expect: ['swsh12-186'] },
  { kind: 'multi-field', q: 'giratina lost origin', expect: ['swsh11-186'] },
  { kind: 'multi-field', q: 'charizard ex obsidian flames', expect: ['sv3-223'] },
  { kind: 'multi-field', q: 'charizard 151', expect: ['sv3pt5-199'] },
  { kind: 'multi-field', q: 'gengar fusion strike', expect: ['swsh8-271'] },
  { kind: 'multi-field', q: 'pikachu illustration rare', expect: ['sv3pt5-173'] },
  { kind: 'multi-field', q: 'squirtle 151', expect: ['sv3pt5-170'] },
  { kind: 'multi-field', q: 'charizard fire rare holo', expect: ['base1-4'] },
  { kind: 'multi-field', q: 'espeon vmax', expect: ['swsh8-270'] },

  // Types (and a type with a rarity).
  { kind: 'type', q: 'water', expect: ['ex16-102'] },
  { kind: 'type', q: 'psychic', expect: ['ex13-103'] },
  { kind: 'type', q: 'fairy', expect: ['sm10-205'] },
  { kind: 'type', q: 'fire rare holo', expect: ['base1-4', 'ecard1-6'] },

  // Rarities.
  { kind: 'rarity', q: 'special illustration rare', expect: ['sv4pt5-232', 'sv3pt5-199'] },
  { kind: 'rarity', q: 'rare holo star', expect: ['ex13-104'] },
  { kind: 'rarity', q: 'radiant rare', expect: ['pgo-11'] },
  { kind: 'rarity', q: 'amazing rare', expect: ['swsh4-138'] },
  { kind: 'rarity', q: 'hyper rare', expect: ['sv3-228'] },

  // Sets.
  { kind: 'set', q: 'evolving skies', expect: ['swsh7-215'] },
  { kind: 'set', q: 'base set 2', expect: ['base4-4'] },
  { kind: 'set', q: 'team rocket', expect: ['base5-4'] },
  { kind: 'set', q: 'neo destiny', expect: ['neo4-107'] },
  { kind: 'set', q: 'jungle', expect: ['base2-11'] },
  { kind: 'set', q: 'fossil', expect: ['base3-4'] },
  { kind: 'set', q: 'hidden fates shiny vault', expect: ['sma-SV49'] },
  { kind: 'set', q: '151', expect: ['sv3pt5-199'] },

  // Collector numbers, "N/M", padded or with a letter prefix.
  { kind: 'number', q: 'charizard 4/102', expect: ['base1-4'] },
  { kind: 'number', q: '4/102', expect: ['base1-4'] },
  { kind: 'number', q: 'charizard 004/102', expect: ['base1-4'] },
  { kind: 'number', q: 'pikachu 58/102', expect: ['base1-58'] },
  { kind: 'number', q: 'lugia 9/111', expect: ['neo1-9'] },
  { kind: 'number', q: 'umbreon 215/203', expect: ['swsh7-215'] },
  { kind: 'number', q: 'venusaur 15/102', expect: ['base1-15'] },
  { kind: 'number', q: 'rayquaza vmax tg20/tg30', expect: ['swsh12tg-TG20'] },
  { kind: 'number', q: 'charizard 4', expect: ['base1-4'] },
];
