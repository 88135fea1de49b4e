import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../src/http/exchange.ts';
import { authorityOf, clientAddressOf, limiterKeyOf, schemeOf } from '../../src/server/client.ts';

/** A request as any runtime hands it to the function: its headers, and the address and encryption it saw. */
const request = (headers: Record<string, string>, clientAddress = '10.0.0.9', encrypted = false): HttpRequest => ({
  method: 'GET',
  target: '/',
  header: (name) => headers[name],
  clientAddress,
  encrypted,
});

describe('who the client is', () => {
  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(request({ 'x-forwarded-for': '1.2.3.4' }), 0)).toBe('10.0.0.9');
  });

  it('is the entry TRUST_PROXY places from the right of X-Forwarded-For', () => {
    const req = request({ 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 172.16.0.1' });
    expect(clientAddressOf(req, 1)).toBe('172.16.0.1');
    expect(clientAddressOf(req, 2)).toBe('1.2.3.4');
  });

  it('is the leftmost entry when fewer proxies were passed, and the socket when there is no header', () => {
    expect(clientAddressOf(request({ 'x-forwarded-for': '1.2.3.4' }), 2)).toBe('1.2.3.4');
    expect(clientAddressOf(request({}), 1)).toBe('10.0.0.9');
  });

  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(limiterKeyOf('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(limiterKeyOf('2001:db8:0:1:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(limiterKeyOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(limiterKeyOf('[2001:db8::5]:443')).toBe('2001:db8:0:0::/64');
    expect(limiterKeyOf('192.0.2.7:5555')).toBe('192.0.2.7');
  });

  it('counts an IPv6 address with its zone id by its /64, and what only looks like an address as other text', () => {
    expect(limiterKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limiterKeyOf('256.1.1.1')).toBe('other:256.1.1.1');
    expect(limiterKeyOf('2001:db8::1::2')).toBe('other:2001:db8::1::2');
    expect(limiterKeyOf('1.2.3')).toBe('other:1.2.3');
  });

  it('counts what is not an address under its own truncated text', () => {
    expect(limiterKeyOf('unknown')).toBe('other:unknown');
    expect(limiterKeyOf('x'.repeat(500))).toHaveLength('other:'.length + 64);
  });
});

describe('the authority the client addressed', () => {
  it('is the Host header, lower-cased, without the default port', () => {
    expect(authorityOf(request({ host: 'Cards.Example:80' }), 0)).toBe('cards.example');
    expect(authorityOf(request({ host: 'cards.example:8080' }), 0)).toBe('cards.example:8080');
  });

  it("is the trusted proxy's X-Forwarded-Host, and ignores it when no proxy is trusted", () => {
    const req = request({ host: 'internal:4321', 'x-forwarded-host': 'cards.example', 'x-forwarded-proto': 'https' });
    expect(authorityOf(req, 1)).toBe('cards.example');
    expect(authorityOf(req, 0)).toBe('internal:4321');
  });

  it('is https over a connection the runtime saw encrypted, its default port dropped', () => {
    expect(schemeOf(request({ host: 'cards.example:443' }, '10.0.0.9', true), 0)).toBe('https');
    expect(authorityOf(request({ host: 'cards.example:443' }, '10.0.0.9', true), 0)).toBe('cards.example');
    expect(schemeOf(request({ host: 'cards.example' }), 0)).toBe('http');
  });
});
