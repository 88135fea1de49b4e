import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:deploy`: the HTTP contract tests once more, pointed at nginx
 * serving the build with the function (from dist/server alone) behind it; see
 * tests/support/target.ts. Needs Debian's nginx (nginx-light); .ci/run installs it.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: ['tests/http/{server,hardening,hostile,search-pages,sets}.test.ts'],
    env: { CONTRACT_TARGET: 'nginx' },
  },
});
