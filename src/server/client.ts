import type { HttpRequest } from '../http/exchange.ts';

/**
 * Who is asking, and how they addressed us. Behind N trusted proxies
 * (`TRUST_PROXY=N`) each proxy appends the address it saw to X-Forwarded-For,
 * so the client is the entry N places from the right: anything further left was
 * written by the client itself and proves nothing. Without trusted proxies the
 * address the runtime saw (node:http's socket, a platform's client address) is
 * the client and forwarded headers are ignored. Any runtime: no Node built-in.
 */

/** The entry `trustProxy` places from the right of a comma-separated forwarded header (the leftmost when there are fewer). */
function trustedEntry(header: string | undefined, trustProxy: number): string | undefined {
  const entries = (header ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - trustProxy)];
}

/**
 * The client's address as seen through the trusted proxies.
 * @example clientAddressOf(req, 1) // the last X-Forwarded-For entry
 */
export function clientAddressOf(req: HttpRequest, trustProxy: number): string {
  const forwarded = trustProxy > 0 ? trustedEntry(req.header('x-forwarded-for'), trustProxy) : undefined;
  return forwarded ?? req.clientAddress ?? 'unknown';
}

/**
 * The key a client is counted under. One IPv6 subscriber holds a whole /64
 * (and can pick any address in it), so IPv6 addresses count by their /64;
 * IPv4-mapped IPv6 counts as the IPv4 address. Whatever is not an address
 * (a misconfigured proxy's garbage) is counted under its own, truncated text.
 * @example limiterKeyOf('2001:db8:1:2:3:4:5:6') // "2001:db8:1:2::/64"
 */
export function limiterKeyOf(address: string): string {
  let text = address.replace(/^\[|\](?::\d+)?$/g, '');
  if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(text)) text = text.replace(/:\d+$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped) text = mapped[1];
  switch (ipVersionOf(text)) {
    case 4:
      return text;
    case 6:
      return `${expandIpv6(text).slice(0, 4).join(':')}::/64`;
    default:
      return `other:${text.slice(0, 64)}`;
  }
}

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** 4 or 6 for an IP address (an IPv6 one with or without its zone id), 0 for anything else: node:net's isIP, in any runtime. */
function ipVersionOf(text: string): 0 | 4 | 6 {
  if (IPV4.test(text)) return 4;
  const [address, zone] = text.split('%');
  if (!address.includes(':') || (zone !== undefined && !/^[\w.-]+$/.test(zone))) return 0;
  // The URL parser holds IPv6 to RFC 4291's forms, embedded IPv4 included.
  return URL.canParse(`http://[${address}]/`) ? 6 : 0;
}

/** The eight groups of an IPv6 address, without leading zeros (a zone id is dropped). */
function expandIpv6(address: string): string[] {
  const [head, tail = ''] = address.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((g) => (g.includes('.') ? g : String(Number.parseInt(g, 16).toString(16))));
}

/**
 * The authority the client addressed (RFC 9421 `@authority`): the Host header,
 * or behind trusted proxies the X-Forwarded-Host the nearest trusted proxy
 * passed on. Lower-cased; the default port is dropped.
 * @example authorityOf(req, 0) // "cards.example"
 */
export function authorityOf(req: HttpRequest, trustProxy: number): string {
  const forwarded = trustProxy > 0 ? trustedEntry(req.header('x-forwarded-host'), trustProxy) : undefined;
  const host = (forwarded ?? req.header('host') ?? '').trim().toLowerCase();
  return host.replace(schemeOf(req, trustProxy) === 'https' ? /:443$/ : /:80$/, '');
}

/** The scheme the client used: https behind a trusted proxy that says so, or over a connection the runtime saw encrypted. */
export function schemeOf(req: HttpRequest, trustProxy: number): 'http' | 'https' {
  const forwarded = trustProxy > 0 ? trustedEntry(req.header('x-forwarded-proto'), trustProxy) : undefined;
  if (forwarded) return forwarded.toLowerCase() === 'https' ? 'https' : 'http';
  return req.encrypted ? 'https' : 'http';
}
