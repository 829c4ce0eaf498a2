// Runs the API suite on the embedded database; again, for the tests that store files, with the files in
// an S3-compatible store; then, for every test that touches the database, on PostgreSQL when
// TEST_DATABASE_URL is set. Arguments (test files, -t filters) go to every run.
import { spawnSync } from 'node:child_process';

/** The tests whose outcome depends on where files are kept. */
const FILE_STORE_TESTS = [
  'src/lib/file-store.test.ts',
  'src/modules/books',
  'src/modules/submissions',
  'src/modules/users',
  'src/modules/admin',
  'src/modules/files/stamped-copies.test.ts',
  'src/backup',
  'src/test/two-instances.test.ts',
];
/** Tests of the process, the configuration and the embedded database itself: one run is enough. */
const EMBEDDED_ONLY = [
  'src/server.test.ts',
  'src/config/**',
  'src/lib/logger.test.ts',
  'src/lib/file-store.test.ts',
  'src/db/client.test.ts',
  'src/db/seed/**',
  'src/test/pglite-crash.test.ts',
  'src/test/disk-full.test.ts',
];

const args = process.argv.slice(2);
const chosen = args.some((arg) => !arg.startsWith('-'));

function vitest(label, env, extra) {
  console.log(`\n▶ API tests on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...(chosen ? [] : extra), ...args], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...rest } = process.env;
vitest('the embedded database (PGlite)', rest, []);
vitest('the embedded database with the S3 file store (s3rver)', { ...rest, TEST_FILE_STORE: 's3' }, FILE_STORE_TESTS);
if (TEST_DATABASE_URL) {
  vitest(
    `PostgreSQL (${new URL(TEST_DATABASE_URL).host})`,
    process.env,
    EMBEDDED_ONLY.flatMap((glob) => ['--exclude', glob]),
  );
} else console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run is skipped.');
