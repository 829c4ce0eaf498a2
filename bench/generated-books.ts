/**
 * Generated books written by PostgreSQL itself (generate_series, batches of 20,000): titles are one of
 * the vocabulary's adjective-noun pairs plus a number, authors one of its names. Shared by generate.ts
 * and search-quality.ts (its --top-up).
 */
import { sql } from 'drizzle-orm';
import { type Db, books, SEED_BOOKS } from '@ebook/server';
import { ADJECTIVES, FIRST, LAST, NOUNS } from './vocabulary.js';

const BATCH = 20_000;
const CATEGORIES = [...new Set(SEED_BOOKS.map((book) => book.category))];

const pgArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`);

export async function insertGeneratedBooks(
  db: Db,
  count: number,
  coverFileId: string,
  pdfFileId: string,
  onProgress?: (done: number) => void,
): Promise<void> {
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
             ${coverFileId}::uuid, ${pdfFileId}::uuid,
             case when g % 50 = 0 then 'pending' else 'added' end,
             jsonb_build_object('sku', 'BENCH-' || g, 'tags', 'bench, generated', 'format', 'PDF',
                                'pages', 100 + g % 400, 'publishYear', 1800 + g % 220, 'language', 'English',
                                'availability', 'Available'),
             now() - (g + ${offset}) * interval '1 minute', now()
      from generate_series(${from}::int, ${to}::int) as g`);
    onProgress?.(to);
  }
}
