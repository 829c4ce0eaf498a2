// Runs npm scripts at the same time (`node scripts/run-together.mjs typecheck lint:eslint lint:rest`): each
// one's output is printed whole when it ends, and the exit code is the first failure's. Used by `npm test`
// for work that is mostly single-threaded: the type checks, ESLint and the rest of lint as three streams
// (two, type checks and the whole lint, left one core idle for 40 s); and for the API suite's last tests
// (those that run two, then one, at a time: API_TESTS=last) beside the web tests and the build, which
// fill the core those leave idle.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const runs = process.argv.slice(2).map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        process.stdout.write(Buffer.concat(output));
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        console.log(`\n▶ npm run ${script}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n`);
        resolve(code ?? 1);
      });
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
