import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAliasContent } from '../../src/loaders/alias-content.ts';
import { type AliasContent, aliasProblems } from '../../src/search/aliases.ts';
import { scratchDir } from '../support/fixture-site.ts';

const catalogue = {
  sets: [
    { id: 'base1', name: 'Base', ptcgoCode: 'BS' },
    { id: 'swsh7', name: 'Evolving Skies', ptcgoCode: 'EVS' },
  ],
  cardIds: new Set(['base1-4', 'swsh7-215']),
  sealedIds: new Set([242436]),
  nameWords: new Set(['charizard', 'umbreon', 'vmax', 'base', 'evolving', 'skies', 'booster', 'box']),
};
const none: AliasContent = { sets: [], products: [], rarities: [], nicknames: [], ignored: [], printings: [], arts: [] };

describe('alias content is checked at build', () => {
  it('good aliases have no problems', () => {
    const content: AliasContent = {
      ...none,
      sets: [{ set: 'base1', aliases: ['base set'] }],
      products: [{ means: 'booster box', aliases: ['bb'] }],
      nicknames: [{ nickname: 'moonbreon', cards: ['swsh7-215'] }],
    };
    expect(aliasProblems(content, catalogue)).toEqual([]);
  });

  it('each problem names the file, the entry and the field', () => {
    const content: AliasContent = {
      ...none,
      sets: [
        { set: 'base9', aliases: [] },
        { set: 'base1', aliases: ['charizard', 'evs', 'Base Set'] },
        { set: 'swsh7', aliases: ['base set', 'evolving skies'] },
      ],
      nicknames: [
        { nickname: 'moonbreon', cards: ['swsh7-999'] },
        { nickname: 'big box', sealed: [1] },
        { nickname: 'zard', means: 'charizzard' },
      ],
    };
    expect(aliasProblems(content, catalogue)).toEqual([
      'sets.json: [0].set: no set "base9" in content/sets.json',
      'sets.json: [1].aliases[0]: "charizard" is a word of names in the catalogue; as an alias it would change every search for that word',
      'sets.json: [1].aliases[1]: "evs" is also the PTCGO code of set swsh7',
      'sets.json: [1].aliases[2]: "Base Set" must be written as the query reads it: "base set"',
      'sets.json: [2].aliases[1]: "evolving skies" is also the name of set swsh7',
      'nicknames.json: [0].cards[0]: no card with id "swsh7-999"',
      'nicknames.json: [1].sealed[0]: no sealed product with id 1',
      'nicknames.json: [2].means: "charizzard" is not made of words of names in the catalogue',
    ]);
  });

  it('an art names cards that exist, each once, by phrases no name or other alias holds', () => {
    const content: AliasContent = {
      ...none,
      nicknames: [{ nickname: 'moonbreon', cards: ['swsh7-215'] }],
      arts: [
        { art: 'Alternate Art', aliases: ['alt art', 'moonbreon'], cards: ['swsh7-215', 'swsh7-999', 'swsh7-215'] },
        { art: 'Gold Star', aliases: ['umbreon'], cards: [] },
      ],
    };
    expect(aliasProblems(content, catalogue)).toEqual([
      'arts.json: [0].aliases[1]: "moonbreon" is also the nickname of {"nickname":"moonbreon","cards":["swsh7-215"]}',
      'arts.json: [0].cards[1]: no card with id "swsh7-999"',
      'arts.json: [0].cards[2]: "swsh7-215" is listed twice',
      'arts.json: [1].aliases[0]: "umbreon" is a word of names in the catalogue; as an alias it would change every search for that word',
    ]);
  });

  it("a Japanese set's aliases name their source (its English names are translations that differ by source); an English set's need not", () => {
    const withJapanese = { ...catalogue, sets: [...catalogue.sets, { id: 'jp-sv8a', name: 'Terastal Fest ex', nameJa: 'テラスタルフェスex' }] };
    const content: AliasContent = {
      ...none,
      sets: [
        { set: 'jp-sv8a', aliases: ['terastal festival'] },
        { set: 'base1', aliases: ['base set'] },
        { set: 'jp-sv8a', aliases: [] },
      ],
    };
    expect(aliasProblems(content, withJapanese)).toEqual([
      "sets.json: [0].source: the aliases of a Japanese set name where they come from (a list such as TCGdex's English set names)",
    ]);
    content.sets[0].source = "TCGdex's English names of Japanese sets";
    expect(aliasProblems(content, withJapanese)).toEqual([]);
  });

  it('an alias claimed by two targets is refused', () => {
    const content: AliasContent = {
      ...none,
      sets: [
        { set: 'base1', aliases: ['old set'] },
        { set: 'swsh7', aliases: ['old set'] },
      ],
    };
    expect(aliasProblems(content, catalogue)).toEqual(['sets.json: [1].aliases[0]: "old set" is also an alias of set base1']);
  });

  it('a malformed file fails with the file and the field named; a missing one means no aliases', () => {
    const dir = scratchDir('alias-content');
    expect(readAliasContent(dir)).toEqual(none);
    mkdirSync(join(dir, 'aliases'), { recursive: true });
    writeFileSync(join(dir, 'aliases', 'nicknames.json'), JSON.stringify([{ nickname: 'Moon Breon', cards: ['swsh7-215'] }]));
    expect(() => readAliasContent(dir)).toThrow(/aliases\/nicknames\.json: \[0\]/);
    writeFileSync(join(dir, 'aliases', 'nicknames.json'), '[{');
    expect(() => readAliasContent(dir)).toThrow(/nicknames\.json: not valid JSON/);
  });
});
