import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite, FIXTURE_CONTENT, scratchDir } from '../support/fixture-site.ts';

/**
 * Bad content fails the build, and the message names the file and the field,
 * so an editor knows what to fix. Each case copies the valid fixture and breaks
 * one thing.
 */
type Mutation = (dir: string) => void;

const editJson =
  // biome-ignore lint/suspicious/noExplicitAny: each test breaks the content JSON in its own way
    (file: string, edit: (data: any) => void): Mutation =>
    (dir) => {
      const path = join(dir, file);
      const data = JSON.parse(readFileSync(path, 'utf8'));
      edit(data);
      writeFileSync(path, JSON.stringify(data));
    };
const editText =
  (file: string, edit: (text: string) => string): Mutation =>
  (dir) => {
    const path = join(dir, file);
    writeFileSync(path, edit(readFileSync(path, 'utf8')));
  };

describe('bad content fails the build with the file and field named', () => {
  afterAll(() => {
    for (const d of ['invalid-content', 'invalid-build']) rmSync(scratchDir(d), { recursive: true, force: true });
  });

  it.each<[string, Mutation, RegExp[]]>([
    [
      'a price that is not a number',
      editJson('cards/base1.json', (cards) => {
        cards[0].prices[0].market = 'cheap';
      }),
      [/cards\/base1\.json/, /prices\.0\.market/],
    ],
    [
      'two price lines of one printing (the same variant, printing and product)',
      editJson('cards/base1.json', (cards) => {
        const charizard = cards.find((c: { id: string }) => c.id === 'base1-4');
        charizard.prices.push({ ...charizard.prices[0], market: 1 });
      }),
      [/cards\/base1\.json/, /prices\.3/, /printing "holofoil" is also prices\[0\]/],
    ],
    [
      'an article marker that cannot be read',
      editText('knowledge/what-is-a-grail.md', (t) => t.replace('grail at :fact[$650]{card=fix1-107}', 'grail at :fact[$650]{card=fix1-107')),
      [/knowledge\/what-is-a-grail\.md:\d+:\d+/, /attributes must end with "}"/],
    ],
    [
      'an article marker naming a fact its front matter does not hold (misspelt, or no longer computed)',
      editText('knowledge/how-values-are-computed.md', (t) => t.replace('Stray listings', 'Of :fact[3]{key=primary_variant_count} printings, stray listings')),
      [/knowledge\/how-values-are-computed\.md:\d+:\d+/, /key=primary_variant_count names no member of the front matter's structured/],
    ],
    [
      'a card naming a set that does not exist',
      editJson('cards/fix1.json', (cards) => {
        cards[1].set = 'nope';
      }),
      [/cards\/fix1\.json/, /"set"/, /nope/],
    ],
    [
      'the same card id in two files',
      editJson('cards/fix1.json', (cards) => {
        cards[0].id = 'base1-4';
      }),
      [/base1-4/, /cards\/base1\.json|cards\/fix1\.json/],
    ],
    [
      'an article without a question',
      editText('knowledge/what-is-a-grail.md', (t) => t.replace(/^question: .*\n/m, '')),
      [/knowledge\/what-is-a-grail\.md/, /question/],
    ],
    [
      'an article with a date that does not exist',
      editText('knowledge/sealed-per-pack.md', (t) => t.replace('last_verified: 2026-11-21', 'last_verified: "2026-02-30"')),
      [/sealed-per-pack\.md/, /last_verified/],
    ],
    [
      'an article with a tag outside the controlled list',
      editText('knowledge/sealed-per-pack.md', (t) => t.replace('[sealed, per-pack, booster-box]', '[sealed, shiny]')),
      [/sealed-per-pack\.md/, /facility_tags/],
    ],
    [
      'an article mentioning a card that does not exist',
      editText('knowledge/what-is-a-grail.md', (t) => t.replace('cards: [fix1-107, base1-4]', 'cards: [fix1-107, base1-999]')),
      [/what-is-a-grail\.md/, /mentions\.cards\[1\]/, /base1-999/],
    ],
  ])(
    '%s',
    (_name, mutate, expected) => {
      const content = scratchDir('invalid-content');
      rmSync(content, { recursive: true, force: true });
      cpSync(FIXTURE_CONTENT, content, { recursive: true });
      mutate(content);
      const build = buildSite('invalid-build', content);
      expect(build.status).not.toBe(0);
      for (const pattern of expected) expect(build.output).toMatch(pattern);
    },
    120_000,
  );
});
