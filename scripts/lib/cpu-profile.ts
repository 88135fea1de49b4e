import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
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
