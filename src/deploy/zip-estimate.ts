import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';

/** A zip's bytes for one entry beside its compressed data: local header, data descriptor, central directory entry. */
const ENTRY_OVERHEAD = 30 + 16 + 46;
/** The end of central directory record. */
const END_RECORD = 22;

/**
 * The size of a zip of these files, each deflated at zlib's fastest level as the archiver Netlify's packager uses
 * deflates (archiver's compress-commons, whose default is Z_BEST_SPEED; a file that does not shrink is still
 * counted deflated, as that archiver stores it), named by its path
 * relative to `base`. An estimate within a few per cent (tests/deploy/netlify-function.test.ts compares it with the
 * packager's archive): what a host's limit on zipped functions is checked against before anything is written.
 */
export function zippedBytes(base: string, files: string[]): number {
  let total = END_RECORD;
  for (const file of files) {
    const name = relative(base, file);
    total += deflateRawSync(readFileSync(file), { level: constants.Z_BEST_SPEED }).byteLength + ENTRY_OVERHEAD + 2 * Buffer.byteLength(name);
  }
  return total;
}
