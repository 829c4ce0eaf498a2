// Runs the API suite on the embedded database, again with files in an S3-compatible store, then on
// PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

function vitest(label, env) {
  console.log(`\n▶ API tests on ${label}`);
  const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...rest } = process.env;
vitest('the embedded database (PGlite)', rest);
vitest('the embedded database with the S3 file store (s3rver)', { ...rest, TEST_FILE_STORE: 's3' });
if (TEST_DATABASE_URL) vitest(`PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, process.env);
else console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run is skipped.');
