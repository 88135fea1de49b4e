/**
 * Refreshes the verified-agent allowlist (config/verified-agents.json) from the
 * key directories of the agents listed in config/agent-directories.json, each
 * checked as the directory draft asks (scripts/lib/directory-refresh.ts).
 * This is the only code that fetches a directory: the server reads the file at
 * start and never fetches. The daily job runs it (docs/operations.md).
 *
 * An agent whose directory cannot be fetched or fails a check keeps its last
 * good keys (minus any that have expired since) and is reported. The file is
 * rewritten only when its bytes change, so an unchanged refresh leaves git clean.
 *
 * Usage:  node scripts/agents-refresh.ts [--directories FILE] [--out FILE] [--strict]
 *         (defaults: config/agent-directories.json, config/verified-agents.json)
 * Exit:   0 refreshed (some agents may have failed: see the summary),
 *         1 every listed agent failed, or with --strict any agent failed (the file
 *           is still written: keys past their exp are dropped either way),
 *         2 usage, or a list or allowlist file that is unreadable or malformed
 *           (nothing is written)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { agentDirectoryOf } from '../src/web-bot-auth/agent-directory.ts';
import { agentDirectoriesOf, outcomeSummary, refreshVerifiedAgents, verifiedAgentsJson } from './lib/directory-refresh.ts';

const USAGE = 'usage: node scripts/agents-refresh.ts [--directories config/agent-directories.json] [--out config/verified-agents.json] [--strict]';

function exit(code: number, message: string): never {
  console.error(`agents-refresh: ${message}`);
  process.exit(code);
}

function parse() {
  try {
    return parseArgs({
      options: {
        directories: { type: 'string', default: 'config/agent-directories.json' },
        out: { type: 'string', default: 'config/verified-agents.json' },
        strict: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return exit(2, `${(error as Error).message}\n${USAGE}`);
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return exit(2, `cannot read ${file}: ${(error as Error).message}`);
  }
}

const args = parse();
const listFile = args.directories!;
const outFile = args.out!;
let listed: ReturnType<typeof agentDirectoriesOf>;
let current: Record<string, unknown>;
try {
  listed = agentDirectoriesOf(readJson(listFile), listFile);
  // A new allowlist starts empty; an existing one must be sound, or its snapshots could not be kept.
  current = existsSync(outFile) ? (readJson(outFile) as Record<string, unknown>) : {};
  agentDirectoryOf(current, outFile);
} catch (error) {
  exit(2, (error as Error).message);
}

console.log(`1. ${listed.length} agents listed in ${listFile}; fetching their key directories`);
const { snapshot, outcomes } = await refreshVerifiedAgents(listed, current);
for (const outcome of outcomes) console.log(`   ${outcomeSummary(outcome)}`);

const json = verifiedAgentsJson(snapshot);
// The checks above admit only Ed25519 public keys; this makes sure the server will load what is written.
agentDirectoryOf(snapshot, outFile);
const unchanged = existsSync(outFile) && readFileSync(outFile, 'utf8') === json;
if (!unchanged) writeFileSync(outFile, json);
const keys = Object.entries(snapshot).reduce((sum, [name, jwks]) => sum + (name.startsWith('$') ? 0 : (jwks as { keys: unknown[] }).keys.length), 0);
console.log(
  `2. ${outFile} ${unchanged ? 'unchanged' : 'written'}: ${Object.keys(snapshot).filter((name) => !name.startsWith('$')).length} agents, ${keys} keys`,
);

const failed = outcomes.filter((outcome) => outcome.status === 'failed').length;
console.log(`${listed.length - failed} of ${listed.length} directories refreshed, ${failed} failed`);
if (failed > 0 && (args.strict || failed === listed.length)) process.exitCode = 1;
