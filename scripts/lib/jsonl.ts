import { readFileSync } from 'node:fs';

/** Reads a JSON Lines file into an array; a bad line names the file and line number. */
export function readJsonl<T>(file: string): T[] {
  const out: T[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      try {
        out.push(JSON.parse(line) as T);
      } catch (error) {
        throw new Error(`${file}:${i + 1}: not JSON (${(error as Error).message})`);
      }
    });
  return out;
}
