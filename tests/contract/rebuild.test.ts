import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FUNCTION_CHUNKS_DIR, FUNCTION_FILE, LIST_WORKER_FILE, VERIFIED_AGENTS_COPY } from '../../src/server/function-paths.ts';
import { buildSite, FIXTURE_CONTENT, scratchDir } from '../support/fixture-site.ts';

it('a rebuild with unchanged content counts no Markdown tokens again and bundles the same function', () => {
  const first = buildSite('rebuild-fixture', FIXTURE_CONTENT);
  expect(first.status).toBe(0);
  expect(first.output).toMatch(/counted tokens of [1-9]\d* Markdown files, 0 from cache/);
  const functionBytes = readFileSync(join(first.dist, 'server', FUNCTION_FILE));
  const second = buildSite('rebuild-fixture', FIXTURE_CONTENT, { clean: false });
  expect(second.status).toBe(0);
  expect(second.output).toMatch(/counted tokens of 0 Markdown files, [1-9]\d* from cache/);
  // The code did not change, so neither did the function: bundled again, the same bytes.
  expect(readFileSync(join(second.dist, 'server', FUNCTION_FILE)).equals(functionBytes)).toBe(true);
  for (const name of [LIST_WORKER_FILE, VERIFIED_AGENTS_COPY]) expect(existsSync(join(second.dist, 'server', name))).toBe(true);
  expect(readdirSync(join(second.dist, 'server', FUNCTION_CHUNKS_DIR)).length).toBeGreaterThan(0);
  // Another image host is another bundle (the function's Content-Security-Policy names it).
  const third = buildSite('rebuild-fixture', FIXTURE_CONTENT, { clean: false, env: { CARD_IMAGE_HOST: 'https://img.example.com' } });
  expect(third.status).toBe(0);
  const functionFiles = [
    join(third.dist, 'server', FUNCTION_FILE),
    ...readdirSync(join(third.dist, 'server', FUNCTION_CHUNKS_DIR)).map((chunk) => join(third.dist, 'server', FUNCTION_CHUNKS_DIR, chunk)),
  ];
  expect(functionFiles.filter((file) => readFileSync(file, 'utf8').includes('img.example.com'))).not.toEqual([]);
  // The setting is read by the build too (the Content-Security-Policy /openapi.json shows): no output is kept.
  expect(third.output).toMatch(/\(0 of [1-9]\d* records unchanged/);
  expect(readFileSync(join(third.dist, 'client', 'openapi.json'), 'utf8')).toContain('img.example.com');
}, 180_000);

it('a build whose cache folder was deleted trusts nothing of the output it builds over: every record is made and counted again', () => {
  const first = buildSite('rebuild-fixture', FIXTURE_CONTENT);
  expect(first.status).toBe(0);
  rmSync(join(scratchDir('rebuild-fixture'), 'cache'), { recursive: true, force: true });
  const second = buildSite('rebuild-fixture', FIXTURE_CONTENT, { clean: false });
  expect(second.status).toBe(0);
  expect(second.output).toMatch(/\(0 of [1-9]\d* records unchanged/);
  expect(second.output).toMatch(/counted tokens of [1-9]\d* Markdown files, 0 from cache/);
}, 120_000);

afterAll(() => rmSync(scratchDir('rebuild-fixture'), { recursive: true, force: true }));
