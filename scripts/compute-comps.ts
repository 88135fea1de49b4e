/**
 * Recomputes the graded comps that knowledge articles quote. Every article in
 * content/knowledge whose front matter has a line
 *     comps: {"psa_10_multiplier": ..., "scope": "vintage", ...}
 * (one line of JSON inside `structured:`) gets that line replaced by a fresh
 * computeComps(cards, scope) from content/cards, keys in a fixed order. Only the
 * "scope" of the old line is read; every other member is recomputed.
 *
 * Usage:  node scripts/compute-comps.ts [--write] [--check] [--dir DIR]
 *         dry run by default: prints which articles would change
 *         --write  rewrites the comps lines
 *         --check  exits 2 when any article would change (for CI)
 * Exit:   0 done (or up to date), 1 an article's comps line is not valid JSON or
 *         names no known scope (message names the file), 2 --check found stale comps
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { COMPS_SCOPES, computeComps, isCompsScope } from '../src/catalogue/comps.ts';
import { loadCards } from './lib/content-cards.ts';

const { values: args } = parseArgs({
  options: {
    write: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    dir: { type: 'string', default: 'content/knowledge' },
  },
});
const DIR = resolve(args.dir!);

/** The comps line as the schema nests it: two spaces in, under `structured:`. */
const COMPS_LINE = /^( {2}comps: )(.*)$/m;

function fail(message: string): never {
  console.error(`compute-comps: ${message}`);
  process.exit(1);
}

console.log('1. loading cards');
const cards = loadCards();
console.log(`   ${cards.length} cards, ${cards.filter((c) => c.graded).length} with graded figures`);

console.log('2. recomputing comps lines');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.md'))
  .sort();
const changed: string[] = [];
const byScope = new Map<string, number>();
for (const file of files) {
  const path = join(DIR, file);
  const text = readFileSync(path, 'utf8');
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const match = frontMatter && COMPS_LINE.exec(frontMatter[1]);
  if (!match) continue;

  let scope: unknown;
  try {
    scope = JSON.parse(match[2]).scope;
  } catch {
    fail(`${file}: the comps line is not one line of JSON`);
  }
  if (!isCompsScope(scope)) {
    fail(`${file}: comps "scope" must be one of ${Object.keys(COMPS_SCOPES).join(', ')}, got ${JSON.stringify(scope)}`);
  }
  const line = `${match[1]}${JSON.stringify(computeComps(cards, scope))}`;
  byScope.set(scope, (byScope.get(scope) ?? 0) + 1);
  if (line === match[0]) continue;

  changed.push(file);
  // Replace inside the front matter only, so a body that quotes such a line is left alone.
  const updated = text.replace(
    frontMatter[0],
    frontMatter[0].replace(match[0], () => line),
  );
  if (args.write) writeFileSync(path, updated);
}

const scopes = [...byScope].map(([s, n]) => `${s} ${n}`).join(', ') || 'none';
console.log(`3. summary: ${files.length} articles, comps in ${[...byScope.values()].reduce((a, b) => a + b, 0)} (${scopes})`);
if (changed.length === 0) {
  console.log('   all comps are up to date');
} else {
  console.log(`   ${args.write ? 'rewrote' : 'would rewrite'} ${changed.length}: ${changed.join(', ')}`);
  if (!args.write) console.log('   run with --write to apply');
  if (args.check && !args.write) process.exit(2);
}
