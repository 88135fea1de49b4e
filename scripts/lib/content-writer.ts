import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Applies a planned set of content files to a folder: dry-run by default (reports
 * what would change), writes with `write: true`. With `prune`, files in the folder
 * that the plan does not name are removed too, so an import is the whole truth for
 * a folder it owns; never prune a folder that holds anything else (content/ itself
 * holds the editors' articles).
 */
export function applyContentPlan(
  root: string,
  files: Map<string, string>,
  { write, prune }: { write: boolean; prune: boolean },
): { added: number; changed: number; removed: number; unchanged: number } {
  const existing = prune && existsSync(root) ? listFiles(root) : [];
  let added = 0,
    changed = 0,
    unchanged = 0,
    removed = 0;
  for (const [rel, text] of files) {
    const abs = join(root, rel);
    const before = existsSync(abs) ? readFileSync(abs, 'utf8') : null;
    if (before === text) {
      unchanged++;
      continue;
    }
    before === null ? added++ : changed++;
    if (write) {
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, text);
    }
  }
  for (const rel of existing) {
    if (files.has(rel)) continue;
    removed++;
    if (write) rmSync(join(root, rel));
  }
  return { added, changed, removed, unchanged };
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(root, join(d.parentPath, d.name)))
    .sort();
}
