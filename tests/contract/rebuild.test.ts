import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildSite, FIXTURE_CONTENT, scratchDir } from '../support/fixture-site.ts';

it('a rebuild with unchanged content counts no Markdown tokens again', () => {
  const first = buildSite('rebuild-fixture', FIXTURE_CONTENT);
  expect(first.status).toBe(0);
  expect(first.output).toMatch(/counted tokens of [1-9]\d* Markdown files, 0 from cache/);
  const second = buildSite('rebuild-fixture', FIXTURE_CONTENT, { clean: false });
  expect(second.status).toBe(0);
  expect(second.output).toMatch(/counted tokens of 0 Markdown files, [1-9]\d* from cache/);
}, 120_000);

it('a build whose cache folder was deleted takes the token counts of unchanged Markdown from the output it builds over', () => {
  const first = buildSite('rebuild-fixture', FIXTURE_CONTENT);
  expect(first.status).toBe(0);
  rmSync(join(scratchDir('rebuild-fixture'), 'cache'), { recursive: true, force: true });
  const second = buildSite('rebuild-fixture', FIXTURE_CONTENT, { clean: false });
  expect(second.status).toBe(0);
  // Every record is made again (the build state went with the cache), but no Markdown file is counted again.
  expect(second.output).toMatch(/\(0 of [1-9]\d* records unchanged/);
  expect(second.output).toMatch(/counted tokens of 0 Markdown files, [1-9]\d* from cache/);
}, 120_000);

afterAll(() => rmSync(scratchDir('rebuild-fixture'), { recursive: true, force: true }));
