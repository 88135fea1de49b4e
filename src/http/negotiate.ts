/**
 * Which representation of a detail page to serve for an `Accept` header.
 * The header is parsed by `accept.ts`; this module is only the policy.
 */
import { type AcceptRange, parseAccept } from './accept.ts';

/** The representations every detail page has. */
export type Representation = 'html' | 'markdown' | 'json';

/** The media type each representation is served as. */
export const REPRESENTATION_TYPES: Record<Representation, string> = {
  html: 'text/html',
  markdown: 'text/markdown',
  json: 'application/json',
};

// The order of preference when the client does not choose: browsers send
// wildcards alongside text/html, and a person is the safest reader to assume.
const PREFERENCE: readonly Representation[] = ['html', 'markdown', 'json'];

type Candidate<R> = { representation: R; q: number; explicit: boolean; index: number };

/**
 * Picks the representation to serve, or `null` when none is acceptable (406).
 *
 * Each representation is weighed by the most specific range that matches it
 * (RFC 9110 §12.5.1), so `text/markdown;q=0, *\/*` excludes Markdown even
 * though `*\/*` would allow it. The highest weight above 0 wins. On a tie, a
 * type the client named exactly beats one it only reached through a wildcard;
 * between named types the one listed first wins, because that is the order the
 * client wrote; between wildcard matches HTML, then Markdown, then JSON.
 *
 * Range parameters are not matched: each representation exists in one flavour
 * only (UTF-8), and RFC 9110 lets a server disregard parameters it cannot
 * negotiate rather than refuse a client that would be served well.
 *
 * @example
 * negotiate('text/markdown, text/html'); // 'markdown'
 * negotiate(undefined);                  // 'html'
 * negotiate('image/png');                // null
 */
export function negotiate(header: string | undefined | null): Representation | null {
  return negotiateAmong(header, REPRESENTATION_TYPES, PREFERENCE);
}

/**
 * The same rules over other representations (a valued list: JSON, Markdown or CSV), `preference` first on a tie.
 * @example negotiateAmong('text/csv', { json: 'application/json', csv: 'text/csv' }, ['json', 'csv']) // "csv"
 */
export function negotiateAmong<R extends string>(header: string | undefined | null, types: Record<R, string>, preference: readonly R[]): R | null {
  const ranges = parseAccept(header);
  const candidates: Candidate<R>[] = [];
  for (const representation of preference) {
    const range = mostSpecificRange(ranges, types[representation]);
    if (range && range.q > 0) {
      candidates.push({ representation, q: range.q, explicit: range.subtype !== '*', index: range.index });
    }
  }
  // Array#sort is stable, so candidates that tie on every key keep PREFERENCE order.
  candidates.sort((a, b) => b.q - a.q || Number(b.explicit) - Number(a.explicit) || (a.explicit && b.explicit ? a.index - b.index : 0));
  return candidates[0]?.representation ?? null;
}

/**
 * The range that decides the weight of `mediaType`: an exact match beats
 * `type/*`, which beats `*\/*`. Among equally specific ranges the first listed
 * counts, since the RFC leaves duplicates undefined and first is predictable.
 */
function mostSpecificRange(ranges: AcceptRange[], mediaType: string): AcceptRange | undefined {
  const [type, subtype] = mediaType.split('/');
  let best: AcceptRange | undefined;
  let bestRank = -1;
  for (const range of ranges) {
    const rank =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (rank > bestRank) {
      best = range;
      bestRank = rank;
    }
  }
  return best;
}
