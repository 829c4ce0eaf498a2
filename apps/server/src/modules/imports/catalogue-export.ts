/**
 * The catalogue as a catalogue CSV (the import's template), streamed page by page: the books an
 * admin manages (added, approved, incomplete), in the order of their `id` column, so that an export
 * imported into an empty store and exported again is the same file.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import { CATALOGUE_CSV_COLUMNS, type BookStatus, type CatalogueField } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { books } from '../../db/schema/index.js';

const PAGE = 500;
const EXPORTED: BookStatus[] = ['added', 'approved', 'incomplete'];

const exportKey = sql<string>`coalesce(${books.importKey}, ${books.id}::text)`;

async function* catalogueRecords(db: Db): AsyncGenerator<Record<CatalogueField, string>> {
  let after: string | null = null;
  for (;;) {
    const page = await db
      .select({
        key: exportKey,
        title: books.title,
        author: books.author,
        category: books.category,
        priceCents: books.priceCents,
        description: books.description,
        story: books.story,
        meta: books.meta,
      })
      .from(books)
      .where(and(inArray(books.status, EXPORTED), after === null ? undefined : gt(exportKey, after)))
      .orderBy(asc(exportKey))
      .limit(PAGE);
    for (const book of page) {
      yield {
        id: book.key,
        title: book.title,
        author: book.author,
        category: book.category,
        price: (book.priceCents / 100).toFixed(2),
        isbn: book.meta.sku ?? '',
        tags: book.meta.tags ?? '',
        language: book.meta.language ?? '',
        publish_year: book.meta.publishYear?.toString() ?? '',
        pages: book.meta.pages?.toString() ?? '',
        description: book.description,
        story: book.story,
      };
    }
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.key;
  }
}

export function exportCatalogueCsv(db: Db): Readable {
  return Readable.from(catalogueRecords(db)).pipe(
    stringify({ header: true, columns: [...CATALOGUE_CSV_COLUMNS], quoted_string: false }),
  );
}
