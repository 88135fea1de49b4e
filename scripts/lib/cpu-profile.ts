import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../../src/catalogue/money.ts';

/**
 * Where a build's CPU time went, from the V8 CPU profiles Node writes with `--cpu-prof` (one file per thread:
 * the build's main thread and its Markdown worker), summed by function: the build code carries no timers of its
 * own, so this is how `npm run bench:build -- --cpu-prof` says where the time goes inside a phase.
 */
export interface CpuProfileSummary {
  /** Per thread (by the profile's file), its sampled milliseconds. */
  threads: { name: string; ms: number }[];
  /** Self time by function (`name file:line`), milliseconds, over every thread. */
  functions: Map<string, number>;
}

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** The function a profile node stands for, as a row names it: its name, and its file (the project's, or a package's) and line. */
function whereOf({ functionName, url, lineNumber }: CpuProfile['nodes'][number]['callFrame']): string {
  if (!url) return functionName || '(anonymous)';
  const packageAt = url.lastIndexOf('/node_modules/');
  const file = packageAt >= 0 ? url.slice(packageAt + '/node_modules/'.length) : url.replace(/^file:\/\/.*?\/(src|scripts|\.cache|dist)\//, '$1/');
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

/** Sums the profiles in `dir` (`*.cpuprofile`): each sample's time goes to the function it was taken in. */
export function summariseCpuProfiles(dir: string): CpuProfileSummary {
  const functions = new Map<string, number>();
  const threads: CpuProfileSummary['threads'] = [];
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const where = new Map(profile.nodes.map((node) => [node.id, whereOf(node.callFrame)]));
    let total = 0;
    profile.samples.forEach((id, i) => {
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      total += ms;
      const key = where.get(id)!;
      functions.set(key, (functions.get(key) ?? 0) + ms);
    });
    threads.push({ name, ms: total });
  }
  return { threads, functions };
}

interface TimeRow {
  name: string;
  /** Milliseconds per request. */
  ms: number;
  /** Share of the time the thread was busy. */
  share: number;
}

/** One profile of `requests` alike requests (npm run profile:worker), per request. */
export interface RequestProfileSummary {
  /** Milliseconds per request the thread was not idle (V8's `(idle)` samples left out). */
  busyMsPerRequest: number;
  /** Time in each function itself, most first. */
  self: TimeRow[];
  /** Time in each function and all it called, most first (a function counted once per sample, however recursive). */
  total: TimeRow[];
}

/**
 * Self and inclusive time per request, by function, from one profile taken while `requests` requests were answered.
 * @example summariseRequestProfile(profile, 400).total[0].name // "(root)"
 */
export function summariseRequestProfile(profile: CpuProfile, requests: number): RequestProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  // Each sample counts as one sampling interval, not as the gap before it: workerd's isolate is sampled only while
  // its thread holds the isolate, so the gap before the first sample after a wait holds the wait (the network,
  // another isolate's work), which is no function's time.
  const micros = median(profile.timeDeltas.slice(1));
  let busy = 0;
  profile.samples.forEach((id) => {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    busy += micros;
    const leaf = whereOf(node.callFrame);
    self.set(leaf, (self.get(leaf) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const name = whereOf(byId.get(at)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + micros);
    }
  });
  const rows = (times: Map<string, number>): TimeRow[] =>
    [...times].map(([name, micros]) => ({ name, ms: micros / 1000 / requests, share: busy ? micros / busy : 0 })).sort((a, b) => b.ms - a.ms);
  return { busyMsPerRequest: busy / 1000 / requests, self: rows(self), total: rows(total) };
}
