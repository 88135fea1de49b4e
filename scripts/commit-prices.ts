/**
 * The daily job's commit: what the catalogue sync, the price import, the figures and the agents' refresh changed
 * (content/, the README's catalogue sentence, config/verified-agents.json) as one commit by the bot, its message the change records it adds in short
 * (the sets the sync added first: "added set Prismatic Evolutions (sv8pt5), 180 cards"). Nothing changed,
 * nothing committed. Pushing is the workflow's (.github/workflows/daily-prices.yml), so this runs the
 * same on a laptop.
 *
 * Usage:  node scripts/commit-prices.ts [--repo DIR]   (DIR defaults to the working directory)
 *         GIT_AUTHOR_NAME / GIT_AUTHOR_EMAIL name the bot (default: github-actions[bot])
 * Exit:   0 committed or nothing to commit, 1 git failed
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { changeSummary, pricesAsOfOf } from '../src/catalogue/catalogue-changes.ts';
import type { ChangeRecord } from '../src/schemas/changes.ts';
import { catalogueOf, readPriceContent } from './lib/price-import.ts';

/**
 * What the daily job may change: anything else in the working tree is not its to commit. The README follows
 * content (its catalogue sentence is written by `npm run facts`), so it counts with the prices.
 */
const PATHS = ['content', 'config/verified-agents.json', 'README.md'];
const BOT = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };

const { values: args } = parseArgs({ options: { repo: { type: 'string' } } });
const repo = resolve(args.repo ?? '.');

function git(...gitArgs: string[]): string {
  const name = process.env.GIT_AUTHOR_NAME ?? BOT.name;
  const email = process.env.GIT_AUTHOR_EMAIL ?? BOT.email;
  const result = spawnSync('git', ['-c', `user.name=${name}`, '-c', `user.email=${email}`, ...gitArgs], { cwd: repo, encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`commit-prices: git ${gitArgs[0]} failed: ${result.stderr.trim()}`);
    process.exit(1);
  }
  return result.stdout;
}

const paths = PATHS.filter((path) => existsSync(join(repo, path)));
const changed = (path: string) => paths.includes(path) && git('status', '--porcelain', '--', path).trim() !== '';
const [content, agents, readme] = PATHS.map(changed);
const prices = content || readme;
if (!prices && !agents) {
  console.log('commit-prices: nothing changed, nothing committed');
  process.exit(0);
}
const catalogue = catalogueOf(readPriceContent(join(repo, 'content')));
const asOf = pricesAsOfOf(catalogue.cards, catalogue.sealed);
// The change records this commit adds or changes: the day's price import's, and the catalogue sync's (the same
// record when both ran on one day), oldest first.
const records = git('status', '--porcelain', '--untracked-files=all', '--', 'content/changes')
  .split('\n')
  .map((line) => /content\/changes\/(\d{4}-\d{2}-\d{2})\.json$/.exec(line.trim())?.[1])
  .filter((day): day is string => day !== undefined)
  .sort()
  .map((day) => JSON.parse(readFileSync(join(repo, 'content', 'changes', `${day}.json`), 'utf8')) as ChangeRecord);
const setsAdded = records.flatMap((record) => record.sets?.added ?? []);
const catalogueWords = setsAdded.length ? `Added ${setsAdded.map((set) => `${set.name} (${set.cards} cards)`).join(', ')}; ` : '';
const subject = prices
  ? `${catalogueWords}Prices as of ${asOf} (TCGplayer, via tcgcsv)${agents ? "; verified agents' keys refreshed" : ''}`
  : "Verified agents' keys refreshed";
const body = records.length
  ? records.flatMap((record, i) => [...(records.length > 1 ? [`${i ? '\n' : ''}${record.asOf}:`] : []), ...changeSummary(record, 3)]).join('\n')
  : prices
    ? 'No change a client would see.'
    : 'npm run agents:refresh: the key directories changed.';
git('add', '--', ...paths);
git('commit', '--quiet', '-m', subject, '-m', body);
console.log(`commit-prices: ${subject}: ${git('rev-parse', '--short', 'HEAD').trim()}`);
