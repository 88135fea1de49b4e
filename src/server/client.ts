import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/**
 * Who is asking, and how they addressed us. Behind N trusted proxies
 * (`TRUST_PROXY=N`) each proxy appends the address it saw to X-Forwarded-For,
 * so the client is the entry N places from the right: anything further left was
 * written by the client itself and proves nothing. Without trusted proxies the
 * socket's address is the client and forwarded headers are ignored.
 */

/** The entry `trustProxy` places from the right of a comma-separated forwarded header (the leftmost when there are fewer). */
function trustedEntry(header: string | string[] | undefined, trustProxy: number): string | undefined {
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? ''))
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
export function clientAddressOf(req: IncomingMessage, trustProxy: number): string {
  const forwarded = trustProxy > 0 ? trustedEntry(req.headers['x-forwarded-for'], trustProxy) : undefined;
  return forwarded ?? req.socket.remoteAddress ?? 'unknown';
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
  switch (isIP(text)) {
    case 4:
      return text;
    case 6:
      return `${expandIpv6(text).slice(0, 4).join(':')}::/64`;
    default:
      return `other:${text.slice(0, 64)}`;
  }
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
export function authorityOf(req: IncomingMessage, trustProxy: number): string {
  const forwarded = trustProxy > 0 ? trustedEntry(req.headers['x-forwarded-host'], trustProxy) : undefined;
  const host = (forwarded ?? req.headers.host ?? '').trim().toLowerCase();
  return host.replace(schemeOf(req, trustProxy) === 'https' ? /:443$/ : /:80$/, '');
}

/** The scheme the client used: https behind a trusted proxy that says so, or on a TLS socket. */
export function schemeOf(req: IncomingMessage, trustProxy: number): 'http' | 'https' {
  const forwarded = trustProxy > 0 ? trustedEntry(req.headers['x-forwarded-proto'], trustProxy) : undefined;
  if (forwarded) return forwarded.toLowerCase() === 'https' ? 'https' : 'http';
  return 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
}
