import { defineConfig } from 'vitest/config';

const serverIntegration = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const unitOnly = '**/*.unit.test.ts';

/**
 * A test's and a hook's time limit when it sets none. Limits catch a hang, not slowness (speed is measured by the
 * `bench:*` scripts): stop 43's CI machine ran the suites 1.4 × slower than the rehearsal's machine (1.8 × slower than
 * the next one) and failed five tests that pass on both. The longest test without its own limit takes 13 s on
 * the faster machine: the defaults leave room for one about three times slower than that CI machine (decision 0094).
 */
const TEST_TIMEOUT = 90_000;
const HOOK_TIMEOUT = 180_000;

/**
 * Three projects: pure unit tests; the server's integration suites on PGlite; the same suites on
 * PostgreSQL (only selected by scripts/test.mjs when TEST_DATABASE_URL is set).
 *
 * Every project runs without isolation (decision 0090): a worker imports the modules once and runs its
 * files one after the other with them, instead of importing the whole server again for each of ~100 files (a third
 * of the PGlite suite's time). So a module-level cache must tell databases apart (key it by `ctx.db` or by content),
 * and a file that changes a module's state (a spy, an environment variable) puts it back.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machines, which left a core
    // idle for the whole 24-minute run (decision 0045). Files are independent (each has its own PGlite clone, or
    // its own copy of the run's PostgreSQL database: postgresTestUrl in apps/server/test/build-test-app.ts).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // Decision 0090 (above).
          isolate: false,
          // PDF checks shell out to poppler, qpdf and mupdf; on a busy 2-core machine 5 s is too tight.
          testTimeout: TEST_TIMEOUT,
          hookTimeout: HOOK_TIMEOUT,
          include: [
            'packages/**/test/**/*.test.ts',
            'apps/web/test/**/*.test.ts',
            'scripts/test/**/*.test.ts',
            `apps/server/**/${unitOnly}`,
          ],
          exclude: ['**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-pglite',
          // Decision 0090 (above).
          isolate: false,
          include: serverIntegration,
          exclude: ['**/node_modules/**', unitOnly],
          environment: 'node',
          env: { DOSSIER_TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: TEST_TIMEOUT,
          hookTimeout: HOOK_TIMEOUT,
        },
      },
      {
        test: {
          name: 'server-postgres',
          // Decision 0090 (above).
          isolate: false,
          include: serverIntegration,
          exclude: ['**/node_modules/**', unitOnly],
          environment: 'node',
          env: { DOSSIER_TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: TEST_TIMEOUT,
          hookTimeout: HOOK_TIMEOUT,
        },
      },
    ],
  },
});
