import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ChangeRecord } from '../schemas/changes.ts';
import { changeRecordSchema } from '../schemas/changes.ts';
import { readValidatedJson } from './validated-json.ts';

/**
 * The files of <content>/changes/, each validated, newest first. A missing
 * folder means no import has changed anything yet; a malformed file fails with
 * the file and the field named, and a file must be named after its `asOf`.
 * @example readChangeContent('content')[0].asOf // '2025-10-20'
 */
export function readChangeContent(contentDir: string): ChangeRecord[] {
  const dir = join(contentDir, 'changes');
  if (!existsSync(dir)) return [];
  const records: ChangeRecord[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (!name.endsWith('.json')) throw new Error(`${path}: not a change record (content/changes/ holds <date>.json files only)`);
    const record = readValidatedJson(path, changeRecordSchema);
    if (name !== `${record.asOf}.json`) throw new Error(`${path}: asOf: "${record.asOf}" but the file must be named after it (${record.asOf}.json)`);
    records.push(record);
  }
  return records.sort((a, b) => (a.asOf < b.asOf ? 1 : a.asOf > b.asOf ? -1 : 0));
}
