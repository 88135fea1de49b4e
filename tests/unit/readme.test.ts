import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEED_CACHE_CONTROL } from '../../src/http/answer.ts';
import { CACHE_CONTROL } from '../../src/http/headers.ts';
import { quotePattern } from '../../src/knowledge-facts/quotes.ts';
import { README_QUOTES } from '../../src/knowledge-facts/readme.ts';
import { ROOT } from '../support/fixture-site.ts';

/** The README names paths, docs and commands; they must exist, and it stays a short first read. */
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
const DOCS = readdirSync(join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/${f}`);

describe('README', () => {
  it('every path in the layout table exists', () => {
    const layout = readme.split('## Layout')[1].split('##')[0];
    const paths = [...layout.matchAll(/^\| `([^`]+)`(?:, `([^`]+)`)? \|/gm)].flatMap((m) => [m[1], m[2]]).filter(Boolean);
    expect(paths.length).toBeGreaterThan(8);
    for (const path of paths) expect(existsSync(join(ROOT, path)), path).toBe(true);
  });

  it('every npm command it shows is a script of package.json', () => {
    const commands = [...readme.matchAll(/(?:^|`|&& )npm (?:run )?(?:--silent )?([a-z]+(?::[a-z]+)?)/gm)]
      .map((m) => m[1])
      .filter((c) => !['install', 'ci'].includes(c));
    expect(commands).toEqual(expect.arrayContaining(['start', 'test']));
    for (const command of commands) expect(scripts[command], command).toBeDefined();
  });

  // Room under the cap, so that a line added does not force a cut: depth goes to docs/.
  it('the README stays under 9 KB', () => {
    expect(Buffer.byteLength(readme, 'utf8')).toBeLessThanOrEqual(9_216);
  });

  it('its two set-up commands are the ones CI runs', () => {
    const commands = readme.split('## Two commands')[1].split('##')[0];
    expect(commands).toMatch(/^npm install && npm start +#/m);
    expect(commands).toMatch(/^npm test +#/m);
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    for (const line of ['npm install', 'npm test', 'npm start']) expect(ci).toMatch(new RegExp(`^\\s*(?:PORT=\\S+ HOST=\\S+ )?${line}\\b`, 'm'));
  });

  // Its figures are written from content/ by `npm run facts` (which the daily job runs) and checked against it by
  // the content tier and `npm run check`; here, only that the sentence is still where its templates find it.
  it('holds each line of its catalogue sentence once, in the form src/knowledge-facts/readme.ts writes', () => {
    for (const quote of README_QUOTES) expect([...readme.matchAll(quotePattern(quote.text))], quote.text).toHaveLength(1);
  });
});

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens; repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutCode(markdown).matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const slug = heading
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replaceAll(' ', '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

describe('the docs link only inside the repository', () => {
  const files = ['README.md', ...DOCS];

  it.each(files)('every relative link of %s names a file of the repository (and a heading of it)', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const links = [...withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((link) => !/^[a-z][a-z+.-]*:/i.test(link));
    for (const link of links) {
      const [path, anchor] = link.split('#');
      const target = path === '' ? join(ROOT, file) : resolve(ROOT, dirname(file), path);
      const inside = relative(ROOT, target);
      expect(inside.startsWith('..') || inside === '', `${file}: ${link} points outside the repository`).toBe(false);
      expect(existsSync(target), `${file}: ${link}`).toBe(true);
      if (anchor && target.endsWith('.md')) expect(anchorsOf(readFileSync(target, 'utf8')).has(anchor), `${file}: ${link} names no heading`).toBe(true);
    }
  });
});

describe('the cache policy', () => {
  // Written once, in docs/deploy.md; every other doc links there rather than restating the headers.
  it('is written in docs/deploy.md with the values the code sends, and restated in no other doc', () => {
    const policy = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8')
      .split('## Cache policy')[1]
      .split('\n## ')[0];
    for (const value of [CACHE_CONTROL.other, CACHE_CONTROL.immutable, 'private, max-age=60', FEED_CACHE_CONTROL, 'no-store']) expect(policy).toContain(value);
    const restating = ['README.md', ...DOCS].filter(
      (file) => file !== 'docs/deploy.md' && /max-age|stale-while-revalidate|immutable/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(restating).toEqual([]);
  });
});
