import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A copy of the repository outside it, for a script that runs the repository's own commands on content they then
 * change (scripts/replay-daily-job.ts): the files git tracks, as they are on disk (edits not yet committed
 * included, so it works on a laptop as in CI), committed once in a git repository of its own, so that the copy's
 * commands commit as they would in a clone. The installed packages are linked, one link a package, not copied: the
 * copy's caches (Astro's `node_modules/.astro`, Node's compile cache in `node_modules/.cache`) are its own, and the
 * repository's are left as they were.
 */

/** What a copy's first commit is made by: no one's identity but its own. */
const EDITOR = ['-c', 'user.name=replay', '-c', 'user.email=replay@localhost'];

/** Copies the repository at `root` into `into` (made, and expected empty); throws naming git's complaint. */
export function copyRepository(root: string, into: string): { files: number } {
  const tracked = git(root, 'ls-files', '-z', '--cached').split('\0').filter(Boolean);
  let files = 0;
  for (const path of tracked) {
    const from = join(root, path);
    // A tracked file deleted in the working tree is deleted in the copy too.
    if (!existsSync(from)) continue;
    const to = join(into, path);
    mkdirSync(dirname(to), { recursive: true });
    if (lstatSync(from).isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else copyFileSync(from, to);
    files++;
  }
  linkPackages(join(root, 'node_modules'), join(into, 'node_modules'));
  git(into, 'init', '--quiet');
  git(into, 'add', '--all');
  git(into, ...EDITOR, 'commit', '--quiet', '--no-verify', '-m', 'the repository, copied');
  return { files };
}

/** One link per installed package (scoped folders and `.bin` included), not the caches the copy's commands write. */
function linkPackages(from: string, to: string): void {
  if (!existsSync(from)) throw new Error(`${from}: no installed packages (run npm install first)`);
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name === '.cache' || name === '.astro' || name === '.vite') continue;
    symlinkSync(join(from, name), join(to, name));
  }
}

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} in ${cwd}: ${run.stderr.trim() || `exit ${run.status}`}`);
  return run.stdout;
}
