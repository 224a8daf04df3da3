import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'];
/** Migrates one template database per run, which the tests copy (packages/server/test/template.ts). */
const globalSetup = ['packages/server/test/template.ts'];
/** Rules read from the source tree (layers, where SQL may be written): no database, so run once, as units. */
const ruleTests = ['packages/server/test/rules/**/*.test.ts'];

/**
 * The suites `npm test` runs (scripts/test.ts picks them): pure units once, the server's unit and
 * API tests on SQLite and again on PostgreSQL, and the browser tests in Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'packages/web/src/**/*.test.ts',
            'packages/simulator/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            ...ruleTests,
          ],
        },
      },
      // Socket and database tests run many files side by side on two cores: generous bounds, so
      // that a busy machine slows them rather than failing them.
      {
        extends: true,
        test: {
          name: 'sqlite',
          globalSetup,
          include: serverTests,
          exclude: [...configDefaults.exclude, ...ruleTests],
          env: { TEST_ENGINE: 'sqlite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          globalSetup,
          include: serverTests,
          exclude: [...configDefaults.exclude, ...ruleTests],
          env: { TEST_ENGINE: 'postgres' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          globalSetup,
          include: ['packages/web/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page answers after a server round trip; on a loaded machine that is more than the
          // default second, so polled page states get the time a locator's wait has.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
