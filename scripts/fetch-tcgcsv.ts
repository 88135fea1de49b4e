/**
 * The daily job's first step: downloads the newest day of TCGplayer prices that tcgcsv.com has published, for
 * every TCGplayer group the content holds, into tcgcsv's layout (`<date>/<category>/<groupId>/prices`) for
 * `npm run import -- --tcgcsv DIR` (docs/operations.md). The English sets' groups are in category 3 (Pokémon),
 * the Japanese sets' in 85 ("Pokemon Japan": each Japanese set's `tcgplayerGroupId`, and the groups of its cards'
 * price lines; tcgcsv-days.ts categoryOfGroupIn).
 *
 *   <source>/last-updated.txt                          when tcgcsv last published (e.g. 2025-10-21T20:05:33+0000): the day
 *   <source>/tcgplayer/<category>/groups               the groups it has in a category
 *   <source>/tcgplayer/<category>/<groupId>/prices     one group's prices that day
 *
 * A late source (nothing newer than the content's prices) is exit 3 and a broken one (an error, a timeout, a
 * body that is not a price file) exit 1; either way nothing is left in DIR, so the job commits nothing and the
 * site keeps serving its last build. Groups the content holds that tcgcsv no longer lists are reported, not
 * fetched. Requests go one at a time, each with a timeout and two retries.
 *
 * Usage:  node scripts/fetch-tcgcsv.ts --out DIR [--content DIR] [--source URL]
 *         (DIR's day folders are removed first: it then holds the one day fetched, so the import reads no older day)
 *         (--content defaults to CONTENT_DIR, else content/; --source to TCGCSV_SOURCE, else https://tcgcsv.com)
 * Exit:   0 fetched, 1 the source failed, 2 usage, 3 the source has nothing newer than the content
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pricesAsOfOf } from '../src/catalogue/catalogue-changes.ts';
import { CONTENT_DIR } from '../src/loaders/content-dir.ts';
import { catalogueOf, readPriceContent } from './lib/price-import.ts';
import { getText, SourceFailed } from './lib/source-replies.ts';
import { categoryOfGroupIn, JAPANESE_CATEGORY, PRICE_CATEGORIES, TCGCSV_ORIGIN } from './lib/tcgcsv-days.ts';

const USAGE = 'usage: node scripts/fetch-tcgcsv.ts --out DIR [--content DIR] [--source URL]';
/** Who is asking, as a polite client of a free service says. */
const USER_AGENT = 'card-values-daily-prices/1.0 (+https://github.com/card-values; one request at a time)';

let args: { out?: string; content?: string; source?: string };
try {
  args = parseArgs({ options: { out: { type: 'string' }, content: { type: 'string' }, source: { type: 'string' } } }).values;
} catch (error) {
  console.error(`fetch-tcgcsv: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!args.out) {
  console.error(`fetch-tcgcsv: --out is required\n${USAGE}`);
  process.exit(2);
}
const out = resolve(args.out);
const contentDir = args.content ? resolve(args.content) : CONTENT_DIR;
const source = (args.source ?? process.env.TCGCSV_SOURCE ?? TCGCSV_ORIGIN).replace(/\/+$/, '');

/** One request at a time, with a timeout and two retries, and no longer than any tcgcsv reply is by far (scripts/lib/source-replies.ts). */
const get = (path: string): Promise<string> => getText(`${source}${path}`, USER_AGENT, { bytes: 64 * 1024 * 1024, what: 'a tcgcsv reply' });

function resultsOf(path: string, text: string): Record<string, unknown>[] {
  let json: { success?: unknown; results?: unknown };
  try {
    json = JSON.parse(text);
  } catch {
    throw new SourceFailed(`${source}${path}: not JSON`);
  }
  if (json?.success !== true || !Array.isArray(json.results))
    throw new SourceFailed(`${source}${path}: not a successful reply (success: ${JSON.stringify(json?.success)})`);
  return json.results as Record<string, unknown>[];
}

/** Empties DIR of day folders (and only of them: a DIR given by mistake loses nothing else). */
function removeDays(): void {
  if (!existsSync(out)) return;
  for (const name of readdirSync(out)) if (/^\d{4}-\d{2}-\d{2}$/.test(name)) rmSync(join(out, name), { recursive: true, force: true });
}

async function main(): Promise<number> {
  removeDays();
  const content = readPriceContent(contentDir);
  const catalogue = catalogueOf(content);
  const asOf = pricesAsOfOf(catalogue.cards, catalogue.sealed);
  const stamp = (await get('/last-updated.txt')).trim();
  const published = /^(\d{4}-\d{2}-\d{2})T/.exec(stamp)?.[1];
  if (!published) throw new SourceFailed(`${source}/last-updated.txt: "${stamp.slice(0, 60)}" is not a timestamp`);
  if (published <= asOf) {
    console.error(`fetch-tcgcsv: tcgcsv last published ${stamp}, nothing newer than the content's prices (${asOf}): the source is late, nothing fetched`);
    return 3;
  }
  const held = new Set<number>();
  for (const card of catalogue.cards) for (const line of card.prices) if (line.groupId !== null) held.add(line.groupId);
  for (const product of catalogue.sealed) held.add(product.group.id);
  const categoryOf = categoryOfGroupIn(catalogue);
  for (const set of catalogue.sets) if (set.tcgplayerGroupId) held.add(set.tcgplayerGroupId);
  const day = join(out, published);
  const fetched = new Map<string, number[]>();
  const gone: number[] = [];
  try {
    for (const category of PRICE_CATEGORIES) {
      const ofCategory = [...held].filter((id) => categoryOf(id) === category).sort((a, b) => a - b);
      if (ofCategory.length === 0) continue;
      const groupsPath = `/tcgplayer/${category}/groups`;
      const listed = new Set(resultsOf(groupsPath, await get(groupsPath)).map((g) => g.groupId));
      gone.push(...ofCategory.filter((id) => !listed.has(id)));
      const groups = ofCategory.filter((id) => listed.has(id));
      for (const groupId of groups) {
        const path = `/tcgplayer/${category}/${groupId}/prices`;
        const text = await get(path);
        resultsOf(path, text);
        mkdirSync(join(day, category, String(groupId)), { recursive: true });
        writeFileSync(join(day, category, String(groupId), 'prices'), text);
      }
      fetched.set(category, groups);
    }
  } catch (error) {
    removeDays();
    throw error;
  }
  const count = [...fetched.values()].reduce((sum, groups) => sum + groups.length, 0);
  console.log(`fetch-tcgcsv: ${published} (published ${stamp}), ${count} groups into ${day}; the content was as of ${asOf}`);
  const japanese = fetched.get(JAPANESE_CATEGORY);
  if (japanese) console.log(`  Japanese sets: ${japanese.length} groups of Pokemon Japan (category ${JAPANESE_CATEGORY})`);
  if (gone.length) console.log(`  groups the content holds that tcgcsv no longer lists (not fetched): ${gone.sort((a, b) => a - b).join(', ')}`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (!(error instanceof SourceFailed)) throw error;
  console.error(`fetch-tcgcsv: the source failed, nothing fetched: ${error.message}`);
  process.exitCode = 1;
}
