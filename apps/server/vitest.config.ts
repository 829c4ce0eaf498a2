import { defineConfig } from 'vitest/config';

/**
 * Tests that measure time, crash processes or load the machine on purpose: they run one at a time,
 * after the rest, so that other test files do not slow them down.
 */
const ALONE = [
  'src/test/soak/**/*.test.ts',
  'src/test/chaos/**/*.test.ts',
  'src/test/pglite-crash.test.ts',
  'src/test/outage.test.ts',
  'src/test/disk-full.test.ts',
  'src/plugins/db-maintenance.test.ts',
  'src/server.test.ts',
  'src/app.test.ts',
  'src/modules/mail/mail.test.ts',
];

/**
 * Tests that change the process's globals: each runs in a worker of its own, since the API tests'
 * workers keep their modules from file to file. drizzle-kit (the schema-drift check) adds an
 * enumerable `Array.prototype.random`, which pdf.js refuses to run beside.
 */
const OWN_WORKER = ['src/db/schema-drift.test.ts'];

/** Files a run leaves out (scripts/test.mjs: the PostgreSQL run skips the engine-independent ones). */
const SKIPPED = JSON.parse(process.env.TEST_EXCLUDE ?? '[]') as string[];

export default defineConfig({
  resolve: { alias: { '@ebook/shared': new URL('../../packages/shared/src/index.ts', import.meta.url).pathname } },
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup-env.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // The suite runs on PGlite, in process: every store a test starts (server.ts in a child process)
    // too. The embedded PostgreSQL has its own tests (src/db/embedded-postgres.test.ts).
    env: { DATABASE_ENGINE: 'pglite' },
    projects: [
      {
        extends: true,
        // The API tests mostly wait on the database, the disk and their own servers: three files at
        // a time keep both cores busy.
        test: {
          name: 'api',
          include: ['src/**/*.test.ts'],
          exclude: [...ALONE, ...OWN_WORKER, ...SKIPPED],
          maxWorkers: 3,
          // A worker keeps the modules it loaded from one file to the next (each file still builds its
          // own app on its own database): loading the app again for every file was a third of the
          // suite's time. The store keeps no state in modules (DESIGN.md), and spies are restored.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'own-worker',
          include: OWN_WORKER,
          exclude: SKIPPED,
          isolate: true,
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // One after another in one worker that, like the api project's, keeps its modules from file to file.
        test: {
          name: 'alone',
          include: ALONE,
          exclude: SKIPPED,
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
