import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k_base from 'js-tiktoken/ranks/o200k_base';
import { cardToDetail } from '../../src/catalogue/card-record.ts';
import { cardToMarkdown } from '../../src/render/markdown/card-markdown.ts';
import { FIXTURE_CONTENT } from './fixture-site.ts';

/** The texts the token counters are held to an untouched js-tiktoken encoder on, within a build and across builds. */
const reference = new Tiktoken(o200k_base);
/** Special-token strings count as the text they are (a file that quotes `<|endoftext|>` is still a file). */
export const referenceCount = (text: string) => reference.encode(text, [], []).length;

const cards = JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'cards', 'base1.json'), 'utf8'));
const sets = JSON.parse(readFileSync(join(FIXTURE_CONTENT, 'sets.json'), 'utf8'));
/** The Markdown of five fixture cards, as the build writes it. */
export const cardMarkdown: string[] = cards.slice(0, 5).map((card: { set: string }) =>
  cardToMarkdown(
    cardToDetail(
      card as never,
      sets.find((s: { id: string }) => s.id === card.set),
      '2025-10-20',
      undefined,
    ),
  ),
);

export const texts = [
  'Charizard',
  '# Charizard — Base Set 4/102\n\n| Variant | Market |\n|---|---|\n| Holofoil | $458.29 |\n',
  'Pokémon Flabébé 日本語のカード ✨ 🃏 and CJK: 皮卡丘',
  '   leading spaces, tabs\t\tand\r\nCRLF lines\n\n\n',
  'a text that names a special token <|endoftext|> literally',
  ...cardMarkdown,
];
