import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/**
 * Unpacks a zip archive into `dir`, as a host unpacks a function's archive: every file at its path in the
 * archive. Reads the central directory (stored and deflated entries, what zip archivers write); throws on
 * anything else, or on a name that would leave `dir`.
 * @returns the paths of the files written, relative to `dir`
 */
export function unzip(archive: string, dir: string): string[] {
  const zip = readFileSync(archive);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${archive}: no end of central directory`);
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const written: string[] = [];
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${archive}: bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    if (method !== 0 && method !== 8) throw new Error(`${archive}: ${name} is compressed with method ${method}`);
    const target = resolve(dir, name);
    if (!target.startsWith(resolve(dir) + sep)) throw new Error(`${archive}: ${name} would be written outside ${dir}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, method === 8 ? inflateRawSync(data) : data);
    written.push(name);
  }
  return written;
}
