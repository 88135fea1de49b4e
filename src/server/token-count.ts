/**
 * The o200k_base token count of Markdown the function writes on request (a valued list, a tool's search
 * answer): what the build counts with js-tiktoken (src/pipeline/token-counter.ts), counted here with
 * gpt-tokenizer, the same ranks in a form that loads in a fraction of the time and the memory. It is imported on the
 * first count, so a function that never counts never loads it; tests/unit/token-counter.test.ts holds both
 * counters to the same counts.
 */
import type { Steps } from '../catalogue/steps.ts';

type Tokenizer = typeof import('gpt-tokenizer/encoding/o200k_base');
let tokenizer: Promise<Tokenizer> | undefined;
const loaded = () => (tokenizer ??= import('gpt-tokenizer/encoding/o200k_base'));

/** Special-token strings (`<|endoftext|>`) count as the plain text they are in an answer, as the build counts them. */
const AS_TEXT = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

/** How a text's tokens are counted: at once, or as steps that pause every so many pieces (src/catalogue/steps.ts). */
export type TokenCount = (text: string) => Steps<number>;

export function countTokens(text: string): Promise<number> {
  return loaded().then(({ countTokens }) => countTokens(text, AS_TEXT));
}

/** Counted at once, as a single step. */
export const countTokensAtOnce = async (): Promise<TokenCount> => {
  const { countTokens } = await loaded();
  // biome-ignore lint/correctness/useYield: one step, the whole count
  return function* (text) {
    return countTokens(text, AS_TEXT);
  };
};

/** Pre-tokenized pieces between pauses: a few hundred microseconds of encoding. */
const PIECES_A_STEP = 512;

/** Counted piece by piece (the same count: the tokenizer's own generator), with a pause every PIECES_A_STEP pieces. */
export const countTokensInSteps = async (): Promise<TokenCount> => {
  const { encodeGenerator } = await loaded();
  return function* (text) {
    let tokens = 0;
    let pieces = 0;
    for (const piece of encodeGenerator(text, AS_TEXT)) {
      tokens += piece.length;
      if (++pieces % PIECES_A_STEP === 0) yield;
    }
    return tokens;
  };
};
