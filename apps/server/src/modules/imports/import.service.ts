/**
 * Importing a catalogue: rows are read as a stream and handled in batches. Each batch finds the books
 * its rows already have (by import key, then ISBN, then title and author, one query), decides created /
 * updated / unchanged / skipped, and, unless the import is dry, writes the batch in one transaction.
 * A preview and its commit therefore agree, an import stopped at any point leaves whole batches only,
 * and running it again updates what the first run wrote instead of duplicating it.
 */
import { eq, sql } from 'drizzle-orm';
import { IMPORT_SKIP_REASONS, type BookMeta, type ImportSummary } from '@ebook/shared';
import type { Db, Executor } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import { readRow, titleAuthorKey, type ImportBook } from './import-row.js';
import type { CsvRow } from './catalogue-csv.js';

/** The database, and the catalogue caches to empty after each write (none in the command line). */
interface ImportDeps {
  db: Db;
  caches: { clear(): void };
}

export interface ImportOptions {
  dryRun: boolean;
  /** Price of rows without one, in cents (0: free). */
  defaultPriceCents: number;
  /** Checked between batches: an aborted import stops after the batch it is writing. */
  signal?: AbortSignal;
  /** Told the running totals after each batch. */
  onProgress?: (summary: ImportSummary) => void;
}

/** Rows per batch: one matching query and one transaction each (short, so other requests interleave). */
const BATCH_ROWS = 100;
const LISTED_SKIPS = 1000;

export interface ExistingBook {
  id: string;
  title: string;
  author: string;
  category: string;
  priceCents: number;
  description: string;
  story: string;
  meta: BookMeta;
  importKey: string | null;
  status: string;
  hasFiles: boolean;
  coverFileId: string | null;
  pdfFileId: string | null;
  epubFileId: string | null;
  /** The stored PDF's and EPUB's content hashes (kept byte for byte: a library file is compared by them). */
  pdfSha: string | null;
  epubSha: string | null;
}

/**
 * A second row for the same book in one file: skipped (the first one wins), in preview and commit
 * alike. Answers the reason, or null for a book not seen before (then remembered).
 */
export function duplicateGuard(): (book: ImportBook) => string | null {
  const keys = new Set<string>();
  const isbns = new Set<string>();
  const titles = new Set<string>();
  return (book) => {
    const title = titleAuthorKey(book);
    const earlier =
      (book.key && keys.has(book.key) && IMPORT_SKIP_REASONS.duplicateId) ||
      (book.isbn && isbns.has(book.isbn) && IMPORT_SKIP_REASONS.duplicateIsbn) ||
      (titles.has(title) && IMPORT_SKIP_REASONS.duplicateTitle) ||
      null;
    if (earlier) return earlier;
    if (book.key) keys.add(book.key);
    if (book.isbn) isbns.add(book.isbn);
    titles.add(title);
    return null;
  };
}

export function emptySummary(dryRun: boolean): ImportSummary {
  return { dryRun, rows: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, needsFile: 0, skippedRows: [] };
}

/** Imports the rows of a catalogue CSV (see catalogue-csv.ts) and returns what it did. */
export async function importCatalogue(
  deps: ImportDeps,
  rows: AsyncIterable<CsvRow>,
  options: ImportOptions,
): Promise<ImportSummary> {
  const summary = emptySummary(options.dryRun);
  const seen = duplicateGuard();
  let batch: ImportBook[] = [];

  const skip = (line: number, title: string, reason: string) => {
    summary.skipped += 1;
    if (summary.skippedRows.length < LISTED_SKIPS) summary.skippedRows.push({ row: line, title, reason });
  };
  const flush = async () => {
    if (batch.length === 0) return;
    await handleBatch(deps, batch, summary, options.dryRun);
    batch = [];
    options.onProgress?.(structuredClone(summary));
  };

  for await (const row of rows) {
    summary.rows += 1;
    const outcome = readRow(row.line, row.fields, options.defaultPriceCents);
    if ('skip' in outcome) {
      skip(row.line, outcome.title, outcome.skip);
      continue;
    }
    const book = outcome.book;
    const earlier = seen(book);
    if (earlier) {
      skip(row.line, book.title, earlier);
      continue;
    }
    batch.push(book);
    if (batch.length >= BATCH_ROWS) {
      await flush();
      if (options.signal?.aborted) break;
    }
  }
  if (!options.signal?.aborted) await flush();
  return summary;
}

async function handleBatch(deps: ImportDeps, batch: ImportBook[], summary: ImportSummary, dryRun: boolean) {
  const write = async (tx: Executor) => {
    const existing = await findExisting(tx, batch);
    const created: ImportBook[] = [];
    for (const [index, book] of batch.entries()) {
      const current = existing.get(index);
      if (!current) {
        created.push(book);
        summary.created += 1;
        summary.needsFile += 1;
        continue;
      }
      const next = mergeInto(current, book);
      if (!current.hasFiles) summary.needsFile += 1;
      if (!next) {
        summary.unchanged += 1;
        continue;
      }
      summary.updated += 1;
      if (!dryRun) {
        await tx
          .update(books)
          .set({ ...next, version: sql`${books.version} + 1`, updatedAt: new Date() })
          .where(eq(books.id, current.id));
      }
    }
    if (!dryRun && created.length > 0) {
      await tx.insert(books).values(
        created.map((book) => ({
          title: book.title,
          author: book.author,
          category: book.category,
          priceCents: book.priceCents,
          description: book.description,
          story: book.story,
          meta: book.meta,
          importKey: book.key,
          // No file yet: not listed until the admin adds the PDF and the cover (books.service updateBook).
          status: 'incomplete' as const,
        })),
      );
    }
  };
  if (dryRun) {
    await write(deps.db);
  } else {
    await deps.db.transaction(write);
    deps.caches.clear();
  }
}

/**
 * The books the batch's rows already have, by row index: the one with the row's import key, else its
 * ISBN, else its title and author (titles compared as the catalogue's title_key does). Three set
 * queries per batch, each on its own index, whatever the size of the catalogue.
 */
export async function findExisting(db: Executor, batch: ImportBook[]): Promise<Map<number, ExistingBook>> {
  const keys = batch.flatMap((book) => (book.key ? [book.key] : []));
  const isbns = batch.flatMap((book) => (book.isbn ? [book.isbn] : []));
  const wanted = JSON.stringify(batch.map((book, n) => ({ n, title: book.title, author: book.author })));
  const columns = sql`b.id, b.title, b.author, b.category, b.price_cents as "priceCents", b.description,
    b.story, b.meta, b.import_key as "importKey", b.status, b.cover_file_id as "coverFileId",
    b.pdf_file_id as "pdfFileId", b.epub_file_id as "epubFileId",
    (select f.sha256 from files f where f.id = b.pdf_file_id) as "pdfSha",
    (select f.sha256 from files f where f.id = b.epub_file_id) as "epubSha",
    (b.cover_file_id is not null and (b.pdf_file_id is not null or b.epub_file_id is not null)) as "hasFiles"`;
  const [byKey, byIsbn, byTitle] = (await Promise.all([
    keys.length === 0
      ? { rows: [] }
      : db.execute(
          sql`select ${columns} from books b where b.import_key in ${sql`(${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})`}`,
        ),
    isbns.length === 0
      ? { rows: [] }
      : db.execute(
          sql`select ${columns}, b.meta->>'sku' as "isbn" from books b where (b.meta->>'sku') in ${sql`(${sql.join(
            isbns.map((isbn) => sql`${isbn}`),
            sql`, `,
          )})`} order by b.created_at`,
        ),
    db.execute(sql`
      select w.n, ${columns}
      from (select n, btrim(regexp_replace(lower(title), '[^[:alnum:]]+', ' ', 'g')) as title_key,
                   lower(author) as author_key
            from json_to_recordset(${wanted}::json) as r(n int, title text, author text)) w
      join books b on b.title_key = w.title_key and lower(b.author) = w.author_key
      order by b.created_at`),
  ])) as { rows: (ExistingBook & { n?: number; isbn?: string })[] }[];
  const keyed = new Map(byKey!.rows.map((row) => [row.importKey!, row]));
  const isbned = new Map<string, ExistingBook>();
  for (const row of byIsbn!.rows) if (!isbned.has(row.isbn!)) isbned.set(row.isbn!, row);
  const titled = new Map<number, ExistingBook>();
  for (const row of byTitle!.rows) if (!titled.has(row.n!)) titled.set(row.n!, row);
  const found = new Map<number, ExistingBook>();
  batch.forEach((book, n) => {
    const match = (book.key && keyed.get(book.key)) || (book.isbn && isbned.get(book.isbn)) || titled.get(n);
    if (match) found.set(n, match);
  });
  return found;
}

/** The columns to change so the book says what the row says, or null when it already does. */
export function mergeInto(current: ExistingBook, book: ImportBook) {
  const meta: BookMeta = { ...current.meta, ...book.meta };
  const next = {
    title: book.title,
    author: book.author,
    category: book.category,
    priceCents: book.priceCents,
    // An empty description or story in the file keeps the book's own.
    description: book.description || current.description,
    story: book.story || current.story,
    meta,
    importKey: book.key ?? current.importKey,
  };
  const same =
    next.title === current.title &&
    next.author === current.author &&
    next.category === current.category &&
    next.priceCents === current.priceCents &&
    next.description === current.description &&
    next.story === current.story &&
    next.importKey === current.importKey &&
    sameMeta(meta, current.meta);
  return same ? null : next;
}

function sameMeta(a: BookMeta, b: BookMeta): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof BookMeta)[]);
  return [...keys].every((key) => (a[key] ?? null) === (b[key] ?? null));
}
