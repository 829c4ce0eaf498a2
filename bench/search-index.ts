/**
 * The in-memory search index on its own, in-process, over a database already filled (generate.ts, or
 * search-quality.ts's kept database): the build's time and memory, then one search over the index
 * (ids of the first page, total and category counts, as GET /api/books?q= asks it) for each of the
 * real catalogue's known-item queries (load.ts's never-seen queries), timed one by one; the slowest
 * are listed.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ebook_bench npm run search-index -w bench [-- --per-kind 1200]
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CatalogueIndexKeeper, listFromIndex, openDatabase } from '@ebook/server';
import { knownItemQueries, readCatalogueCsv } from '@ebook/server/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The JavaScript heap plus the typed arrays' buffers (held outside it), after a full collection. */
function heapAfterGc(): number {
  setFlagsFromString('--expose_gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} wants a whole number`);
  return value;
}

async function main() {
  const csv = [process.env.SEARCH_CSV, path.join(root, '../shared/data/amazon-book30-test.csv')]
    .filter((candidate): candidate is string => candidate !== undefined)
    .find((candidate) => existsSync(candidate));
  if (!csv) throw new Error('The real catalogue was not found: set SEARCH_CSV=/path/to/amazon-book30-test.csv');
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to the filled database');
  const queries = knownItemQueries(readCatalogueCsv(csv), option('per-kind', 1_200), 20).map((query) => query.q);
  const database = await openDatabase({ url: process.env.DATABASE_URL });
  const log = { info: () => {}, error: (object: unknown) => console.error(object) };
  try {
    const before = heapAfterGc();
    const keeper = new CatalogueIndexKeeper(database.db, log);
    await keeper.rebuild();
    const index = (await keeper.current())!;
    const megabytes = (heapAfterGc() - before) / 1024 / 1024;
    const { books, buildMs } = keeper.figures!;
    console.log(
      `${books.toLocaleString()} public books: built in ${buildMs.toLocaleString()} ms, ` +
        `${megabytes.toFixed(1)} MB (${((megabytes * 10_000) / books).toFixed(1)} MB per 10,000 books)`,
    );
    const search = (q: string) =>
      listFromIndex(index, { q, type: 'all', category: undefined, sort: 'relevance', offset: 0, limit: 9 });
    for (const q of queries.slice(0, 200)) search(`${q} x`);
    const times: { q: string; ms: number; total: number }[] = [];
    for (const q of queries) {
      const began = process.hrtime.bigint();
      const { total } = search(q);
      times.push({ q, ms: Number(process.hrtime.bigint() - began) / 1e6, total });
    }
    const sorted = times.map((time) => time.ms).sort((a, b) => a - b);
    const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!.toFixed(2);
    const sum = sorted.reduce((total, ms) => total + ms, 0);
    console.log(
      `${queries.length.toLocaleString()} queries: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, ` +
        `max ${at(1)} ms, mean ${(sum / sorted.length).toFixed(2)} ms (${Math.round((1000 * sorted.length) / sum).toLocaleString()} searches/s on one core)`,
    );
    for (const slow of times.sort((a, b) => b.ms - a.ms).slice(0, 8))
      console.log(
        `  ${slow.ms.toFixed(1).padStart(7)} ms  ${slow.total.toLocaleString().padStart(6)} found  ${slow.q}`,
      );
    keeper.close();
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
