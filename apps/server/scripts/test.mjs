// Runs the API suite on the embedded database (PGlite), then on PostgreSQL when TEST_DATABASE_URL is set:
// every test whose outcome depends on the database engine, those whose outcome depends on where files are
// kept with the files in an S3-compatible store. Without PostgreSQL, those run on the S3 store on PGlite.
// Arguments (test files, -t filters) go to every run.
import { spawnSync } from 'node:child_process';

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
  'src/modules/downloads',
  'src/modules/users',
  'src/modules/admin/admin.test.ts',
  'src/backup',
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

const args = process.argv.slice(2);
const chosen = args.some((arg) => !arg.startsWith('-'));

/**
 * Runs vitest; `only` names the files of a partial run, `skip` those a run leaves out. The files left
 * out go to vitest.config.ts in TEST_EXCLUDE: vitest's `--exclude` replaces no project's own list.
 */
function vitest(label, env, { only = [], skip = [] } = {}) {
  console.log(`\n▶ API tests on ${label}`);
  const files = chosen ? [] : only;
  if (!chosen && skip.length) env = { ...env, TEST_EXCLUDE: JSON.stringify(skip) };
  const result = spawnSync('npx', ['vitest', 'run', ...files, ...args], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...rest } = process.env;
vitest('the embedded database (PGlite)', rest);
if (!TEST_DATABASE_URL) {
  vitest(
    'the embedded database with the S3 file store (s3rver)',
    { ...rest, TEST_FILE_STORE: 's3' },
    { only: FILE_STORE_TESTS },
  );
  console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run is skipped.');
  process.exit(0);
}
// On PostgreSQL, the tests whose outcome depends on where files are kept run with the S3 store (they ran
// on the local disk above), and the rest with the local disk, less the engine-independent ones.
const postgres = new URL(TEST_DATABASE_URL).host;
vitest(
  `PostgreSQL (${postgres}) with the S3 file store (s3rver)`,
  { ...process.env, TEST_FILE_STORE: 's3' },
  { only: FILE_STORE_TESTS },
);
vitest(
  `PostgreSQL (${postgres})`,
  // The crash-and-rerun import runs on 200 books in the embedded run; here a smaller library shows the
  // same on PostgreSQL's transactions (most of its time is the files' checks, the same on both).
  { CALIBRE_CRASH_BOOKS: '40', ...process.env },
  {
    skip: [
      ...FILE_STORE_TESTS.map((entry) => (entry.endsWith('.ts') ? entry : `${entry}/**`)),
      ...EMBEDDED_ONLY,
      ...DOCUMENTS_ONLY,
    ],
  },
);
