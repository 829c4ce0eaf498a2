/**
 * Importing the real 5,700-book Amazon catalogue (shared/data/amazon-book30-test.csv, no header)
 * through the running store's API on the embedded database: the preview, then the commit, timed,
 * with the server's peak resident memory and /api/health asked every 250 ms throughout (its slowest
 * answer is reported). Starts the built server (`npm run build` first) on a fresh data dir.
 *
 *   npm run import-csv -w bench [-- path/to/file.csv]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { peakDuring, rssOf, waitUntilReady } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@bookshop.local', password: 'import-csv-bench' };
const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
const csvFile = process.argv[2] ?? path.resolve(import.meta.dirname, '../../shared/data/amazon-book30-test.csv');
const MAPPING = 'header=false&defaultPrice=4.99&map=1%3Disbn&map=4%3Dtitle&map=5%3Dauthor&map=7%3Dcategory';
const MB = 1024 * 1024;

interface Summary {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-import-csv-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    ALLOW_SIMULATED_PAYMENTS: 'true',
    PORT: String(PORT),
    DATA_DIR: path.join(work, 'data'),
    // The engine this bench's figures were measured on (DATABASE_ENGINE=postgres for the default).
    DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'pglite',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  const server = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitUntilReady(PORT);
    const login = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const csv = readFileSync(csvFile);
    const idle = rssOf(server.pid!);

    let slowestHealth = 0;
    let healthFailures = 0;
    let running = true;
    const healthWatch = (async () => {
      while (running) {
        const started = performance.now();
        const answer = await fetch(`${BASE}/api/health`).catch(() => null);
        if (!answer?.ok) healthFailures += 1;
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    const timings: Record<string, number> = {};
    const summaries: Record<string, Summary> = {};
    const run = async (label: string, dryRun: boolean) => {
      const started = performance.now();
      const response = await fetch(`${BASE}/api/admin/imports/csv?dryRun=${dryRun}&${MAPPING}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      if (!response.ok) throw new Error(`${label}: ${response.status} ${await response.text()}`);
      summaries[label] = (await response.json()) as Summary;
      timings[label] = (performance.now() - started) / 1000;
    };
    const peak = await peakDuring(server.pid!, async () => {
      await run('preview', true);
      await run('commit', false);
      await run('again (preview)', true);
    });
    running = false;
    await healthWatch;

    console.log(`${csvFile}: ${csv.length} bytes`);
    for (const [label, summary] of Object.entries(summaries)) {
      const { rows, created, updated, unchanged, skipped } = summary;
      console.log(
        `${label}: ${timings[label]!.toFixed(1)} s; rows ${rows}, created ${created}, updated ${updated}, unchanged ${unchanged}, skipped ${skipped}`,
      );
    }
    console.log(`preview + commit: ${(timings.preview! + timings.commit!).toFixed(1)} s`);
    console.log(
      `server memory: idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB; /api/health slowest ${slowestHealth.toFixed(0)} ms, failures ${healthFailures}`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
