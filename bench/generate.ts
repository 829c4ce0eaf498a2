/**
 * Fills a database with N books for the load benchmark (default 100,000): PostgreSQL when
 * DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/db (default ./data-bench, outside
 * git). One cover and one small PDF are shared by every book. Rows are made by PostgreSQL itself
 * (generate_series, batches of 20,000), so 100,000 books take well under a minute.
 *
 *   npx tsx generate.ts [N]            # see README.md
 */
import path from 'node:path';
import { openDatabase, books, files, renderCover, renderPdf, SEED_BOOKS, LocalFileStore } from '@ebook/server';
import { insertGeneratedBooks } from './generated-books.js';

const count = Number(process.argv[2] ?? process.env.BENCH_BOOKS ?? 100_000);
const dataDir = path.resolve(process.env.DATA_DIR ?? './data-bench');

async function main() {
  const started = Date.now();
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: path.join(dataDir, 'db') });
  const { db } = database;
  const store = new LocalFileStore(path.join(dataDir, 'files'));

  const sample = SEED_BOOKS[0]!;
  const cover = await store.stage(await renderCover(sample), Number.MAX_SAFE_INTEGER);
  const pdf = await store.stage(await renderPdf(sample), Number.MAX_SAFE_INTEGER);
  await Promise.all([cover.commit(), pdf.commit()]);
  const [coverRow] = await db
    .insert(files)
    .values({ sha256: cover.sha256, mime: 'image/jpeg', sizeBytes: cover.sizeBytes, width: 600, height: 900 })
    .onConflictDoUpdate({ target: [files.sha256, files.mime], set: { sha256: cover.sha256 } })
    .returning({ id: files.id });
  const [pdfRow] = await db
    .insert(files)
    .values({ sha256: pdf.sha256, mime: 'application/pdf', sizeBytes: pdf.sizeBytes })
    .onConflictDoUpdate({ target: [files.sha256, files.mime], set: { sha256: pdf.sha256 } })
    .returning({ id: files.id });

  await insertGeneratedBooks(db, count, coverRow!.id, pdfRow!.id, (done) =>
    process.stdout.write(`\r${done.toLocaleString()} / ${count.toLocaleString()} books`),
  );
  // No VACUUM ANALYZE here: the server refreshes statistics and visibility maps itself after large
  // changes (apps/server/src/plugins/db-maintenance.ts), as it must after any real import.
  const total = await db.$count(books);
  await database.close();
  console.log(
    `\n${total.toLocaleString()} books in ${database.driver === 'pg' ? 'PostgreSQL' : dataDir} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
