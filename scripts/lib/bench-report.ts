/** What the benchmark scripts share: robust statistics, figures as they print, a plain table. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The median of timings: the one median rule (src/catalogue/money.ts), which sorts a copy. */
export { median } from '../../src/catalogue/money.ts';

/** The nearest-rank percentile. @example percentile([1, 2, 3, 4], 50) // 2 */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
export const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** Milliseconds, with three decimals below one. */
export const ms = (x: number) => `${x < 1 ? x.toFixed(3) : x.toFixed(1)} ms`;

/** The bytes of every file under `dir` (0 when there is no such folder). */
export function bytesUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Files under a folder, however deep. */
export function filesCountUnder(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile()).length;
}

/** Prints rows as left-aligned columns, two spaces apart. */
export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  for (const row of rows) console.log(`  ${row.map((cell, col) => cell.padEnd(widths[col])).join('  ')}`.trimEnd());
}

/**
 * Figures held to their targets (at most): `check` writes a figure, ✓ or ✗ with the target, and `misses` lists
 * the ones missed, as `label figure > target`.
 * @example const { check, misses } = targetChecks(ms); check('p99', 12, 10) // "12 ms ✗ (target ≤ 10 ms)"
 */
export function targetChecks(format: (value: number) => string): { check: (label: string, value: number, target: number) => string; misses: string[] } {
  const misses: string[] = [];
  const check = (label: string, value: number, target: number) => {
    const ok = value <= target;
    if (!ok) misses.push(`${label} ${format(value)} > ${format(target)}`);
    return `${format(value)} ${ok ? '✓' : `✗ (target ≤ ${format(target)})`}`;
  };
  return { check, misses };
}

/** A command-line option that must be a whole number of at least 1. */
export function positiveInteger(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, not ${value}`);
  return n;
}

/**
 * Runs a benchmark's main: its exit code is what main returns (0 when nothing), and 2 when it throws (the
 * benchmark could not run), with the message printed. A benchmark never fails for a missed target.
 */
export async function runBenchmark(main: () => number | undefined | Promise<number | undefined> | Promise<void> | void): Promise<void> {
  try {
    process.exitCode = (await main()) ?? 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  }
}
