import { describe, expect, it } from 'vitest';
import { type AcceptRange, parseAccept } from '../../src/http/accept.ts';
import { negotiate, REPRESENTATION_TYPES, type Representation } from '../../src/http/negotiate.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const ANY: AcceptRange[] = [{ type: '*', subtype: '*', q: 1, params: {}, index: 0 }];

/** A range with the defaults filled in, so each row states only what matters. */
const r = (type: string, subtype: string, index: number, q = 1, params: Record<string, string> = {}): AcceptRange => ({
  type,
  subtype,
  q,
  params,
  index,
});

describe('parseAccept', () => {
  it.each<[string, string | undefined | null, AcceptRange[]]>([
    ['an absent header accepts anything', undefined, ANY],
    ['a null header accepts anything', null, ANY],
    ['an empty header accepts anything', '', ANY],
    ['a blank header accepts anything', '  \t ', ANY],
    ['a header of empty list elements accepts anything', ' , ,', ANY],
    ['a single range has weight 1', 'text/html', [r('text', 'html', 0)]],
    ['ranges keep header order and position', 'text/markdown, text/html;q=0.9', [r('text', 'markdown', 0), r('text', 'html', 1, 0.9)]],
    ['type and subtype are lower-cased', 'TEXT/Markdown', [r('text', 'markdown', 0)]],
    ['the q parameter name is case-insensitive', 'text/html;Q=0.5', [r('text', 'html', 0, 0.5)]],
    ['whitespace around separators is tolerated', '  text/html ;  q=0.5 ,application/json  ', [r('text', 'html', 0, 0.5), r('application', 'json', 1)]],
    ['q may have up to three decimals', 'text/html;q=0.125', [r('text', 'html', 0, 0.125)]],
    ['q=1.000 is the maximum weight', 'text/html;q=1.000', [r('text', 'html', 0, 1)]],
    ['q=0 is a valid weight', 'text/html;q=0', [r('text', 'html', 0, 0)]],
    ['media type parameters are kept with names lower-cased', 'text/markdown;Charset=utf-8', [r('text', 'markdown', 0, 1, { charset: 'utf-8' })]],
    [
      'a quoted value may contain commas and semicolons',
      'text/html;foo="a, b; c";q=0.3, text/plain',
      [r('text', 'html', 0, 0.3, { foo: 'a, b; c' }), r('text', 'plain', 1)],
    ],
    ['a quoted value is unescaped', 'text/html;foo="say \\"hi\\""', [r('text', 'html', 0, 1, { foo: 'say "hi"' })]],
    ['parameters after q are extensions and are dropped', 'text/html;level=1;q=0.4;ext=1', [r('text', 'html', 0, 0.4, { level: '1' })]],
    ['wildcards are kept as ranges', 'text/*;q=0.5, */*;q=0.1', [r('text', '*', 0, 0.5), r('*', '*', 1, 0.1)]],
    ['q=abc drops the range', 'text/html;q=abc, text/plain', [r('text', 'plain', 1)]],
    ['q above 1 drops the range', 'text/html;q=1.5, text/plain', [r('text', 'plain', 1)]],
    ['a negative q drops the range', 'text/html;q=-1, text/plain', [r('text', 'plain', 1)]],
    ['q with more than three decimals drops the range', 'text/html;q=0.12345, text/plain', [r('text', 'plain', 1)]],
    ['an empty q drops the range', 'text/html;q=, text/plain', [r('text', 'plain', 1)]],
    ['a quoted q drops the range', 'text/html;q="0.5", text/plain', [r('text', 'plain', 1)]],
    ['a range without a slash is dropped', 'html, text/plain', [r('text', 'plain', 1)]],
    ['a range with an empty subtype is dropped', 'text/, text/plain', [r('text', 'plain', 1)]],
    ['a wildcard type with a concrete subtype is dropped', '*/html, text/plain', [r('text', 'plain', 1)]],
    ['a parameter without a value is dropped with its range', 'text/html;level, text/plain', [r('text', 'plain', 1)]],
    ['a range with an unterminated quote is dropped', 'text/plain, text/html;foo="a', [r('text', 'plain', 0)]],
    ['a header of only malformed ranges yields no ranges', 'text/html;q=abc, nonsense', []],
  ])('%s', (_description, header, expected) => {
    expect(parseAccept(header)).toEqual(expected);
  });
});

describe('negotiate', () => {
  it.each<[string, string | undefined | null, Representation | null]>([
    ['no header serves HTML', undefined, 'html'],
    ['a null header serves HTML', null, 'html'],
    ['an empty header serves HTML', '', 'html'],
    ['*/* serves HTML', '*/*', 'html'],
    ['text/* serves HTML', 'text/*', 'html'],
    ['a typical browser header serves HTML', BROWSER, 'html'],
    ['text/markdown alone serves Markdown', 'text/markdown', 'markdown'],
    ['Markdown listed before HTML at equal weight serves Markdown', 'text/markdown, text/html', 'markdown'],
    ['HTML listed before Markdown at equal weight serves HTML', 'text/html, text/markdown', 'html'],
    ['Markdown preferred by weight over HTML and */* serves Markdown', 'text/markdown, text/html;q=0.9, */*;q=0.8', 'markdown'],
    ['an explicit q=0 excludes Markdown even when */* follows', 'text/markdown;q=0, */*', 'html'],
    ['an explicit q=0 excludes HTML even when */* follows', 'text/html;q=0, */*', 'markdown'],
    ['an explicit q=0 excludes HTML even when text/* follows', 'text/*, text/html;q=0', 'markdown'],
    ['application/json serves JSON', 'application/json', 'json'],
    ['application/* serves JSON', 'application/*', 'json'],
    ['a type is matched case-insensitively', 'TEXT/MARKDOWN', 'markdown'],
    ['range parameters do not prevent a match', 'text/markdown;charset=utf-8', 'markdown'],
    ['a type nobody serves is not acceptable', 'image/png', null],
    ['text/plain is not acceptable', 'text/plain', null],
    ['every served type at q=0 is not acceptable', 'text/html;q=0, text/markdown;q=0, application/json;q=0', null],
    ['*/*;q=0 is not acceptable', '*/*;q=0', null],
    ['a header where every range has a malformed q is not acceptable', 'text/html;q=abc, text/markdown;q=1.5', null],
    ['a malformed range is ignored and the rest still negotiate', 'text/html;q=2, text/markdown', 'markdown'],
    ['JSON at a higher weight beats Markdown', 'application/json;q=0.5, text/markdown;q=0.4', 'json'],
    ['a named type beats a wildcard match at equal weight', 'text/*, application/json', 'json'],
    ['a named Markdown beats HTML reached through */*', '*/*, text/markdown', 'markdown'],
    ['wildcard matches at equal weight prefer HTML', 'application/*, text/*', 'html'],
    ['wildcard matches at equal weight prefer Markdown over JSON when HTML is excluded', 'text/html;q=0, */*', 'markdown'],
    ['a higher-weight wildcard beats a lower-weight named type', 'text/markdown;q=0.5, */*', 'html'],
    ['the most specific range wins even when it lowers the weight', 'text/*;q=0.9, text/html;q=0.1, text/markdown;q=0.5', 'markdown'],
    ['substrings of a type do not match', 'text/htmlx, xtext/html, application/jsonp', null],
    ['a suffix type is not mistaken for JSON', 'application/ld+json', null],
    ['whitespace and odd case in the header still negotiate', '  Text/Markdown ; Q=0.8 , text/html ; q=0.7 ', 'markdown'],
  ])('%s', (_description, header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });

  it('maps each representation to its media type', () => {
    expect(REPRESENTATION_TYPES).toEqual({ html: 'text/html', markdown: 'text/markdown', json: 'application/json' });
  });
});
