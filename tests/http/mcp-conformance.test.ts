import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) against the built function, on a
 * loopback address as `npm start` runs it: the scenarios that apply to a server with tools and resources and
 * no session. (The suite's other scenarios call test tools and prompts of its own reference server.)
 */
const dist = inject('fixtureDist');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];
const CLI = join(createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json'), '..', 'dist', 'index.js');

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(dist);
});
afterAll(() => server?.stop());

/** One scenario's run: its exit code and what it printed (the suite needs Node ≥ 22: the pinned Node runs it). */
function runScenario(scenario: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, 'server', '--url', `${server.url}/mcp`, '--scenario', scenario], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the MCP conformance suite', () => {
  it.each(SCENARIOS)('passes %s', async (scenario) => {
    const { code, output } = await runScenario(scenario);
    const passed = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
    expect(passed, output).not.toBeNull();
    const [, ok, of, failed, warnings] = passed!.map(Number);
    expect({ ok, failed, warnings }, output).toEqual({ ok: of, failed: 0, warnings: 0 });
    expect(of).toBeGreaterThan(0);
    expect(code, output).toBe(0);
  });
});
