import { describe, expect, it } from 'vitest';
import type { CardSummary } from '../../src/catalogue/card-record.ts';
import { priceChangesOf } from '../../src/catalogue/price-change-fields.ts';
import type { Language } from '../../src/schemas/language.ts';
import type { AliasContent } from '../../src/search/aliases.ts';
import { type CardSearchRecord, createCardSearcher } from '../../src/search/card-searcher.ts';
import { ENGLISH_PREFERRED } from '../../src/search/catalogue-searcher.ts';
import { readQuery } from '../../src/search/field-filters.ts';
import { cardFilterData } from '../../src/search/filter-data.ts';
import { indexTermsOf, queryTokens } from '../../src/search/normalize.ts';

/** A card as the searcher takes it; a Japanese one (id jp-…) with its name as printed. */
const card = (id: string, name: string, valueUsd: number | null, nameJa: string | null = null): CardSearchRecord => {
  const language: Language = id.startsWith('jp-') ? 'ja' : 'en';
  const set = id.slice(0, id.lastIndexOf('-'));
  return {
    summary: {
      id,
      name,
      language,
      nameJa,
      exactName: `${name} (${set})`,
      slug: id,
      setName: set === 'base1' ? 'Base' : set === 'jp-sv2a' ? 'Pokemon Card 151' : 'Clay Burst',
      valueUsd,
      priceStatus: valueUsd === null ? 'unpriced' : 'priced',
      confidence: null,
      change: priceChangesOf({ latest: { date: '2025-10-20', usd: 1 } }),
      valueBand: null,
      rarity: '',
      types: [],
      imageSmall: `https://images.pokemontcg.io/${id}.png`,
    } satisfies CardSummary,
    set,
    number: id.slice(id.lastIndexOf('-') + 1),
    printedTotal: 165,
    printings: [],
  };
};

const NO_CONTENT: AliasContent = { sets: [], products: [], rarities: [], nicknames: [], ignored: [], printings: [], arts: [] };
const CARDS = [
  card('base1-2', 'Blastoise', 120.5),
  // Worth more than the English one: value alone would put it first.
  card('jp-sv2a-009', 'Blastoise', 300, 'カメックス'),
  card('jp-sv2d-096', 'Iono', 252.24, 'ナンジャモ'),
  card('jp-sv2d-097', "Iono's Bellibolt ex", 12, 'ナンジャモのハラバリーex'),
  // Worth more than Iono: value alone would put this longer name first for ナンジャモ.
  card('jp-sv2d-098', "Iono's Kilowattrel", 300, 'ナンジャモのタイカイデン'),
  card('jp-sv2a-025', 'Pikachu', 4, 'ピカチュウ'),
  card('jp-sv2d-026', 'Pikachu ex', 40, 'ピカチュウex'),
  card('jp-sv2a-098', '名探偵ピカチュウ', 169.27, '名探偵ピカチュウ'),
  card('base1-58', 'Pikachu', 10),
];
const SETS = [
  { id: 'base1', name: 'Base' },
  { id: 'jp-sv2a', name: 'Pokemon Card 151' },
  { id: 'jp-sv2d', name: 'Clay Burst' },
  // An English set whose id is a Japanese set's printed code (as sv8 is Surging Sparks here, Super Electric Breaker in Japan).
  { id: 'sv2d', name: 'Fixture Sparks' },
];
const searcher = createCardSearcher(CARDS, {
  aliases: { content: NO_CONTENT, sets: SETS },
  filters: () =>
    cardFilterData(
      CARDS.length,
      (p) => positions[p],
      () => ({ supertype: 'Pokémon', subtypes: [], pokedex: [], graded: false }),
      [],
    ),
});
/** The cards in the searcher's position order (value first), as the filter data reads them. */
const positions = [...CARDS].sort((a, b) => (b.summary.valueUsd ?? -1) - (a.summary.valueUsd ?? -1) || a.summary.name.localeCompare(b.summary.name));

const search = (q: string) => {
  const read = readQuery(
    q,
    cardFilterData(
      CARDS.length,
      (p) => positions[p],
      () => ({ supertype: 'Pokémon', subtypes: [], pokedex: [], graded: false }),
      [],
    ),
  );
  if ('problem' in read) throw new Error(read.problem.detail);
  return searcher.search({ q: read.text, filters: read.terms, sort: 'relevance', limit: 20, offset: 0 });
};
const ids = (q: string) => search(q).results.map((r) => r.id);

describe('Japanese words', () => {
  it('are read whole, as a run of Japanese script, beside the English words around them', () => {
    expect(queryTokens('ピカチュウex 132/106')).toEqual(['ピカチュウ', 'ex', '132/106']);
    expect(queryTokens('カプ・テテフGX')).toEqual(['カプ', 'テテフ', 'gx']);
  });

  it('fold hiragana and half-width kana to the katakana names are printed in', () => {
    expect(queryTokens('ぴかちゅう')).toEqual(['ピカチュウ']);
    expect(queryTokens('ﾋﾟｶﾁｭｳ')).toEqual(['ピカチュウ']);
  });

  it('are indexed with each tail of two or more characters, so that a part of a name finds it', () => {
    const { words, aliases } = indexTermsOf('ピカチュウex');
    expect(words).toEqual(['ピカチュウ', 'ex']);
    expect(aliases).toEqual([
      ['カチュウ', ['ピカチュウ']],
      ['チュウ', ['ピカチュウ']],
      ['ュウ', ['ピカチュウ']],
    ]);
  });
});

describe('a search in Japanese', () => {
  it('finds a card by its Japanese name typed whole, and says the Japanese name matched', () => {
    const { results } = search('ナンジャモ');
    expect(results.map((r) => r.id)).toEqual(['jp-sv2d-096', 'jp-sv2d-098', 'jp-sv2d-097']);
    expect(results[0].match?.fields).toEqual({ ナンジャモ: ['nameJa'] });
  });

  it('lists the cards named exactly what was typed before the longer names that hold it, whatever their value', () => {
    // Iono ($252) before Iono's Kilowattrel ($300): ナンジャモ is the whole of the one name, a part of the other.
    expect(ids('ナンジャモ')[0]).toBe('jp-sv2d-096');
    // Pikachu ($4) before Detective Pikachu ($169): then the name it leaves a word of (ex).
    expect(ids('ピカチュウ')).toEqual(['jp-sv2a-025', 'jp-sv2a-098', 'jp-sv2d-026']);
    expect(ids('ピカチュウex')).toEqual(['jp-sv2d-026']);
  });

  it('finds a name typed in part, from its start or inside it, and a name with its English suffix', () => {
    // A part of names is the whole of none: its cards keep their value order.
    expect(ids('チュウ')).toEqual(['jp-sv2a-098', 'jp-sv2a-025', 'jp-sv2d-026']);
    expect(ids('ハラバリー')).toEqual(['jp-sv2d-097']);
    expect(ids('ぴかちゅう')).toEqual(ids('ピカチュウ'));
  });

  it('drops a Japanese word that names nothing, with a note, and never corrects it to another name', () => {
    const answer = search('ナンジャモン');
    expect(answer.total).toBe(0);
    expect(answer.ignored).toEqual([{ word: 'ナンジャモン', reason: 'not-found' }]);
  });
});

describe('languages', () => {
  it('an English query puts English cards before the Japanese ones that match it as completely, and says so', () => {
    const { results } = search('blastoise');
    expect(results.map((r) => r.id)).toEqual(['base1-2', 'jp-sv2a-009']);
    expect(results[0].match?.preferred).toBe(ENGLISH_PREFERRED);
    expect(results[1].match).not.toHaveProperty('preferred');
  });

  it('a query that matches cards of one language alone says nothing of a preference', () => {
    expect(search('iono').results.every((r) => r.match?.preferred === undefined)).toBe(true);
  });

  it('the words jp, jpn and japanese keep the Japanese cards, and no English one comes first for them', () => {
    for (const q of ['blastoise jp', 'blastoise jpn', 'japanese blastoise']) {
      const { results } = search(q);
      expect(
        results.map((r) => r.id),
        q,
      ).toEqual(['jp-sv2a-009']);
      expect(results[0].match?.alias, q).toEqual({ [q.split(' ').find((w) => w !== 'blastoise')!]: 'Japanese cards (language)' });
    }
    expect(ids('pikachu english')).toEqual(['base1-58']);
  });

  it('lang:ja and lang:en filter, by code or by name, negated too, and the match reason names the filter', () => {
    expect(ids('blastoise lang:ja')).toEqual(['jp-sv2a-009']);
    expect(ids('blastoise lang:japanese')).toEqual(['jp-sv2a-009']);
    expect(ids('pikachu lang:en')).toEqual(['base1-58']);
    expect(ids('blastoise -lang:en')).toEqual(['jp-sv2a-009']);
    expect(search('blastoise lang:ja').results[0].match?.filters).toEqual(['lang:ja']);
  });
});

describe('set codes as printed on Japanese cards', () => {
  it('name the Japanese set (SV2a is Pokemon Card 151), unless an English set has that id', () => {
    const { results } = search('sv2a blastoise');
    expect(results.map((r) => r.id)).toEqual(['jp-sv2a-009']);
    expect(results[0].match?.alias).toEqual({ sv2a: 'Pokemon Card 151 (set)' });
    expect(search('sv2d iono').results.map((r) => r.id)).toEqual([]);
    expect(search('jp-sv2d iono').results.map((r) => r.id)).toEqual(['jp-sv2d-096', 'jp-sv2d-098', 'jp-sv2d-097']);
  });

  it('name the Japanese set beside a language word or lang:ja, even where an English set has that id (sv8 jp is Super Electric Breaker)', () => {
    for (const q of ['sv2d iono jp', 'japanese sv2d iono', 'sv2d jpn iono', 'sv2d iono lang:ja', 'sv2d iono -lang:en']) {
      const { results } = search(q);
      expect(
        results.map((r) => r.id),
        q,
      ).toEqual(['jp-sv2d-096', 'jp-sv2d-098', 'jp-sv2d-097']);
      expect(results[0].match?.alias?.sv2d, q).toBe('Clay Burst (set)');
    }
    // An English language word leaves the code the English set's: it has no Iono.
    expect(search('sv2d iono english').total).toBe(0);
    expect(search('sv2d iono lang:en').total).toBe(0);
  });
});

describe("a Japanese set's English names", () => {
  const named = (record: CardSearchRecord, setName: string): CardSearchRecord => ({ ...record, summary: { ...record.summary, setName } });
  const cards = [
    named(card('jp-sv8a-217', 'Umbreon ex', 310.67, 'ブラッキーex'), 'Terastal Fest ex'),
    named(card('jp-sv8a-230', 'Kieran', 7.85, 'スグリ'), 'Terastal Fest ex'),
    named(card('jp-sv1s-001', 'Sprigatito', 0.1, 'ニャオハ'), 'Scarlet ex'),
    named(card('sv1-1', 'Pineco', 0.05), 'Scarlet & Violet'),
  ];
  const sets = [
    { id: 'jp-sv8a', name: 'Terastal Fest ex', nameJa: 'テラスタルフェスex' },
    { id: 'jp-sv1s', name: 'Scarlet ex', nameJa: 'スカーレットex' },
    { id: 'sv1', name: 'Scarlet & Violet' },
  ];
  // What an editor writes in content/aliases/sets.json: the collector's name, and where it comes from.
  const content: AliasContent = {
    ...NO_CONTENT,
    sets: [{ set: 'jp-sv8a', aliases: ['terastal festival ex', 'terastal festival'], source: "TCGdex's English set names" }],
  };
  const searcher = createCardSearcher(cards, { aliases: { content, sets } });
  const find = (q: string) => searcher.search({ q, sort: 'relevance', limit: 10, offset: 0 }).results;

  it('a collector name from content/aliases names the set, and the match reason says which set', () => {
    const [first] = find('terastal festival umbreon');
    expect(first.id).toBe('jp-sv8a-217');
    expect(first.match?.alias).toEqual({ 'terastal festival': 'Terastal Fest ex (set)' });
    expect(find('terastal festival ex').map((r) => r.id)).toEqual(['jp-sv8a-217', 'jp-sv8a-230']);
  });

  it("TCGplayer's name without its closing ex names the set, as collectors shorten it, and its cards keep their value order", () => {
    // The set's word ex is no word of Umbreon ex's name the query asked for: Umbreon ex stays before Kieran.
    expect(find('terastal fest').map((r) => r.id)).toEqual(['jp-sv8a-217', 'jp-sv8a-230']);
    expect(find('terastal fest')[0].match?.alias).toEqual({ 'terastal fest': 'Terastal Fest ex (set)' });
  });

  it('a shortened name of one word that is a word of names stays a word: "scarlet" is not Scarlet ex alone', () => {
    expect(
      find('scarlet')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['jp-sv1s-001', 'sv1-1']);
  });
});
