import { defineConfig } from 'vitest/config';

/** The smoke test runs against a server already started on the full build (SMOKE_URL); see .ci/run. */
export default defineConfig({
  test: { include: ['tests/smoke/**/*.test.ts'], testTimeout: 30_000 },
});
