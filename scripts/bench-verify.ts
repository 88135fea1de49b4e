/**
 * Web Bot Auth benchmark: how long the verifier takes per request, in process,
 * for the requests it meets: a valid signature; a valid-looking signature from
 * an agent not on the allowlist (must cost no crypto); a tampered signature
 * from an allowlisted agent (costs one Ed25519 verification); garbage headers;
 * no headers. Every call is timed on its own (hrtime, ns); the machine is
 * shared and noisy, so the figures are the median and p99 over many calls
 * after a warm-up.
 *
 * Target: median ≤ 0.2 ms per request in every case (p99 reported alongside).
 *
 * Usage:  npm run bench:verify            (= node scripts/bench-verify.ts)
 *         node scripts/bench-verify.ts --calls 50000
 *
 * Exit codes: 0 every target met · 1 a target missed · 2 the benchmark could not run.
 */

import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { agentDirectoryOf, createAgentVerifier, generateAgentJwk, type MessageParts, signAgentRequest } from '../src/web-bot-auth/index.ts';
import { median, percentile, printTable, runBenchmark } from './lib/bench-report.ts';

const TARGET_US = 200;
const WARM_UP = 2_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const us = (x: number) => `${x.toFixed(1)} µs`;

/** Deterministic garbage: fragments of real headers and random characters, so some of it parses and goes deeper. */
function garbageHeaders(count: number): Record<string, string>[] {
  let seed = 0x9e3779b9;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const fragments = [
    'sig1=',
    '("@authority" "signature-agent";key="sig1")',
    ';tag="web-bot-auth"',
    ';created=1',
    ';keyid="x"',
    ':AAAA:',
    '"https://a.example"',
    ', ',
    '(',
    ')',
    ';',
    '"',
    '=',
    '\\',
  ];
  const junk = () => {
    let s = '';
    const n = Math.floor(random() * 12);
    for (let i = 0; i < n; i++) s += random() < 0.6 ? fragments[Math.floor(random() * fragments.length)] : String.fromCharCode(32 + Math.floor(random() * 95));
    return s;
  };
  return Array.from({ length: count }, () => ({ signature: junk(), 'signature-input': junk(), 'signature-agent': junk() }));
}

function messageOf(headers: Record<string, string>): MessageParts {
  return { method: 'GET', scheme: 'https', authority: 'cards.example', target: '/api/cards?q=mew', header: (name) => headers[name] };
}

function main(): number {
  const { values } = parseArgs({ options: { calls: { type: 'string', default: '20000' } } });
  const calls = Number(values.calls);

  console.log('1. Keys, allowlist and requests ...');
  const trusted = generateAgentJwk();
  const stranger = generateAgentJwk();
  const directory = agentDirectoryOf({ 'https://agent.example': { keys: [trusted.publicJwk] } }, 'bench allowlist');
  const now = Math.floor(Date.now() / 1000);
  const signed = (privateJwk: JsonWebKey, agent: string) =>
    signAgentRequest({ privateJwk, agent, authority: 'cards.example', created: now, expires: now + 300 });
  const valid = signed(trusted.privateJwk, 'https://agent.example');
  const tampered = { ...valid, signature: valid.signature.replace(/:(.)/, (_, c) => `:${c === 'A' ? 'B' : 'A'}`) };
  const garbage = garbageHeaders(1_000).map(messageOf);
  const verify = createAgentVerifier(directory);

  const cases: { name: string; expect: string; messages: MessageParts[] }[] = [
    { name: 'valid signature', expect: 'verified', messages: [messageOf(valid)] },
    { name: 'agent not on the allowlist', expect: 'invalid', messages: [messageOf(signed(stranger.privateJwk, 'https://stranger.example'))] },
    { name: 'tampered signature', expect: 'invalid', messages: [messageOf(tampered)] },
    { name: 'garbage headers (1000 kinds)', expect: 'invalid|unverified', messages: garbage },
    { name: 'no headers', expect: 'unverified', messages: [messageOf({})] },
  ];

  console.log(`2. ${cases.length} cases × ${calls} calls (after ${WARM_UP} warm-up calls each) ...`);
  const misses: string[] = [];
  const rows = [['case', 'outcome', 'median', 'p99', 'target']];
  for (const { name, expect, messages } of cases) {
    const outcomes = new Set(messages.map((m) => verify(m).outcome));
    if (![...outcomes].every((o) => expect.split('|').includes(o))) throw new Error(`${name}: outcome ${[...outcomes]} is not ${expect}`);
    for (let i = 0; i < WARM_UP; i++) verify(messages[i % messages.length]);
    gc();
    const times: number[] = new Array(calls);
    for (let i = 0; i < calls; i++) {
      const message = messages[i % messages.length];
      const t = process.hrtime.bigint();
      verify(message);
      times[i] = Number(process.hrtime.bigint() - t) / 1000;
    }
    const [p50, p99] = [median(times), percentile(times, 99)];
    const ok = p50 <= TARGET_US;
    if (!ok) misses.push(`${name} median ${us(p50)} > ${us(TARGET_US)}`);
    rows.push([name, [...outcomes].join('|'), us(p50), us(p99), ok ? '✓' : `✗ (≤ ${us(TARGET_US)})`]);
  }

  console.log('\nSummary (per verification)');
  printTable(rows);
  console.log(misses.length ? `  targets missed: ${misses.join('; ')}` : '  all targets met');
  return misses.length ? 1 : 0;
}

await runBenchmark(main);
