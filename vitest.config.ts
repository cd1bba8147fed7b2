import { configDefaults, defineConfig } from 'vitest/config';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Projects run one group after another (groupOrder), so PGlite and PostgreSQL API runs do not
 * compete for the two cores.
 * Projects: unit (pure code), api (real HTTP against the app on PGlite), api-pg (the same API
 * tests on PostgreSQL, only when TEST_DATABASE_URL is set) and e2e (Chromium journeys).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts'],
          // Several processes on one database: PostgreSQL only (PGlite is one process's database).
          exclude: [...configDefaults.exclude, 'tests/api/multi-instance.test.ts'],
          globalSetup: ['tests/support/global-setup-db.ts'],
          env: { VBG_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      ...(pgUrl
        ? [
            {
              test: {
                name: 'api-pg',
                sequence: { groupOrder: 2 },
                include: ['tests/api/**/*.test.ts'],
                globalSetup: ['tests/support/global-setup-db.ts'],
                env: { VBG_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
                maxWorkers: 2,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          // Journeys check what the page shows after each step; poll generously on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 3 },
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup-db.ts', 'tests/support/global-setup-browser.ts'],
          env: { VBG_TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
