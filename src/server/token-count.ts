/**
 * The o200k_base token count of Markdown the function writes on request (a valued list, a tool's search
 * answer): what the build counts with js-tiktoken (src/pipeline/token-counter.ts), counted here with
 * gpt-tokenizer, the same ranks in a form that loads in a fraction of the time and the memory. It is imported on the
 * first count, so a function that never counts never loads it; tests/unit/token-counter.test.ts holds both
 * counters to the same counts.
 */
let counter: Promise<(text: string) => number> | undefined;

/** Special-token strings (`<|endoftext|>`) count as the plain text they are in an answer, as the build counts them. */
const AS_TEXT = { allowedSpecial: new Set<string>(), disallowedSpecial: new Set<string>() };

export function countTokens(text: string): Promise<number> {
  counter ??= import('gpt-tokenizer/encoding/o200k_base').then(
    ({ countTokens }) =>
      (t: string) =>
        countTokens(t, AS_TEXT),
  );
  return counter.then((count) => count(text));
}
