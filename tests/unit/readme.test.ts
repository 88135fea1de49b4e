import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL } from '../../src/http/headers.ts';
import { ROOT } from '../support/fixture-site.ts';

/** The README names paths, docs and commands; they must exist, and it stays a short first read. */
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;

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

  it('every docs/*.md link points to a file that exists', () => {
    const links = [...readme.matchAll(/\]\((docs\/[^)#\s]+\.md)(?:#[^)\s]*)?\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(existsSync(join(ROOT, link)), link).toBe(true);
  });

  it('the README stays under 10 KB', () => {
    expect(Buffer.byteLength(readme, 'utf8')).toBeLessThanOrEqual(10_240);
  });

  it('the two set-up commands are the ones CI runs', () => {
    const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8');
    expect(readme).toContain('npm install && npm start');
    expect(ci).toContain('npm install');
    expect(ci).toContain('npm test');
    expect(ci).toContain('npm start');
  });
});

describe('the cache policy', () => {
  // Written once, in docs/deploy.md; every other doc links there rather than restating the headers.
  it('is written in docs/deploy.md with the values the code sends, and restated in no other doc', () => {
    const policy = readFileSync(join(ROOT, 'docs', 'deploy.md'), 'utf8')
      .split('## Cache policy')[1]
      .split('\n## ')[0];
    for (const value of [CACHE_CONTROL.other, CACHE_CONTROL.immutable, 'private, max-age=60', 'no-store']) expect(policy).toContain(value);
    const restating = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)].filter(
      (file) => file !== 'docs/deploy.md' && /max-age|stale-while-revalidate|immutable/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(restating).toEqual([]);
  });
});
