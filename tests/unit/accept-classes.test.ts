import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyAccept } from '../../src/http/accept-classes.ts';
import { negotiate } from '../../src/http/negotiate.ts';

const CHROME = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7';
const FIREFOX = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the Accept headers a static host decides by itself', () => {
  it.each([
    [undefined, 'html'],
    ['', 'html'],
    [' , ', 'html'],
    ['*/*', 'html'],
    ['text/*', 'html'],
    ['application/*', 'json'],
    ['image/png, application/*', 'json'],
    [CHROME, 'html'],
    [FIREFOX, 'html'],
    ['text/markdown', 'markdown'],
    ['TEXT/Markdown', 'markdown'],
    ['text/markdown, text/html', 'markdown'],
    ['text/markdown, text/html;q=0.9, */*;q=0.8', 'markdown'],
    ['application/json', 'json'],
    ['application/json, */*;q=0.1', 'json'],
    ['image/webp;q=0.5, text/markdown', 'markdown'],
  ])('Accept %j is %s, as the function decides', (header, representation) => {
    expect(classifyAccept(header)).toBe(representation);
    expect(negotiate(header)).toBe(representation);
  });

  it.each([
    ['text/markdown;q=0, */*', 'a q-value on a named type'],
    ['text/html;q=0.5, text/markdown;q=0.9', 'q-values decide'],
    ['*/*;q=0.5', 'a parameter on a wildcard'],
    ['image/png', 'nothing acceptable: the 406 is the function’s'],
    ['text/html;level="1, text/markdown"', 'a quoted string'],
    ['\u00a0text/markdown;q=0, text/markdown', 'whitespace only JavaScript trims'],
  ])('Accept %j goes to the function (%s)', (header) => {
    expect(classifyAccept(header)).toBeUndefined();
  });

  it('never disagrees with the function on generated headers', () => {
    const type = fc.constantFrom(
      'text/html',
      'text/markdown',
      'application/json',
      'TEXT/HTML',
      'Text/Markdown',
      '*/*',
      'text/*',
      'application/*',
      'image/png',
      'text/plain',
      '*/html',
      'text /html',
      'text/html x',
    );
    const param = fc.oneof(
      fc.constantFrom('q=0', 'q=1', 'q=0.5', 'q=0.9', 'Q=0.1', 'q=1.5', 'q=', 'level=1', 'charset=utf-8', 'foo="a, text/markdown"', 'x', ''),
      fc.stringMatching(/^[a-z]{1,3}=[0-9.]{0,4}$/),
    );
    const ows = fc.constantFrom('', ' ', '\t', '  ', '\u00a0');
    const element = fc
      .tuple(ows, type, fc.array(fc.tuple(ows, param), { maxLength: 2 }), ows)
      .map(([a, t, ps, b]) => `${a}${t}${ps.map(([o, p]) => `${o};${p}`).join('')}${b}`);
    const header = fc.array(fc.oneof({ weight: 6, arbitrary: element }, { weight: 1, arbitrary: ows }), { maxLength: 6 }).map((els) => els.join(','));
    let decidedHere = 0;
    fc.assert(
      fc.property(header, (h) => {
        const decided = classifyAccept(h);
        if (decided === undefined) return;
        decidedHere++;
        expect(decided, JSON.stringify(h)).toBe(negotiate(h));
      }),
      { numRuns: 20_000 },
    );
    // The property means something only if the generator reaches the classes often.
    expect(decidedHere).toBeGreaterThan(2_000);
  });

  it('decides most of what browsers, curl and agents send (the rest costs a trip to the function, not a wrong answer)', () => {
    const common = [undefined, '*/*', CHROME, FIREFOX, 'text/markdown', 'text/markdown, text/html;q=0.9, */*;q=0.8', 'application/json'];
    expect(common.filter((h) => classifyAccept(h) === undefined)).toEqual([]);
  });
});
