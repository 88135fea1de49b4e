/**
 * RFC 9421 §2: the value of each covered component and the signature base the
 * signer signed. Shared by the verifier and the signer, so both build the same
 * bytes; the known-answer test pins those bytes independently of either.
 */
import { type InnerList, type Item, isInnerList, type Parameters, parseDictionary, serializeInnerList, serializeItem } from 'structured-headers';

/** What the verifier needs to know about a request. */
export interface MessageParts {
  method: string;
  scheme: 'http' | 'https';
  /** Host[:port] as the client addressed it (Host, or X-Forwarded-Host from a trusted proxy). */
  authority: string;
  /** Path and query as sent. */
  target: string;
  /** The combined field value of a header, by lower-case name; undefined when absent. */
  header(name: string): string | undefined;
}

/** A signature base, or why none can be built (an unknown component, a missing header …). */
export type SignatureBase = { base: string } | { reason: string };

// RFC 9110 tchar, lower case only: RFC 9421 §2.1 requires component names in lower case.
const FIELD_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;
const DEFAULT_PORT = { http: ':80', https: ':443' } as const;

/**
 * RFC 9421 §2.2.3: the authority lower-cased, without the scheme's default port.
 *
 * @example
 * normalizeAuthority('Cards.Example:443', 'https'); // 'cards.example'
 */
export function normalizeAuthority(authority: string, scheme: 'http' | 'https'): string {
  const lower = authority.trim().toLowerCase();
  return lower.endsWith(DEFAULT_PORT[scheme]) ? lower.slice(0, -DEFAULT_PORT[scheme].length) : lower;
}

/**
 * Path and query of the target, as sent (no decoding: the signer signed the
 * bytes on the wire). An absolute-form target, as proxies send, gives up its
 * scheme and authority; `*` has no path, so components built on one fail.
 */
function splitTarget(target: string): { path: string; query: string | undefined } | undefined {
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target);
  if (!absolute && !target.startsWith('/')) return undefined;
  const pathAndQuery = absolute ? target.slice(absolute[0].length) : target;
  const mark = pathAndQuery.indexOf('?');
  const path = mark < 0 ? pathAndQuery : pathAndQuery.slice(0, mark);
  // §2.2.6: an empty path is "/".
  return { path: path || '/', query: mark < 0 ? undefined : pathAndQuery.slice(mark + 1) };
}

function derivedValue(name: string, message: MessageParts): string | undefined {
  switch (name) {
    case '@method':
      return message.method;
    case '@authority':
      return normalizeAuthority(message.authority, message.scheme);
    case '@scheme':
      return message.scheme;
    case '@request-target':
      return message.target;
    case '@target-uri': {
      const split = splitTarget(message.target);
      const query = split?.query === undefined ? '' : `?${split.query}`;
      return split && `${message.scheme}://${normalizeAuthority(message.authority, message.scheme)}${split.path}${query}`;
    }
    case '@path':
      return splitTarget(message.target)?.path;
    case '@query': {
      const split = splitTarget(message.target);
      // §2.2.7: an absent query is the lone "?".
      return split && `?${split.query ?? ''}`;
    }
    default:
      return undefined;
  }
}

/**
 * The value of one covered component (RFC 9421 §2.1, §2.2), or why it has none.
 * Derived components take no parameters here; header fields take only `key`
 * (a Dictionary member, §2.1.2). Anything else cannot be checked, and a
 * signature whose coverage cannot be checked cannot be verified.
 *
 * @example
 * componentValue(['@authority', new Map()], message); // { value: 'cards.example' }
 */
export function componentValue([name, params]: Item, message: MessageParts): { value: string } | { reason: string } {
  if (typeof name !== 'string') return { reason: 'a covered component is not a string' };
  if (name.startsWith('@')) {
    const value = params.size === 0 ? derivedValue(name, message) : undefined;
    return value === undefined ? { reason: `cannot cover ${serializeItem([name, params])}` } : { value };
  }
  if (!FIELD_NAME.test(name)) return { reason: `${JSON.stringify(name)} is not a lower-case field name` };
  const key = params.get('key');
  if (params.size > (key === undefined ? 0 : 1) || (key !== undefined && typeof key !== 'string')) {
    return { reason: `cannot cover ${serializeItem([name, params])}` };
  }
  // §2.1: leading and trailing whitespace is not part of the value.
  const field = message.header(name)?.trim();
  if (field === undefined) return { reason: `covers ${name}, which the request does not have` };
  if (key === undefined) return { value: field };
  let member: Item | InnerList | undefined;
  try {
    member = parseDictionary(field).get(key);
  } catch {
    return { reason: `${name} is not a structured dictionary` };
  }
  if (member === undefined) return { reason: `${name} has no member ${JSON.stringify(key)}` };
  return { value: isInnerList(member) ? serializeInnerList(member) : serializeItem(member) };
}

/**
 * The signature base of RFC 9421 §2.5: one line per covered component, then
 * `"@signature-params"` with the inner list re-serialised (never the raw
 * header text, which may differ in whitespace from what was signed). `valuedAs` names the component whose value
 * a covered one takes, where a profile reads one differently (a key directory's `"@authority";req`).
 *
 * @example
 * signatureBaseOf([['@authority', new Map()]], new Map([['created', 1735689600]]), message);
 * // { base: '"@authority": cards.example\n"@signature-params": ("@authority");created=1735689600' }
 */
export function signatureBaseOf(components: Item[], params: Parameters, message: MessageParts, valuedAs: (component: Item) => Item = (c) => c): SignatureBase {
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const component of components) {
    const id = serializeItem(component);
    // §2.5: a component may be covered once; a repeat is a malformed signature, not a harmless echo.
    if (seen.has(id)) return { reason: `covers ${id} twice` };
    seen.add(id);
    const result = componentValue(valuedAs(component), message);
    if ('reason' in result) return result;
    // A value with a line break would forge extra lines of the base.
    if (/[\r\n]/.test(result.value)) return { reason: `${id} has a line break` };
    lines.push(`${id}: ${result.value}`);
  }
  lines.push(`"@signature-params": ${serializeInnerList([components, params])}`);
  return { base: lines.join('\n') };
}
