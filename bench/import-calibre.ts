/**
 * Importing a real calibre library with files (made by calibredb: apps/server/scripts/
 * make-calibre-library.ts, BENCH_BOOKS books, default 1,000) through the running store's admin import
 * on the embedded database: the zip uploaded, previewed, confirmed and polled to the end, timed, with
 * the server's peak resident memory and /api/health asked every 250 ms throughout (its slowest answer
 * reported). Starts the built server (`npm run build` first) on a fresh data dir.
 *
 *   npm run import-calibre -w bench [-- path/to/library.zip]
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { peakDuring, rssOf, waitUntilReady } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3392);
const BASE = `http://127.0.0.1:${PORT}`;
const BOOKS = Number(process.env.BENCH_BOOKS ?? 1000);
const ADMIN = { email: 'admin@bookshop.local', password: 'import-calibre-bench' };
const root = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const MB = 1024 * 1024;

interface Job {
  id: string;
  state: string;
  done: number;
  total: number | null;
  error: string | null;
  summary: { rows: number; created: number; updated: number; unchanged: number; skipped: number; needsFile: number };
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-import-calibre-'));
  let zipFile = process.argv[2];
  if (!zipFile) {
    zipFile = path.join(work, 'library.zip');
    const started = performance.now();
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/scripts/make-calibre-library.ts',
        path.join(work, 'made'),
        String(BOOKS),
        '--zip',
        zipFile,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    console.log(`library made by calibredb in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  if (!existsSync(zipFile)) throw new Error(`${zipFile}: no such file`);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    ALLOW_SIMULATED_PAYMENTS: 'true',
    PORT: String(PORT),
    DATA_DIR: path.join(work, 'data'),
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
    const headers = { authorization: `Bearer ${token}` };
    const zip = readFileSync(zipFile);
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

    const until = async (id: string): Promise<Job> => {
      for (;;) {
        const job = (await (await fetch(`${BASE}/api/admin/imports/${id}`, { headers })).json()) as Job;
        if (job.state !== 'running') return job;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const timings: Record<string, number> = {};
    const jobs: Record<string, Job> = {};
    const peak = await peakDuring(server.pid!, async () => {
      let started = performance.now();
      const upload = await fetch(`${BASE}/api/admin/imports?defaultPrice=4.99`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/zip' },
        body: zip,
      });
      if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
      const { id } = (await upload.json()) as Job;
      jobs.preview = await until(id);
      timings.preview = (performance.now() - started) / 1000;
      started = performance.now();
      const commit = await fetch(`${BASE}/api/admin/imports/${id}/commit`, { method: 'POST', headers });
      if (commit.status !== 202) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
      jobs.commit = await until(id);
      timings.commit = (performance.now() - started) / 1000;
    });
    running = false;
    await healthWatch;

    console.log(`${zipFile}: ${(zip.length / MB).toFixed(1)} MB`);
    for (const [label, job] of Object.entries(jobs)) {
      const { rows, created, updated, unchanged, skipped, needsFile } = job.summary;
      console.log(
        `${label}: ${job.state}${job.error ? ` (${job.error})` : ''} in ${timings[label]!.toFixed(1)} s; books ${rows}, created ${created}, updated ${updated}, unchanged ${unchanged}, skipped ${skipped}, need a file ${needsFile}`,
      );
    }
    const perBook = (timings.commit! * 1000) / Math.max(1, jobs.commit!.summary.rows);
    console.log(
      `commit: ${perBook.toFixed(0)} ms per book; preview + commit ${(timings.preview! + timings.commit!).toFixed(1)} s`,
    );
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
