import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The API suite in one run: every test on the embedded database (PGlite); then, when TEST_DATABASE_URL
 * names a PostgreSQL server, every test whose outcome depends on the database engine again on
 * PostgreSQL, those whose outcome depends on where files are kept with the files in an S3-compatible
 * store (without PostgreSQL, those run on the S3 store on PGlite). Each is a project of its own, with the
 * environment of its run; the projects share the run's three workers, so one run's last files and the
 * next run's first ones keep both cores busy, and the store is bundled and the databases prepared once
 * (src/test/global-setup.ts). `--project pglite` (or `postgres`, `postgres+s3`...) runs one of them.
 */

/**
 * Tests that crash processes or load the machine on purpose: they run after the API tests, two at a
 * time, so that they slow no other test down (each is written for a busy machine).
 */
const HEAVY = [
  'src/test/soak/**/*.test.ts',
  'src/test/chaos/**/*.test.ts',
  'src/test/pglite-crash.test.ts',
  'src/test/disk-full.test.ts',
  'src/plugins/db-maintenance.test.ts',
  'src/server.test.ts',
];
/** Tests that bound how long something takes (failing fast, closing, sending): last, one at a time. */
const TIMED = ['src/test/outage.test.ts', 'src/app.test.ts', 'src/modules/mail/mail.test.ts'];

/**
 * Tests that change the process's globals: each runs in a worker of its own, since the API tests'
 * workers keep their modules from file to file. drizzle-kit (the schema-drift check) adds an
 * enumerable `Array.prototype.random`, which pdf.js refuses to run beside.
 */
const OWN_WORKER = ['src/db/schema-drift.test.ts'];

/**
 * The tests whose outcome depends on where files are kept: storing, serving with Range and conditions,
 * replacing and removing files, stamped copies, backups, and two copies sharing one store.
 */
const FILE_STORE_TESTS = [
  'src/lib/file-store.test.ts',
  'src/modules/books/books-files.test.ts',
  'src/modules/books/hostile-uploads.test.ts',
  'src/modules/books/epub-uploads.test.ts',
  'src/modules/files/cleanup-race.test.ts',
  'src/modules/files/conditional-requests.test.ts',
  'src/modules/files/image-bombs.test.ts',
  'src/modules/downloads/**/*.test.ts',
  'src/modules/users/**/*.test.ts',
  'src/modules/admin/admin.test.ts',
  'src/backup/**/*.test.ts',
  'src/test/two-instances.test.ts',
];
/**
 * Tests of what the document pool makes of a file (inspection, samples, limits): their database work is
 * a row or two, the same on either engine, so the embedded run is enough.
 */
const DOCUMENTS_ONLY = [
  'src/modules/books/pdf-inspection.test.ts',
  'src/modules/books/hostile-uploads.test.ts',
  'src/modules/files/image-bombs.test.ts',
  'src/modules/files/document-jobs.test.ts',
  'src/modules/files/epub-archive.test.ts',
  'src/modules/reading/sample-leaks.test.ts',
  'src/modules/reading/epub-samples.test.ts',
];
/** Tests of the process, the configuration and the embedded database itself: one run is enough. */
const EMBEDDED_ONLY = [
  'src/server.test.ts',
  'src/config/**',
  'src/lib/logger.test.ts',
  'src/lib/file-store.test.ts',
  'src/db/client.test.ts',
  'src/db/embedded-postgres.test.ts',
  'src/db/seed/**',
  'src/test/pglite-crash.test.ts',
  'src/test/disk-full.test.ts',
];

const ALL = ['src/**/*.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** The embedded runs ignore the PostgreSQL server the run was given. */
const EMBEDDED = { TEST_DATABASE_URL: '', TEST_FILE_STORE: '' };
const POSTGRES = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', TEST_FILE_STORE: '' };
const S3 = { TEST_FILE_STORE: 's3' };

interface Run {
  name: string;
  env: Record<string, string>;
  include: string[];
  exclude?: string[];
}

/** A run's projects: its API tests (three files at a time) and own-worker ones, then its heavy ones, then its timed ones. */
function projects({ name, env, include, exclude = [] }: Run): TestProjectInlineConfiguration[] {
  const shared = {
    resolve: { alias: { '@ebook/shared': new URL('../../packages/shared/src/index.ts', import.meta.url).pathname } },
  };
  const test = {
    setupFiles: ['src/test/setup-env.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks' as const,
    // The suite runs on PGlite, in process: every store a test starts (server.ts in a child process)
    // too. The embedded PostgreSQL has its own tests (src/db/embedded-postgres.test.ts).
    env: { DATABASE_ENGINE: 'pglite', ...env },
  };
  const whole = include === ALL;
  /** The tests a run keeps for after its API tests: `workers` at a time, in group `groupOrder`. */
  const after = (part: 'heavy' | 'timed', files: string[], workers: number, groupOrder: number) => ({
    ...shared,
    // Like the API tests' workers, these keep their modules from file to file.
    test: {
      ...test,
      name: `${name}:${part}`,
      include: whole ? files : [],
      exclude,
      maxWorkers: workers,
      isolate: false,
      sequence: { groupOrder },
    },
  });
  return [
    {
      ...shared,
      test: {
        ...test,
        name,
        include,
        exclude: [...exclude, ...HEAVY, ...TIMED, ...OWN_WORKER],
        // The API tests mostly wait on the database, the disk and their own servers: three files at
        // a time keep both cores busy.
        maxWorkers: 3,
        // A worker keeps the modules it loaded from one file to the next (each file still builds its
        // own app on its own database): loading the app again for every file was a third of the
        // suite's time. The store keeps no state in modules (DESIGN.md), and spies are restored.
        isolate: false,
        sequence: { groupOrder: 0 },
      },
    },
    {
      ...shared,
      test: {
        ...test,
        name: `${name}:own-worker`,
        include: OWN_WORKER.filter((file) => whole || include.includes(file)),
        exclude,
        isolate: true,
        maxWorkers: 3,
        sequence: { groupOrder: 0 },
      },
    },
    after('heavy', HEAVY, 2, 1),
    after('timed', TIMED, 1, 2),
  ].filter((project) => project.test.include.length > 0);
}

const runs: Run[] = [
  { name: 'pglite', env: EMBEDDED, include: ALL },
  onPostgres
    ? { name: 'postgres+s3', env: { ...POSTGRES, ...S3 }, include: FILE_STORE_TESTS }
    : { name: 'pglite+s3', env: { ...EMBEDDED, ...S3 }, include: FILE_STORE_TESTS },
];
if (onPostgres) {
  runs.push({
    name: 'postgres',
    // The crash-and-rerun import runs on more books in the embedded run; here a smaller library shows the
    // same on PostgreSQL's transactions (most of its time is the files' checks, the same on both).
    env: { CALIBRE_CRASH_BOOKS: process.env.CALIBRE_CRASH_BOOKS ?? '40', ...POSTGRES },
    include: ALL,
    exclude: [...FILE_STORE_TESTS, ...EMBEDDED_ONLY, ...DOCUMENTS_ONLY],
  });
} else console.log('TEST_DATABASE_URL is not set: the PostgreSQL runs are skipped.');

/**
 * API_TESTS=first runs the API tests and own-worker ones of every run, API_TESTS=last the heavy and timed
 * ones: `npm test` runs the web tests and the build beside the last, which leave a core idle.
 */
const part = process.env.API_TESTS;
const last = (project: TestProjectInlineConfiguration) => /:(heavy|timed)$/.test(project.test?.name as string);

export default defineConfig({
  test: {
    // Once for the whole run, in the root project only (a project that extended the root would run it again).
    globalSetup: ['src/test/global-setup.ts'],
    projects: runs
      .flatMap(projects)
      .filter((project) => (part === 'first' ? !last(project) : part === 'last' ? last(project) : true)),
  },
});
