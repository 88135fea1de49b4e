/** What the benchmark scripts share: robust statistics and a plain table. */

/** @example median([3, 1, 2]) // 2 */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** The nearest-rank percentile. @example percentile([1, 2, 3, 4], 50) // 2 */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

export const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** Prints rows as left-aligned columns, two spaces apart. */
export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
  for (const row of rows) console.log(`  ${row.map((cell, col) => cell.padEnd(widths[col])).join('  ')}`.trimEnd());
}
