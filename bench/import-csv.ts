/**
 * Importing the real 5,700-book Amazon catalogue (shared/data/amazon-book30-test.csv, no header)
 * through the running store's API on the embedded database: the preview, then the commit, timed,
 * with the server's peak resident memory and /api/health asked every 250 ms throughout (its slowest
 * answer is reported). Starts the built server (`npm run build` first) on a fresh data dir.
 *
 *   npm run import-csv -w bench [-- path/to/file.csv]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_EMAIL, peakDuring, rssOf, serverFigures, startStore, watchHealth } from './store-bench.js';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
const csvFile = process.argv[2] ?? path.resolve(import.meta.dirname, '../../shared/data/amazon-book30-test.csv');
const MAPPING = 'header=false&defaultPrice=4.99&map=1%3Disbn&map=4%3Dtitle&map=5%3Dauthor&map=7%3Dcategory';

interface Summary {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

async function main() {
  const store = await startStore(PORT, 'ebook-import-csv');
  try {
    const token = await store.login(ADMIN_EMAIL, store.adminPassword);
    const csv = readFileSync(csvFile);
    const idle = rssOf(store.pid);
    const health = watchHealth(store);

    const timings: Record<string, number> = {};
    const summaries: Record<string, Summary> = {};
    const run = async (label: string, dryRun: boolean) => {
      const started = performance.now();
      const response = await fetch(`${store.base}/api/admin/imports/csv?dryRun=${dryRun}&${MAPPING}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      if (!response.ok) throw new Error(`${label}: ${response.status} ${await response.text()}`);
      summaries[label] = (await response.json()) as Summary;
      timings[label] = (performance.now() - started) / 1000;
    };
    const peak = await peakDuring(store.pid, async () => {
      await run('preview', true);
      await run('commit', false);
      await run('again (preview)', true);
    });
    const figures = await health.stop();

    console.log(`${csvFile}: ${csv.length} bytes`);
    for (const [label, summary] of Object.entries(summaries)) {
      const { rows, created, updated, unchanged, skipped } = summary;
      console.log(
        `${label}: ${timings[label]!.toFixed(1)} s; rows ${rows}, created ${created}, updated ${updated}, unchanged ${unchanged}, skipped ${skipped}`,
      );
    }
    console.log(`preview + commit: ${(timings.preview! + timings.commit!).toFixed(1)} s`);
    console.log(serverFigures(idle, peak, figures));
  } finally {
    await store.stop();
  }
}

await main();
