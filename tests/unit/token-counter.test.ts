import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k_base from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { cardToDetail } from '../../src/catalogue/card-record.ts';
import { countTokens, countTokensExactly } from '../../src/pipeline/token-counter.ts';
import { cardToMarkdown } from '../../src/render/markdown/card-markdown.ts';
import { countTokens as countInFunction } from '../../src/server/token-count.ts';
import { FIXTURE_CONTENT } from '../support/fixture-site.ts';

/**
 * The token counts the manifest serves (X-Markdown-Tokens) are the counts of an untouched js-tiktoken
 * encoder. The build's encoder drops the map only decoding uses, and counts piece by piece with a memo:
 * both must give the reference's count on any text.
 */
const reference = new Tiktoken(o200k_base);
/** Special-token strings count as the text they are (a file that quotes `<|endoftext|>` is still a file). */
const referenceCount = (text: string) => reference.encode(text, [], []).length;

const cards = JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'cards', 'base1.json'), 'utf8'));
const sets = JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'sets.json'), 'utf8'));
const cardMarkdown = cards.slice(0, 5).map((card: { set: string }) =>
  cardToMarkdown(
    cardToDetail(
      card as never,
      sets.find((s: { id: string }) => s.id === card.set),
      '2025-10-20',
      undefined,
    ),
  ),
);

const texts = [
  'Charizard',
  '# Charizard — Base Set 4/102\n\n| Variant | Market |\n|---|---|\n| Holofoil | $458.29 |\n',
  'Pokémon Flabébé 日本語のカード ✨ 🃏 and CJK: 皮卡丘',
  '   leading spaces, tabs\t\tand\r\nCRLF lines\n\n\n',
  'a text that names a special token <|endoftext|> literally',
  ...cardMarkdown,
];

describe('token counts', () => {
  it.each(texts.map((text, i) => [i, text]))('text %i: the build counts what an untouched encoder counts', (_, text) => {
    expect(countTokens(text)).toBe(referenceCount(text));
    expect(countTokensExactly(text)).toBe(referenceCount(text));
  });

  it.each(texts.map((text, i) => [i, text]))('text %i: the function counts what the build counts', async (_, text) => {
    expect(await countInFunction(text)).toBe(referenceCount(text));
  });

  it('counting the same pieces again gives the same count (the memo never drifts)', () => {
    const first = cardMarkdown.map(countTokens);
    expect(cardMarkdown.map(countTokens)).toEqual(first);
  });
});
