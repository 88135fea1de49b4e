/**
 * The catalogue sync: adds to content/ the sets and cards it lacks from TCGdex's public API, and the sealed
 * products it lacks of those sets from tcgcsv's product lists, so that a set released last week reaches the site
 * through the daily job (docs/operations.md) with no hand edit. The rules (docs/data.md, "The catalogue sync"):
 *
 *   1. TCGdex `GET sets`; each set of a followed series (src/catalogue/tcgdex-ids.ts TCGDEX_SERIES) `GET sets/<id>`,
 *      our id by the stated rule (sv08.5 → sv8pt5); each card content lacks, or holds with no price line,
 *      `GET cards/<id>`, converted as the newer sets were (scripts/lib/tcgdex-convert.ts), with an unpriced line
 *      for each printing TCGdex ties to a TCGplayer product, which the next daily price import prices.
 *   2. tcgcsv `tcgplayer/3/groups` and `tcgplayer/3/<groupId>/products` of the new sets' groups and of the sets
 *      released in the last year: each product with no card number that content lacks, its kind and packs read
 *      from its name (scripts/lib/sealed-kinds.ts).
 *   1b. TCGdex's Japanese answers (`/ja/`): each set of a followed series (TCGdex's SV and M), our id `jp-` and its
 *      id lower-cased, with the cards content lacks, their English names only where content's Japanese cards of the
 *      same Japanese name give one; each new set's English name and group from tcgcsv `tcgplayer/85/groups` ("Pokemon
 *      Japan") (scripts/lib/japanese-sync.ts).
 *   3. The change record of the day (content/changes/<date>.json): the sets, cards and products added; and each
 *      set added its entry in content/aliases/sets.json (one a set), with no alias yet.
 *
 * It only adds: a field content holds is never overwritten (differences are reported), and nothing is removed.
 * A second run adds nothing. Every reply is read and checked before anything is written: a malformed one fails
 * naming the file or URL and the field, and content/ is left as it was.
 *
 * Usage:  node scripts/catalogue-sync.ts [--write] [--tcgdex DIR|URL] [--tcgdex-ja DIR|URL] [--no-japanese]
 *                                        [--tcgcsv DIR|URL] [--no-sealed] [--content DIR] [--date YYYY-MM-DD] [--compare]
 *         (dry run by default; --tcgdex DIR reads saved replies: DIR/sets.json, DIR/sets/<setId>.json,
 *          DIR/cards/<cardId>.json; --tcgcsv DIR reads DIR/tcgplayer/3/groups and DIR/tcgplayer/3/<groupId>/products;
 *          the defaults are https://api.tcgdex.net/v2/en (TCGDEX_SOURCE) and https://tcgcsv.com (TCGCSV_SOURCE);
 *          --tcgdex-ja is TCGdex's Japanese answers in the same layout (TCGDEX_JA_SOURCE), by default
 *          https://api.tcgdex.net/v2/ja when the English source is its default too, else not read (so that a sync
 *          on saved replies never reaches the network); the "Pokemon Japan" groups are read from --tcgcsv;
 *          --date is the day of the sync, today (UTC) by default; --compare reads every card of the followed sets
 *          and reports every field that differs)
 * Exit:   0 done, 1 a source failed or a reply is malformed (nothing written), 2 usage
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setsSummary } from '../src/catalogue/catalogue-changes.ts';
import { JAPANESE_TCGDEX_SERIES, TCGDEX_SERIES } from '../src/catalogue/tcgdex-ids.ts';
import { CONTENT_DIR } from '../src/loaders/content-dir.ts';
import { isoDate } from '../src/schemas/common.ts';
import { planSync, type SyncReport } from './lib/catalogue-sync.ts';
import { applyContentPlan } from './lib/content-writer.ts';
import { readChangeRecord, readPriceContent } from './lib/price-import.ts';
import { ReplyError, replySource, SourceFailed } from './lib/source-replies.ts';
import { JAPANESE_CATEGORY, TCGCSV_ORIGIN } from './lib/tcgcsv-days.ts';
import { tcgcsvReader } from './lib/tcgcsv-products.ts';
import { TCGDEX_JA_ORIGIN, TCGDEX_ORIGIN, tcgdexReader } from './lib/tcgdex-replies.ts';

const USAGE =
  'usage: node scripts/catalogue-sync.ts [--write] [--tcgdex DIR|URL] [--tcgdex-ja DIR|URL] [--no-japanese] [--tcgcsv DIR|URL] [--no-sealed] [--content DIR] [--date YYYY-MM-DD] [--compare]';
/** Who is asking, as a polite client of a free service says. */
const USER_AGENT = 'card-values-catalogue-sync/1.0 (+https://github.com/card-values; one request at a time)';
/** How many lines of each list the report prints before it says "and N more". */
const LISTED = 12;

let args: {
  write: boolean;
  tcgdex?: string;
  'tcgdex-ja'?: string;
  japanese: boolean;
  tcgcsv?: string;
  sealed: boolean;
  content?: string;
  date?: string;
  compare: boolean;
};
try {
  args = parseArgs({
    allowNegative: true,
    options: {
      write: { type: 'boolean', default: false },
      tcgdex: { type: 'string' },
      'tcgdex-ja': { type: 'string' },
      japanese: { type: 'boolean', default: true },
      tcgcsv: { type: 'string' },
      sealed: { type: 'boolean', default: true },
      content: { type: 'string' },
      date: { type: 'string' },
      compare: { type: 'boolean', default: false },
    },
  }).values as typeof args;
} catch (error) {
  console.error(`catalogue-sync: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const date = args.date ?? new Date().toISOString().slice(0, 10);
if (!isoDate.safeParse(date).success) {
  console.error(`catalogue-sync: --date "${date}" is not a date (YYYY-MM-DD)\n${USAGE}`);
  process.exit(2);
}
const contentDir = args.content ? resolve(args.content) : CONTENT_DIR;
/** A folder is resolved from here; a URL is used as it is. */
const located = (location: string) => (/^https?:\/\//.test(location) ? location : resolve(location));
const tcgdexSource = args.tcgdex ?? process.env.TCGDEX_SOURCE;
const tcgdex = tcgdexReader(replySource(located(tcgdexSource ?? TCGDEX_ORIGIN), USER_AGENT));
const tcgcsvSource = replySource(located(args.tcgcsv ?? process.env.TCGCSV_SOURCE ?? TCGCSV_ORIGIN), USER_AGENT);
const tcgcsv = args.sealed ? tcgcsvReader(tcgcsvSource) : null;
const japaneseSource = args['tcgdex-ja'] ?? process.env.TCGDEX_JA_SOURCE ?? (tcgdexSource === undefined ? TCGDEX_JA_ORIGIN : undefined);
const japanese =
  args.japanese && japaneseSource !== undefined
    ? { tcgdex: tcgdexReader(replySource(located(japaneseSource), USER_AGENT)), groups: tcgcsvReader(tcgcsvSource, JAPANESE_CATEGORY).groups }
    : undefined;

/** A list's first LISTED items, and how many more. */
const some = (items: readonly string[]) => `${items.slice(0, LISTED).join(', ')}${items.length > LISTED ? ` and ${items.length - LISTED} more` : ''}`;

function reportLines(report: SyncReport): string[] {
  const lines = [
    `1. TCGdex: ${report.setsRead} sets read in the followed series (${Object.values(TCGDEX_SERIES).join(', ')}); ` +
      `${report.notFollowed.length} sets of other series not read (a new series is one line in src/catalogue/tcgdex-ids.ts)`,
    japaneseLine(report.japanese),
    `2. tcgcsv: ${report.groupsRead.length} groups read for sealed products${report.groupsRead.length ? ` (${report.groupsRead.join(', ')})` : ''}` +
      (report.groupsNotListed.length ? `; not listed by tcgcsv: ${report.groupsNotListed.join(', ')}` : ''),
    ...setsSummary({ sets: { added: report.setsAdded } }),
  ];
  if (report.cardsAdded.length) lines.push(`added ${report.cardsAdded.length} cards to sets content held: ${some(report.cardsAdded)}`);
  if (report.linesListed.length) {
    const lines_ = report.linesListed.reduce((sum, card) => sum + card.lines, 0);
    lines.push(`listed ${lines_} printings (unpriced) on ${report.linesListed.length} cards that had none: ${some(report.linesListed.map((c) => c.id))}`);
  }
  if (report.sealedAdded.length)
    lines.push(`added ${report.sealedAdded.length} sealed products: ${some(report.sealedAdded.map((p) => `${p.name} (${p.productId})`))}`);
  if (report.heldBack.length) lines.push(`held back (${report.heldBack.length}): ${some(report.heldBack)}`);
  if (report.differences.length) lines.push(`differences, kept as content has them (${report.differences.length}): ${some(report.differences)}`);
  if (!report.changes && !report.linesListed.length) lines.push('nothing to add');
  return lines;
}

/** What the sync did for the Japanese sets, in one line. */
function japaneseLine(japanese: SyncReport['japanese']): string {
  if (!japanese)
    return `1b. TCGdex (Japanese): not read (${args.japanese ? 'no --tcgdex-ja or TCGDEX_JA_SOURCE beside a TCGdex source of saved replies' : '--no-japanese'})`;
  const cards = japanese.setsAdded.reduce((sum, set) => sum + set.cards, 0) + japanese.cardsAdded.length;
  return (
    `1b. TCGdex (Japanese): ${japanese.setsRead} sets read (${Object.values(JAPANESE_TCGDEX_SERIES).join(', ')}); ` +
    `${japanese.setsAdded.length} Japanese sets added (${japanese.setsAdded.map((set) => set.id).join(', ') || 'none'}), ` +
    `${cards} Japanese cards added (${japanese.named} with an English name, ${japanese.unnamed} with their Japanese name alone)` +
    (japanese.cardsAdded.length ? `, of which ${japanese.cardsAdded.length} to sets content held: ${some(japanese.cardsAdded)}` : '')
  );
}

try {
  const content = readPriceContent(contentDir);
  const { files, report } = await planSync(content, tcgdex, tcgcsv, {
    date,
    changeRecordOf: (asOf) => readChangeRecord(contentDir, asOf),
    compare: args.compare,
    japanese,
    setAliases: existsSync(join(contentDir, 'aliases', 'sets.json')) ? readFileSync(join(contentDir, 'aliases', 'sets.json'), 'utf8') : undefined,
  });
  for (const line of reportLines(report)) console.log(`catalogue-sync: ${line}`);
  const summary = applyContentPlan(contentDir, files, { write: args.write, prune: false });
  console.log(`catalogue-sync: files: ${summary.added} added, ${summary.changed} changed`);
  if (!args.write) console.log('dry run: nothing written (pass --write to write content/)');
} catch (error) {
  if (!(error instanceof ReplyError || error instanceof SourceFailed)) throw error;
  console.error(`catalogue-sync: ${error.message}\nnothing was written`);
  process.exitCode = 1;
}
