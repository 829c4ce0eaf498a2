/**
 * Search quality on a real catalogue: loads the 5,700 real books of shared/data/amazon-book30-test.csv
 * through POST /api/books as an admin (an in-process app: the product's own code path, one small cover
 * and PDF reused, the files module keeps one copy), optionally tops the catalogue up with generated
 * books, then runs a seeded sample of five query kinds (apps/server/src/test/search-quality.ts) and
 * prints per kind the share found first and in the top 5, and the cold latency (every cache dropped
 * before each query) p50/p99 of GET /api/books?q=; then the precision: how many nonsense queries
 * ("zqxj-no-such-book") and common-words-only ones find nothing, as they should (`--misses` lists both).
 *
 *   npm run search-quality -w bench [-- --top-up 100000 --sample 300 --seed 10]
 *
 * PGlite in memory by default, or kept in the store folder SEARCH_QUALITY_DB (database and files,
 * served by `DATA_DIR=<it>`); DATABASE_URL=postgres://... uses that database. A kept database is loaded once (the CSV books and the top-up are there on the next
 * run). SEARCH_CSV names another copy of the CSV.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp, type App, loadConfig, openDatabase, books } from '@ebook/server';
import {
  dataUrl,
  makePdf,
  makePng,
  createAdmin,
  type Actor,
  knownItemQueries,
  nothingQueries,
  hitRank,
  ratesByKind,
  readCatalogueCsv,
  type CatalogueRow,
  type KnownItemQuery,
} from '@ebook/server/testing';
import { insertGeneratedBooks } from './generated-books.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CSV_NAME = 'amazon-book30-test.csv';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} wants a whole number`);
  return value;
}

function findCsv(): string | undefined {
  const candidates = process.env.SEARCH_CSV
    ? [path.resolve(process.env.SEARCH_CSV)]
    : [path.join(root, '../shared/data', CSV_NAME), path.join(root, '../../shared/data', CSV_NAME)];
  return candidates.find((candidate) => existsSync(candidate));
}

async function loadCatalogue(app: App, admin: Actor, rows: CatalogueRow[]): Promise<void> {
  const image = dataUrl('image/png', await makePng());
  const pdf = dataUrl('application/pdf', await makePdf('A real catalogue book'));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < rows.length) {
      const row = rows[next++]!;
      let response = await post(row);
      // The document pool says when it is full (a busy machine): wait as it asks, then send again.
      for (let retry = 0; response.statusCode === 503 && retry < 30; retry += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers['retry-after'] ?? 1)));
        response = await post(row);
      }
      if (response.statusCode !== 201) throw new Error(`${row.title}: ${response.statusCode} ${response.body}`);
      done += 1;
      if (done % 100 === 0) process.stdout.write(`\r${done.toLocaleString()} / ${rows.length.toLocaleString()} books`);
    }
  };
  const post = (row: CatalogueRow) =>
    app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: admin.headers,
      payload: {
        title: row.title,
        author: row.author,
        category: row.category,
        price: 4.99,
        story: `${row.title}, by ${row.author}.`,
        description: `${row.title} (${row.category}).`,
        meta: { sku: row.asin },
        image,
        pdf,
      },
    });
  await Promise.all([worker(), worker(), worker(), worker()]);
  process.stdout.write('\n');
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The heap in use after a full garbage collection (gc exposed at run time). */
function heapAfterGc(): number {
  setFlagsFromString('--expose_gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

async function main() {
  const csv = findCsv();
  if (!csv) {
    console.error(
      `The real catalogue ${CSV_NAME} was not found (looked in ../shared/data and ../../shared/data from ${root}).\n` +
        'Set SEARCH_CSV=/path/to/amazon-book30-test.csv to run the search-quality benchmark.',
    );
    process.exit(2);
  }
  const topUp = option('top-up', 0);
  const perKind = option('sample', 300);
  const seed = option('seed', 10);
  const catalogue = readCatalogueCsv(csv);

  // SEARCH_QUALITY_DB keeps a whole store folder (database and files), which `DATA_DIR=<it>` serves.
  const kept = process.env.SEARCH_QUALITY_DB ? path.resolve(process.env.SEARCH_QUALITY_DB) : undefined;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'ebook-search-quality-'));
  const database = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: kept && !process.env.DATABASE_URL ? path.join(kept, 'db') : undefined,
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_SIMULATED_PAYMENTS: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEARCH_INDEX: process.env.SEARCH_INDEX ?? 'memory',
    SEED_DEMO: 'false',
    SEARCHES_PER_MINUTE: '1000000',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    UPLOADS_PER_MEMBER: '4',
    PAYMENT_RECONCILE_INTERVAL_MS: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
  });
  const app = await buildApp({ config, database });
  await app.ready();
  try {
    const started = Date.now();
    const [first] = await app.db
      .select({ id: books.id, cover: books.coverFileId, pdf: books.pdfFileId })
      .from(books)
      .where(sql`${books.meta}->>'sku' = ${catalogue[0]!.asin}`)
      .limit(1);
    if (!first) {
      console.log(`Loading ${catalogue.length.toLocaleString()} real books from ${csv} through POST /api/books`);
      await loadCatalogue(app, await createAdmin(app), catalogue);
      console.log(`  in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const count = await app.db.$count(books);
    if (topUp > count) {
      const [real] = await app.db
        .select({ cover: books.coverFileId, pdf: books.pdfFileId })
        .from(books)
        .where(sql`${books.meta}->>'sku' = ${catalogue[0]!.asin}`)
        .limit(1);
      console.log(`Topping up with ${(topUp - count).toLocaleString()} generated books`);
      await insertGeneratedBooks(app.db, topUp - count, real!.cover!, real!.pdf!, (done) =>
        process.stdout.write(`\r${done.toLocaleString()} / ${(topUp - count).toLocaleString()}`),
      );
      process.stdout.write('\n');
    }
    const total = await app.db.$count(books);
    const queries = knownItemQueries(catalogue, perKind, seed);
    if (app.catalogueIndex) {
      // Built again from scratch, as at a start, now that the catalogue is loaded.
      await app.catalogueIndex.rebuild();
      await app.catalogueIndex.whenReady();
      const { books: indexed, buildMs } = app.catalogueIndex.figures!;
      console.log(`In-memory index: ${indexed.toLocaleString()} public books, built in ${buildMs.toLocaleString()} ms`);
    }
    console.log(
      `${total.toLocaleString()} books (${database.driver === 'pg' ? 'PostgreSQL' : 'PGlite'}), ` +
        `${queries.length} queries (seed ${seed}), every cache dropped before each query\n`,
    );
    // A few unmeasured searches first: the first ones pay for JIT and cold buffers.
    for (const query of queries.slice(0, 20))
      await app.inject({ url: `/api/books?q=${encodeURIComponent(query.q + ' x')}` });

    const outcomes: { query: KnownItemQuery; rank: number; ms: number }[] = [];
    for (const query of queries) {
      app.caches.clear();
      const began = process.hrtime.bigint();
      const response = await app.inject({ url: `/api/books?q=${encodeURIComponent(query.q)}` });
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      if (response.statusCode !== 200) throw new Error(`${query.q}: ${response.statusCode} ${response.body}`);
      const found = response.json<{ books: { title: string; author: string }[] }>().books;
      outcomes.push({ query, rank: hitRank(query, found), ms });
    }
    // Search as you type: every half-typed query's text, never asked before, cold.
    const suggestTimes: number[] = [];
    for (const query of queries.filter((entry) => entry.kind === 'half')) {
      const began = process.hrtime.bigint();
      const response = await app.inject({ url: `/api/books/suggest?q=${encodeURIComponent(query.q.slice(0, 100))}` });
      suggestTimes.push(Number(process.hrtime.bigint() - began) / 1e6);
      if (response.statusCode !== 200) throw new Error(`suggest ${query.q}: ${response.statusCode} ${response.body}`);
    }
    suggestTimes.sort((a, b) => a - b);
    if (app.catalogueIndex) {
      const { index, database: fromDatabase } = app.catalogueIndex.answered;
      const withIndex = heapAfterGc();
      app.catalogueIndex.close();
      const megabytes = (withIndex - heapAfterGc()) / 1024 / 1024;
      console.log(
        `Searches answered by the index: ${index}, by the database: ${fromDatabase}; index memory ` +
          `${megabytes.toFixed(1)} MB (${((megabytes * 10_000) / app.catalogueIndex.figures!.books).toFixed(1)} MB per 10,000 books)\n`,
      );
    }
    const verbose = process.argv.includes('--misses');
    console.log('| Query kind | queries | found first | found in top 5 | cold p50 / p99 |');
    console.log('|---|---|---|---|---|');
    for (const rates of ratesByKind(outcomes)) {
      const times = outcomes
        .filter((outcome) => outcome.query.kind === rates.kind)
        .map((outcome) => outcome.ms)
        .sort((a, b) => a - b);
      console.log(
        `| ${rates.kind} | ${rates.queries} | ${percent(rates.first)} | ${percent(rates.top5)} | ` +
          `${percentile(times, 0.5).toFixed(1)} ms / ${percentile(times, 0.99).toFixed(1)} ms |`,
      );
      if (verbose) for (const miss of rates.misses) console.log(`    miss: ${miss}`);
    }
    // Precision: made-up words beside a real title word ("zqxj-no-such-book") and common words alone.
    const nothing = nothingQueries(catalogue, perKind, seed);
    const wrong: string[] = [];
    for (const q of nothing) {
      const response = await app.inject({ url: `/api/books?q=${encodeURIComponent(q)}` });
      if (response.statusCode !== 200) throw new Error(`${q}: ${response.statusCode} ${response.body}`);
      const total = response.json<{ total: number }>().total;
      if (total > 0) wrong.push(`${q} → ${total} books`);
    }
    console.log(
      `\nPrecision: ${nothing.length - wrong.length} of ${nothing.length} nonsense or common-words-only queries find nothing`,
    );
    if (verbose) for (const line of wrong) console.log(`    found: ${line}`);
    console.log(
      `\nGET /api/books/suggest, ${suggestTimes.length} half-typed titles: ` +
        `p50 ${percentile(suggestTimes, 0.5).toFixed(1)} ms, p99 ${percentile(suggestTimes, 0.99).toFixed(1)} ms`,
    );
  } finally {
    await app.close(); // closes the database too
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
    rmSync(config.gatewayDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
