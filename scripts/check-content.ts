/**
 * Checks content/ in seconds, without building: every record against the
 * schemas, the references between collections, the search aliases and the
 * graded comps of articles (src/check/content-check.ts). Prints every problem as
 *     content/cards/base1.json:123:7 cards[4].prices[0].market: Invalid input: expected number, received string
 * sorted by file and line, then a one-line summary with the time taken.
 *
 * Usage:  node scripts/check-content.ts [--dir DIR]
 *         DIR defaults to CONTENT_DIR, else content/
 * Exit:   0 no problems, 1 problems found, 2 usage error (unknown option, no such folder)
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_DIR } from '../src/loaders/content-dir.ts';

const USAGE = 'usage: node scripts/check-content.ts [--dir DIR]   (DIR defaults to CONTENT_DIR, else content/)';

function usageError(message: string): never {
  console.error(`check-content: ${message}\n${USAGE}`);
  process.exit(2);
}

let args: { dir?: string; help?: boolean };
try {
  args = parseArgs({ options: { dir: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: false }).values;
} catch (error) {
  usageError((error as Error).message);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const dir = args.dir === undefined ? CONTENT_DIR : resolve(args.dir);
if (!existsSync(dir) || !statSync(dir).isDirectory()) usageError(`no content folder at ${dir}`);

// Loaded after the arguments are read, so a usage error answers at once.
const { checkContent, formatProblem } = await import('../src/check/content-check.ts');
const { problems, counts } = checkContent(dir);
for (const problem of problems) console.log(formatProblem(problem));

const seconds = (performance.now() / 1000).toFixed(2);
const files = new Set(problems.map((p) => p.file)).size;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const checked = [
  plural(counts.cards, 'card'),
  plural(counts.sealed, 'sealed product'),
  plural(counts.sets, 'set'),
  plural(counts.articles, 'article'),
  plural(counts.aliasFiles, 'alias file'),
  plural(counts.changeRecords, 'change record'),
].join(', ');
console.log(
  problems.length
    ? `check-content: ${plural(problems.length, 'problem')} in ${plural(files, 'file')} (${checked}) in ${seconds} s`
    : `check-content: no problems (${checked}) in ${seconds} s`,
);
process.exitCode = problems.length ? 1 : 0;
