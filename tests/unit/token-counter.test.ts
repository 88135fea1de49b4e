import fc from 'fast-check';
import o200k_base from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { countTokens, countTokensExactly } from '../../src/pipeline/token-counter.ts';
import { countTokens as countInFunction } from '../../src/server/token-count.ts';
import { cardMarkdown, referenceCount, texts } from '../support/token-texts.ts';

/**
 * The token counts the manifest serves (X-Markdown-Tokens) are the counts of an untouched js-tiktoken
 * encoder. The build's encoder drops the map only decoding uses, and counts piece by piece with a memo,
 * finding the pieces of ASCII text by a hand-written copy of the pre-token pattern: all must give the
 * reference's count on any text.
 */
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

  /**
   * Where the copy of the pattern could go wrong: a newline before `/` (the punctuation alternative takes both),
   * whitespace runs (through the last newline, all but the last space, all at the end), a prefix before letters,
   * contractions in either case, runs of digits, and the non-ASCII characters that continue an ASCII run.
   */
  const edges = [
    'a\n/b',
    '+\n/b',
    ')\n\r\n//x',
    'x \n\ny',
    '\r\n',
    '|\n|',
    '|---|---|\n| a | b |\n',
    ' \n',
    'a  ',
    'a  b',
    'a \t\nb',
    '\t!',
    ' !',
    ' 1',
    '\v\fx',
    "it's IT'S they'RE we'll I'd don't 'll x''s",
    'HTTPServer ABC abcDEF',
    '1234567 12é 12٣ 1٣23 1１23 é1 $1,234.56',
    'e\u0301 (é é) ǅx ʰa',
    'a\u00a0b \u00a0 \n\u2028x \u3000\ufeff',
    '😀! \ud800x x\udc00 \udc00\ud800',
    '\x00\x1f\x7f',
  ];
  it.each(edges.map((text) => [JSON.stringify(text), text]))('edge %s: the build counts what an untouched encoder counts', (_, text) => {
    expect(countTokens(text)).toBe(referenceCount(text));
  });

  const alphabet = fc.constantFrom(
    ...['a', 'z', 'A', 'Z', 's', 'S', 't', 're', 'RE', 'Ve', 'll', 'lL', 'm', 'D', "'", "'d", "'s", '0', '9', '42', '1234', '1٣'],
    ...['\n', '\r', ' ', '  ', '\t', '\v', '\f', '/', '|', '-', '$', '.', '(', '<|endoftext|>', '\x00', '\x1f', '\x7f'],
    ...['é', 'E\u0301', '\u0301', 'ǅ', 'ʰ', '中', '٣', '½', '\u00a0', '\u2028', '\u3000', '\ufeff', '—', '😀', '\ud800', '\udc00'],
  );
  it('on any text the build counts what an untouched encoder counts (adversarial pieces)', () => {
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(countTokens(text)).toBe(referenceCount(text));
      }),
      { numRuns: 10000 },
    );
  });

  it('on any text the build counts what an untouched encoder counts (any code points)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'binary-ascii', maxLength: 60 }), (text, ascii) => {
        expect(countTokens(text)).toBe(referenceCount(text));
        expect(countTokens(ascii)).toBe(referenceCount(ascii));
      }),
      { numRuns: 1000 },
    );
  });

  it('the pattern the ASCII copy follows is still the encoder’s', () => {
    expect(o200k_base.pat_str).toBe(
      "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
    );
  });
});
