import { RATE_LIMIT_DEFAULT } from '../../http/limits.ts';

/**
 * The rate-limit policy of the function (`RATE_LIMIT=<requests>/<seconds>`, or
 * `off`) and the headers that announce it, in the syntax of
 * draft-ietf-httpapi-ratelimit-headers-11 (not the older RateLimit-Limit trio).
 */
export interface RatePolicy {
  /** Requests a client may make in one window (the bucket's size). */
  quota: number;
  /** Seconds in which a drained bucket refills completely. */
  windowSeconds: number;
}

/** RATE_LIMIT's value when unset (src/http/limits.ts). */
const DEFAULT_TEXT = `${RATE_LIMIT_DEFAULT.quota}/${RATE_LIMIT_DEFAULT.windowSeconds}`;
/** The one policy the function has; its name appears in both headers and in `violated-policies`. */
export const POLICY_NAME = 'default';

/**
 * @example ratePolicyOf('120/60') // { quota: 120, windowSeconds: 60 }
 * @example ratePolicyOf('off') // null
 */
export function ratePolicyOf(text: string = DEFAULT_TEXT): RatePolicy | null {
  const value = text.trim();
  if (value === 'off') return null;
  const match = /^([1-9]\d{0,8})\/([1-9]\d{0,6})$/.exec(value);
  if (!match) throw new Error(`RATE_LIMIT must be <requests>/<seconds> (e.g. ${DEFAULT_TEXT}) or off; got "${text}"`);
  return { quota: Number(match[1]), windowSeconds: Number(match[2]) };
}

/** @example rateLimitPolicyHeader({ quota: 120, windowSeconds: 60 }) // '"default";q=120;w=60' */
export function rateLimitPolicyHeader(policy: RatePolicy): string {
  return `"${POLICY_NAME}";q=${policy.quota};w=${policy.windowSeconds}`;
}

/** @example rateLimitHeader(119, 1) // '"default";r=119;t=1' */
export function rateLimitHeader(remaining: number, resetSeconds: number): string {
  return `"${POLICY_NAME}";r=${remaining};t=${resetSeconds}`;
}
