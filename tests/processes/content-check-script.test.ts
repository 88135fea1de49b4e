import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT, ROOT, scratchDir } from '../support/fixture-site.ts';

/**
 * `npm run check` as an editor runs it: what it prints and its exit status (the problems it finds, each at its
 * file, line, column and field: tests/unit/content-check.test.ts).
 */
const base = scratchDir('content-check-script');
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A fresh copy of the fixture content; returns the folder that holds `content/`, and the content folder. */
function copyFixture(): { root: string; content: string } {
  const root = join(base, 'copy');
  const content = join(root, 'content');
  rmSync(root, { recursive: true, force: true });
  cpSync(FIXTURE_CONTENT, content, { recursive: true });
  return { root, content };
}

/** Replaces `from` (which must occur) by `to` in a file of the content copy. */
function edit(content: string, file: string, from: string, to: string): void {
  const path = join(content, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file}: ${from} not found`);
  writeFileSync(path, next);
}

describe('scripts/check-content.ts', () => {
  const run = (env: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'scripts', 'check-content.ts'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });

  it('exits 1 and prints every problem, then a summary, when there are problems', () => {
    const copy = copyFixture();
    edit(copy.content, 'cards/fix1.json', '"id": "fix1-012",\n    "set": "fix1"', '"id": "fix1-012",\n    "set": "nope"');
    edit(copy.content, 'knowledge/what-is-a-grail.md', 'cards: [fix1-107, base1-4]', 'cards: [fix1-107, base1-999]');
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'check-content.ts')], {
      cwd: copy.root,
      env: { ...process.env, CONTENT_DIR: copy.content },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^content\/cards\/fix1\.json:\d+:\d+ cards\[1\]\.set: no set "nope" in sets\.json$/);
    expect(lines[1]).toBe('content/knowledge/what-is-a-grail.md:9:21 mentions.cards[1]: no card with id "base1-999"');
    expect(lines[2]).toMatch(
      /^check-content: 2 problems in 2 files \(11 cards, 5 sealed products, 5 sets, 3 articles, 6 alias files, 2 change records\) in [\d.]+ s$/,
    );
  });

  it('exits 0 with a one-line summary when there are none', () => {
    const result = run({ CONTENT_DIR: FIXTURE_CONTENT });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^check-content: no problems \(11 cards, .*\) in [\d.]+ s\n$/);
  });

  it('exits 2 on a usage error', () => {
    expect(run({}, '--nope').status).toBe(2);
    expect(run({}, '--dir', join(base, 'nowhere')).status).toBe(2);
  });
});
