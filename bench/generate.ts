/**
 * Fills a database with N books for the load benchmark (default 100,000): PostgreSQL when
 * DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/db (default ./data-bench, outside
 * git). One cover and one small PDF are shared by every book. Rows are made by PostgreSQL itself
 * (generate_series, batches of 20,000), so 100,000 books take well under a minute.
 *
 *   npx tsx generate.ts [N]            # see README.md
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { books, files } from '../apps/server/src/db/schema/index.js';
import { renderCover, renderPdf } from '../apps/server/src/db/seed/catalogue.js';
import { SEED_BOOKS } from '../apps/server/src/db/seed/catalogue-data.js';
import { LocalFileStore } from '../apps/server/src/lib/file-store.js';
import { ADJECTIVES, FIRST, LAST, NOUNS } from './vocabulary.js';

const count = Number(process.argv[2] ?? process.env.BENCH_BOOKS ?? 100_000);
const dataDir = path.resolve(process.env.DATA_DIR ?? './data-bench');
const BATCH = 20_000;

const CATEGORIES = [...new Set(SEED_BOOKS.map((book) => book.category))];

const pgArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

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

  const existing = await db.$count(books);
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    const offset = existing;
    // Every value is derived from g, so runs are reproducible; 2% of books are pending (not public).
    await db.execute(sql`
      insert into books (id, title, author, category, price_cents, story, description, cover_file_id, pdf_file_id,
                         status, meta, created_at, updated_at)
      select gen_random_uuid(),
             (${pgArray(ADJECTIVES)})[1 + (g * 7) % ${ADJECTIVES.length}] || ' ' ||
               (${pgArray(NOUNS)})[1 + (g * 13) % ${NOUNS.length}] || ' ' || (g + ${offset}),
             (${pgArray(FIRST)})[1 + (g * 3) % ${FIRST.length}] || ' ' || (${pgArray(LAST)})[1 + (g * 11) % ${LAST.length}],
             (${pgArray(CATEGORIES)})[1 + g % ${CATEGORIES.length}],
             case when g % 3 = 0 then 0 else 199 + (g % 13) * 100 end,
             'A short teaser for bench book ' || g || '.',
             'A generated description of bench book ' || g || ', for load testing.',
             ${coverRow!.id}::uuid, ${pdfRow!.id}::uuid,
             case when g % 50 = 0 then 'pending' else 'added' end,
             jsonb_build_object('sku', 'BENCH-' || g, 'tags', 'bench, generated', 'format', 'PDF',
                                'pages', 100 + g % 400, 'publishYear', 1800 + g % 220, 'language', 'English',
                                'availability', 'Available'),
             now() - (g + ${offset}) * interval '1 minute', now()
      from generate_series(${from}::int, ${to}::int) as g`);
    process.stdout.write(`\r${to.toLocaleString()} / ${count.toLocaleString()} books`);
  }
  // Fresh statistics and visibility map (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze books`);
  await db.execute(sql`vacuum analyze files`);
  await db.execute(sql`vacuum analyze search_words`);
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
