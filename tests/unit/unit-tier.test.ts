import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/fixture-site.ts';

/**
 * The unit tier runs its files in shared workers without isolating their modules (vitest.config.ts, `isolate:
 * false`): a file that mocked a module, set the environment, stubbed a global, faked the clock or changed directory
 * would do so for the files after it. Such a test belongs in another tier, or the setting must go.
 */
const LEAKS: [string, RegExp][] = [
  ['mocks a module', /\bvi\.(?:mock|doMock|spyOn)\(/],
  ['sets the environment', /\bvi\.stubEnv\(|process\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env/],
  ['stubs a global', /\bvi\.stubGlobal\(/],
  ['fakes the clock', /\bvi\.useFakeTimers\(/],
  ['changes directory', /\bprocess\.chdir\(/],
  // Settings are changed with withSettings (tests/support/settings.ts), which puts the earlier ones back.
  ['puts settings in force for good', /\buseSettings\(/],
];

/** What starts a process or a server: the unit tier's tests call functions, so its files share workers and stay fast. */
const STARTS: [string, RegExp][] = [
  ['starts a process', /\bfrom 'node:child_process'|\bnew Worker\(/],
  ['starts a server', /\bcreateServer\(|\bcreateViteServer\(|\.listen\(/],
];

describe('the unit tier', () => {
  it('holds only tests that leave the modules, the environment and the clock as they found them', () => {
    const dir = join(ROOT, 'tests', 'unit');
    const leaking = readdirSync(dir)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => {
        const text = readFileSync(join(dir, file), 'utf8');
        return LEAKS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file} ${what}`);
      });
    expect(leaking).toEqual([]);
  });

  it('starts no process and no server: those tests are the processes tier’s (tests/processes/)', () => {
    const dir = join(ROOT, 'tests', 'unit');
    const starting = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && file !== 'unit-tier.test.ts')
      .flatMap((file) => {
        const text = readFileSync(join(dir, file), 'utf8');
        return STARTS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file} ${what}`);
      });
    expect(starting).toEqual([]);
  });
});
