import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type FileInfo, type FileManifest, MANIFEST_FILE } from '../http/file-manifest.ts';

/**
 * What an incremental build knows of the build before it, kept in CACHE_DIR/build-state.json: the code version it was
 * made with, the hash of the manifest it ended with, and for each group of files the key of what it was made from.
 * Its files are trusted only when the output folder still holds that build (the manifest on disk hashes to what the
 * state says): then a group whose key is unchanged is kept as it is on disk, and a file whose new bytes equal the old
 * is not written again, so mtimes and ETags of unchanged files survive and a deploy uploads only what changed.
 */
export const BUILD_STATE_FILE = 'build-state.json';

export interface BuildState {
  codeVersion: string;
  /** SHA-256 of the manifest file the build wrote. */
  manifestHash: string;
  /** Group name → [key, the paths of its files]. */
  groups: Record<string, [key: string, paths: string[]]>;
}

/**
 * A line of a build route's answer that names a group: its key and the paths of its files (a made group's files have
 * lines of their own, their manifest entries; a kept group's are taken over from the previous manifest). A file of
 * the server folder (not in the manifest) is named with SERVER_FILE; a kept one stays on disk as it was.
 */
export interface GroupLine {
  group: string;
  key: string;
  files: string[];
  /** Whether the files were taken over from the previous build rather than made. */
  kept: boolean;
}

export interface PreviousBuild {
  /** The previous build's manifest entry of a file, when its bytes are still on disk as then. */
  file(path: string): FileInfo | undefined;
  /** The paths of the files of a group whose key is unchanged (each still in the previous manifest). */
  group(name: string, key: string): string[] | undefined;
}

/** How a group names a file of the server folder (`server:/search/cards.pack`); the client folder's are their URL paths. */
export const SERVER_FILE = 'server:';

/** The path in the server folder of a group's file named with SERVER_FILE, or undefined for a client file. */
export const serverFileOf = (file: string): string | undefined => (file.startsWith(SERVER_FILE) ? file.slice(SERVER_FILE.length) : undefined);

/** Whether a group is a record's (named by its page's URL path: `/cards/…`) or a whole-catalogue output's (`output:search`). */
export const isRecordGroup = (name: string): boolean => name.startsWith('/');

const NOTHING: PreviousBuild = { file: () => undefined, group: () => undefined };

export const hashOf = (text: string | Buffer): string => createHash('sha256').update(text).digest('base64url');

/** The key of what something is made from: a hash over several texts, each hashed in full with a separator. */
export function contentKey(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url');
}

/** The state file, and the manifest it was written with when the output folder still holds it (its hash is the state's). */
function previousBuildOf(stateFile: string, serverDir: string): { state: BuildState; files: FileManifest['files'] } | undefined {
  const manifestPath = join(serverDir, MANIFEST_FILE);
  if (!existsSync(stateFile) || !existsSync(manifestPath)) return undefined;
  let state: BuildState;
  try {
    state = JSON.parse(readFileSync(stateFile, 'utf8')) as BuildState;
  } catch {
    return undefined;
  }
  const manifestText = readFileSync(manifestPath);
  if (typeof state.groups !== 'object' || state.manifestHash !== hashOf(manifestText)) return undefined;
  return { state, files: (JSON.parse(manifestText.toString('utf8')) as FileManifest).files };
}

/** The build before this one, if its state and its output are both there and made by the same code. */
export function readPreviousBuild(stateFile: string, serverDir: string, codeVersion: string): PreviousBuild {
  const previous = previousBuildOf(stateFile, serverDir);
  if (!previous) return NOTHING;
  const { state, files } = previous;
  const sameCode = state.codeVersion === codeVersion;
  return {
    file: (path) => files[path],
    group(name, key) {
      const entry = state.groups[name];
      if (!sameCode || !entry || entry[0] !== key) return undefined;
      // A group's client files are in the manifest the state was written with, which the hash above says is the
      // one on disk; the server folder's are not in it.
      const present = (path: string) => {
        const server = serverFileOf(path);
        return server === undefined || existsSync(join(serverDir, server));
      };
      return entry[1].every(present) ? entry[1] : undefined;
    },
  };
}

/**
 * The previous build's manifest entries, when its state says the output folder holds that build (any code version):
 * what the client folder holds, and the entries of the files that kept groups take over.
 */
export const readPreviousFiles = (stateFile: string, serverDir: string): FileManifest['files'] | undefined => previousBuildOf(stateFile, serverDir)?.files;

export function writeBuildState(stateFile: string, state: BuildState): void {
  mkdirSync(dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, JSON.stringify(state));
}
