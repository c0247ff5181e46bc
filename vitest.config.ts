import { defineConfig } from 'vitest/config';

// One command runs everything: pure packages, the server against a real database, the web app's
// unit tests and the browser tests. Projects keep their environments apart. CI runs two passes side by
// side on two cores, so CPU-bound tests take up to twice their quiet time: no project keeps vitest's
// 5-second default.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      // The browser tests: the player app's on phones, and the operator console's at desk sizes. Each
      // project runs its files one at a time; CI runs the two projects side by side, since both spend
      // most of their time waiting for blocks and pages.
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: ['e2e/console-*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e-console',
          include: ['e2e/console-*.e2e.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
