import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TcgcsvRow } from '../../scripts/lib/tcgcsv-days.ts';
import { ROOT } from './fixture-site.ts';

/** Real tcgcsv files (tests/fixtures/tcgcsv-sample/SOURCE.md): groups 604 and 2848 on 2025-10-19 and 2025-10-20. */
export const TCGCSV_SAMPLE = join(ROOT, 'tests', 'fixtures', 'tcgcsv-sample');

export interface LaterDay {
  /** The sample day it is made from. */
  from: '2025-10-19' | '2025-10-20';
  /** The date it is given. */
  date: string;
  /** A row as it is that day; null leaves the row out (the product was not reported). */
  row?: (row: TcgcsvRow, groupId: number) => TcgcsvRow | null;
}

/**
 * Days after the sample's, in tcgcsv's layout under `dir` (emptied first): each a sample day with its date
 * moved on and its rows as `row` makes them, written as tcgcsv writes them (one JSON line).
 * @example laterDays(dir, [{ from: '2025-10-20', date: '2025-10-22', row: (r) => ({ ...r, marketPrice: 1 }) }])
 */
export function laterDays(dir: string, days: LaterDay[]): string {
  rmSync(dir, { recursive: true, force: true });
  for (const { from, date, row } of days) {
    const category = join(TCGCSV_SAMPLE, from, '3');
    for (const group of readdirSync(category)) {
      const file = JSON.parse(readFileSync(join(category, group, 'prices'), 'utf8')) as { results: TcgcsvRow[] };
      const results = row ? file.results.map((r) => row(r, Number(group))).filter((r) => r !== null) : file.results;
      mkdirSync(join(dir, date, '3', group), { recursive: true });
      writeFileSync(join(dir, date, '3', group, 'prices'), JSON.stringify({ ...file, results }));
    }
  }
  return dir;
}

/** A copy of a content folder to import into. */
export function contentCopy(from: string, to: string): string {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  return to;
}
