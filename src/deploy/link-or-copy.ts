import { copyFileSync, linkSync } from 'node:fs';

/** Why a hard link could not be made where copying the bytes still can: another file system, or one without links. */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK']);

/**
 * Puts the file `from` at `to` as a hard link (no bytes copied, the build never written to), or as a copy where
 * a link cannot be made; says which.
 * @example linkOrCopy('dist/client/llms.txt', '.deploy/cloudflare/assets/llms.txt') // 'linked'
 */
export function linkOrCopy(from: string, to: string): 'linked' | 'copied' {
  try {
    linkSync(from, to);
    return 'linked';
  } catch (error) {
    if (!NO_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    copyFileSync(from, to);
    return 'copied';
  }
}
