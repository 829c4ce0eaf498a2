/**
 * Importing a real calibre library with files (made by calibredb: apps/server/scripts/
 * make-calibre-library.ts, BENCH_BOOKS books, default 1,000) through the running store's admin import
 * on the embedded database: the zip uploaded, previewed, confirmed and polled to the end, timed, with
 * the server's peak resident memory and /api/health asked every 250 ms throughout (its slowest answer
 * reported). Starts the built server (`npm run build` first) on a fresh data dir.
 *
 *   npm run import-calibre -w bench [-- path/to/library.zip]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, peakDuring, rssOf, serverFigures, startStore, watchHealth } from './store-bench.js';

const PORT = Number(process.env.BENCH_PORT ?? 3392);
const BOOKS = Number(process.env.BENCH_BOOKS ?? 1000);
const root = path.resolve(import.meta.dirname, '..');
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
  // The store's default engine (embedded PostgreSQL), as these figures were measured.
  const store = await startStore(PORT, 'ebook-import-calibre', {
    DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'postgres',
  });
  try {
    const token = await store.login(ADMIN_EMAIL, store.adminPassword);
    const headers = { authorization: `Bearer ${token}` };
    const zip = readFileSync(zipFile);
    const idle = rssOf(store.pid);
    const health = watchHealth(store);

    const until = async (id: string): Promise<Job> => {
      for (;;) {
        const job = (await (await fetch(`${store.base}/api/admin/imports/${id}`, { headers })).json()) as Job;
        if (job.state !== 'running') return job;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const timings: Record<string, number> = {};
    const jobs: Record<string, Job> = {};
    const peak = await peakDuring(store.pid, async () => {
      let started = performance.now();
      const upload = await fetch(`${store.base}/api/admin/imports?defaultPrice=4.99`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/zip' },
        body: zip,
      });
      if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
      const { id } = (await upload.json()) as Job;
      jobs.preview = await until(id);
      timings.preview = (performance.now() - started) / 1000;
      started = performance.now();
      const commit = await fetch(`${store.base}/api/admin/imports/${id}/commit`, { method: 'POST', headers });
      if (commit.status !== 202) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
      jobs.commit = await until(id);
      timings.commit = (performance.now() - started) / 1000;
    });
    const figures = await health.stop();

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
    console.log(serverFigures(idle, peak, figures));
  } finally {
    await store.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
