import { type Settings, settings, useSettings } from '../../src/schemas/settings.ts';

/**
 * Runs `run` with `changed` in force over the settings it found (src/schemas/settings.ts), and puts those back
 * after, also when it throws: the unit tier's files share their modules (tests/unit/unit-tier.test.ts).
 */
export function withSettings<T>(changed: Partial<Settings>, run: () => T): T {
  const before = settings();
  useSettings({ ...before, ...changed });
  try {
    return run();
  } finally {
    useSettings(before);
  }
}
