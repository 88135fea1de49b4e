import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { referenceCount, texts } from '../support/token-texts.ts';

/**
 * The memo of pieces outlives the build that made it (CACHE_DIR/markdown-pieces.json): each case runs in a
 * process of its own, as a build and the next one do, since the memo and the tokenizer live in the module.
 */
describe("token counts from the last build's pieces", () => {
  const dir = mkdtempSync(join(tmpdir(), 'token-pieces-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const counter = pathToFileURL(join(import.meta.dirname, '..', '..', 'src', 'pipeline', 'token-counter.ts')).href;
  /** Runs `body` (module code, `counter` the token counter) in a new Node process; returns what it printed as JSON. */
  const inBuild = (body: string): { counts: number[]; loaded: boolean } => {
    const script = `import * as counter from ${JSON.stringify(counter)};\n${body}`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    return JSON.parse(result.stdout);
  };
  const countAll = `console.log(JSON.stringify({ counts: ${JSON.stringify(texts)}.map(counter.countTokens), loaded: counter.tokenizerLoaded() }));`;

  it('a rebuild counts the pieces the last build met without making the tokenizer, and counts what an untouched encoder counts', () => {
    const file = join(dir, 'pieces.json');
    const first = inBuild(`${countAll}\ncounter.writePreTokenCounts(${JSON.stringify(file)});`);
    expect(first.loaded).toBe(true);
    const next = inBuild(`counter.readPreTokenCounts(${JSON.stringify(file)});\n${countAll}`);
    expect(next).toEqual({ counts: texts.map(referenceCount), loaded: false });
  });

  it('a memo of pieces another encoding counted is not read', () => {
    const file = join(dir, 'other-encoding.json');
    writeFileSync(file, JSON.stringify({ encoding: 'another encoding', pieces: [['Charizard', 99]] }));
    expect(inBuild(`counter.readPreTokenCounts(${JSON.stringify(file)});\n${countAll}`)).toEqual({ counts: texts.map(referenceCount), loaded: true });
  });

  it('a memo cut short (a build killed while writing it) is not read, and counting goes on', () => {
    const file = join(dir, 'cut.json');
    inBuild(`${countAll}\ncounter.writePreTokenCounts(${JSON.stringify(file)});`);
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 200));
    expect(inBuild(`counter.readPreTokenCounts(${JSON.stringify(file)});\n${countAll}`)).toEqual({ counts: texts.map(referenceCount), loaded: true });
  });
});
