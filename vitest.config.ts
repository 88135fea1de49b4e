import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/{unit,contract,http,deploy,e2e}/**/*.test.ts'],
    // Builds the fixture site once per run; contract, HTTP and browser tests read it.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
