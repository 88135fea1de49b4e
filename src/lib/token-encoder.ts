import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';

/**
 * The o200k_base token count of served Markdown, however its ranks arrive: the build imports them
 * (src/pipeline/token-counter.ts), the function reads the copy the build wrote beside the search data
 * (src/server/collection-endpoint.ts), so that its one file does not carry 2.3 MB of ranks it seldom needs.
 */
export function encoderOf(ranks: TiktokenBPE): Tiktoken {
  const encoder = new Tiktoken(ranks);
  // Its token → bytes map serves only decode(), which counting never calls: 200k byte arrays, 50 MB of the
  // Markdown worker's heap. The counting tests (tests/unit/token-counter.test.ts) hold encode() to the reference.
  (encoder as unknown as { textMap?: Map<number, Uint8Array> }).textMap?.clear();
  return encoder;
}

/**
 * Special-token strings (`<|endoftext|>`) are counted as the plain text they are in a served file, not refused
 * (the encoder's default, which failed the build on an article that quoted one).
 */
export const AS_TEXT: [allowedSpecial: string[], disallowedSpecial: string[]] = [[], []];

/** The file the build writes the ranks to, in dist/server/. */
export const TOKEN_RANKS_FILE = 'search/o200k_base.json';
