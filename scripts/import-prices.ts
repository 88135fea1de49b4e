/**
 * The daily price import: `npm run import -- --tcgcsv DIR [--write] [--allow-older]`. DIR is one day of
 * tcgcsv's layout (`<date>/3/<groupId>/prices`) or a folder of days, imported oldest first
 * (scripts/lib/tcgcsv-days.ts reads them, scripts/lib/price-import.ts lands them on the content). Every file
 * is read and checked, and every day applied in memory, before anything is written: a malformed file or a
 * refused day fails with its path and field, and content/ is left as it was. Dry run by default, as the
 * catalogue import is; --write writes the changed card and sealed files and each day's change record
 * (content/changes/<date>.json, what the change feed serves).
 *
 * Exit: 0 done, 1 a file is missing or malformed, or a day was refused.
 */
import { changeSummary } from '../src/catalogue/catalogue-changes.ts';
import type { ChangeRecord } from '../src/schemas/changes.ts';
import { applyContentPlan } from './lib/content-writer.ts';
import { formatJson } from './lib/format-json.ts';
import { applyDay, changedFiles, type DayReport, mergeChangeRecords, RefusedDay, readChangeRecord, readPriceContent } from './lib/price-import.ts';
import { JAPANESE_CATEGORY, readTcgcsvDays, TcgcsvError } from './lib/tcgcsv-days.ts';

/** How many unknown product ids a report lists per group before it says "and N more". */
const LISTED = 12;

export interface PriceImportOptions {
  tcgcsv: string;
  contentDir: string;
  write: boolean;
  allowOlder: boolean;
}

/** Runs the import and prints what it did; the exit code. */
export function importPrices({ tcgcsv, contentDir, write, allowOlder }: PriceImportOptions): number {
  try {
    const days = readTcgcsvDays(tcgcsv);
    const content = readPriceContent(contentDir);
    const records = new Map<string, ChangeRecord>();
    for (const day of days) {
      const report = applyDay(content, day, { allowOlder });
      for (const line of reportLines(report)) console.log(line);
      if (!report.changes) continue;
      const path = `changes/${report.changes.asOf}.json`;
      const earlier = records.get(path) ?? readChangeRecord(contentDir, report.changes.asOf);
      records.set(path, earlier ? mergeChangeRecords(earlier, report.changes) : report.changes);
    }
    const files = changedFiles(content);
    for (const [path, record] of records) files.set(path, `${formatJson(record)}\n`);
    const summary = applyContentPlan(contentDir, files, { write, prune: false });
    console.log(`import-prices: ${days.length} day(s); files: ${summary.added} added, ${summary.changed} changed`);
    if (!write) console.log('dry run: nothing written (pass --write to write content/)');
    return 0;
  } catch (error) {
    if (!(error instanceof TcgcsvError || error instanceof RefusedDay)) throw error;
    console.error(`import-prices: ${error.message}\nnothing was written`);
    return 1;
  }
}

function reportLines(report: DayReport): string[] {
  const unknown = [...report.unknownProducts].sort(([a], [b]) => a - b);
  const unknownCount = unknown.reduce((sum, [, ids]) => sum + ids.length, 0);
  const lines = [
    `${report.date}: ${report.rows} rows; ${report.repriced} price lines repriced, ${report.confirmed} confirmed; ` +
      `${report.historyDays} history days set; ${unknownCount} products not in content, ${report.unknownPrintings.length} printings not listed` +
      (report.repeated ? `; ${report.repeated} repeated rows ignored` : ''),
  ];
  const japanese = report.byCategory.get(JAPANESE_CATEGORY);
  if (japanese) {
    lines.push(
      `  Japanese sets (Pokemon Japan, category ${JAPANESE_CATEGORY}): ${japanese.groups} groups, ${japanese.rows} rows; ${japanese.repriced} price lines repriced, ` +
        `${japanese.confirmed} confirmed; ${japanese.historyDays} history days set; ${japanese.unknownProducts} products not in content` +
        (report.finishesTaken.length ? `; ${report.finishesTaken.length} listed printings took TCGplayer's finish` : ''),
    );
  }
  for (const { cardId, productId, from, to } of report.finishesTaken.slice(0, LISTED)) {
    lines.push(`  ${cardId}: product ${productId} is sold as ${to}, not ${from} as TCGdex has it: its line took TCGplayer's finish`);
  }
  for (const [group, ids] of unknown) {
    const more = ids.length > LISTED ? ` and ${ids.length - LISTED} more` : '';
    lines.push(`  group ${group}: products not in content: ${ids.slice(0, LISTED).join(', ')}${more}`);
  }
  for (const { productId, subTypeName } of report.unknownPrintings.slice(0, LISTED)) {
    lines.push(`  product ${productId}: printing "${subTypeName}" is not one its card lists`);
  }
  if (report.changes) for (const line of changeSummary(report.changes)) lines.push(`  ${line}`);
  else lines.push('  no change a client would see');
  return lines;
}
