import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/longest-first.ts';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * API test files about the embedded database itself: its data directory and start-up checks,
 * backup and restore of PGlite, files stored as base64 pieces, LISTEN/NOTIFY and the caches it
 * clears within one process, the outbox worker on one connection, large uploads on the server's
 * own thread, production's refusals on PGlite, the migrations a start applied. With PostgreSQL available every API file runs
 * there and only these also run on PGlite (the browser journeys run on PGlite too); without it
 * (a laptop) every API file runs on PGlite.
 */
const EMBEDDED_DATABASE_API_TESTS = [
  'startup',
  'backup',
  'file-store',
  'race-cards-events',
  'race-cards-events-resume',
  'session-cache',
  'mail-worker',
  'race-cards-upload',
  'hardening-big-uploads',
  'security-config',
  // The newest capabilities' whole paths, on the embedded default as well as PostgreSQL.
  'proofing-whole-day',
  'tissue-score',
  'metrics',
  'migrations-applied',
].map((name) => `tests/api/${name}.test.ts`);

/**
 * Projects run one group after another (groupOrder), so PGlite and PostgreSQL API runs do not
 * compete for the two cores.
 * Projects: unit (pure code), api (real HTTP against the app on PGlite: every API file, or only
 * the embedded database's own when PostgreSQL is there), api-pg (every API file on PostgreSQL,
 * only when TEST_DATABASE_URL is set) and e2e (Chromium journeys on PGlite).
 */
export default defineConfig({
  test: {
    // The longest files first in every project, from Vitest's record of this machine's last run or,
    // on a fresh clone, from tests/file-durations.json.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure code with no module state to leak (the two files that fake the clock put it back
          // after each test): one import per worker instead of one per file, 36 s down to 8 s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: pgUrl ? EMBEDDED_DATABASE_API_TESTS : ['tests/api/**/*.test.ts'],
          // Several processes on one database: PostgreSQL only (PGlite is one process's database).
          exclude: [
            ...configDefaults.exclude,
            'tests/api/multi-instance.test.ts',
            'tests/api/feeds-multi-instance.test.ts',
            'tests/api/deploy-nginx.test.ts',
            'tests/api/deploy-nginx-cache.test.ts',
          ],
          globalSetup: ['tests/support/global-setup-db.ts'],
          env: { VBG_TEST_DB: 'pglite' },
          // Background work (the mail worker, a NOTIFY from another connection, a process's output)
          // is awaited by polling: a second is not enough while the other workers load both cores.
          expect: { poll: { timeout: 10_000 } },
          // A worker imports the server once for all its files (each file still starts its own app
          // on a clean database): importing it again for every file cost seconds each.
          isolate: false,
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
                expect: { poll: { timeout: 10_000 } }, // as in api
                isolate: false, // as in api
                testTimeout: 30_000,
                hookTimeout: 60_000,
                // Three on two cores: these files also wait (on PostgreSQL, on processes they start,
                // on a connect timeout or a Retry-After), and a third keeps the cores busy meanwhile
                // (288 s against 343 s with two, docs/performance.md).
                maxWorkers: 3,
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
          // One Chromium for the run (global-setup-browser.ts); each file connects to it and works
          // in contexts of its own, against its own app (own port, own in-memory database), so two
          // files run side by side, one per core: the page, the app and the test take turns on them.
          env: { VBG_TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 90_000,
          maxWorkers: 2,
          isolate: false, // as in api: the server and the test helpers are imported once
        },
      },
    ],
  },
});
