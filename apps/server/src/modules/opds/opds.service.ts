/** What the OPDS feeds show: catalogue pages from the books module, and what the reader may download. */
import { inArray } from 'drizzle-orm';
import type { BookType } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { files } from '../../db/schema/index.js';
import {
  type Caches,
  type CatalogueIndexKeeper,
  listPublicBooks,
  type BookListResult,
  type BookRecord,
  ownedAmong,
  bookAccess,
  type Caller,
} from '../books/index.js';
import type { Acquisition } from './opds-book-entry.js';

/** Entries per page of an acquisition feed. */
export const OPDS_PAGE_SIZE = 50;

export interface CataloguePageQuery {
  page: number;
  type?: BookType;
  category?: string;
  q?: string;
}

/** A page of the public catalogue, through the same service (and caches) as GET /api/books. */
export function cataloguePage(
  db: Db,
  caches: Caches,
  query: CataloguePageQuery,
  catalogueIndex?: CatalogueIndexKeeper,
): Promise<BookListResult> {
  return listPublicBooks(
    db,
    caches,
    {
      page: query.page,
      limit: OPDS_PAGE_SIZE,
      type: query.type ?? 'all',
      category: query.category,
      q: query.q,
      sort: query.q ? 'relevance' : 'newest',
    },
    catalogueIndex,
  );
}

/**
 * How each book is to be had by this reader: free books are open access; a paid book is the reader's
 * when books.policy lets them download it (the download itself asks again); otherwise it is for sale.
 */
export async function acquisitionsFor(db: Db, caller: Caller, list: BookRecord[]): Promise<Map<string, Acquisition>> {
  const paid = list.filter((book) => book.priceCents > 0);
  const owned = caller
    ? await ownedAmong(
        db,
        caller.id,
        paid.map((book) => book.id),
      )
    : new Set<string>();
  return new Map(
    list.map((book): [string, Acquisition] => {
      if (book.priceCents === 0) return [book.id, 'open-access'];
      return [book.id, bookAccess(book, caller, owned.has(book.id)).download === 'yes' ? 'owned' : 'buy'];
    }),
  );
}

/** The media type of each cover on the page (one query), for the image links' type. */
export async function coverTypesOf(db: Db, list: BookRecord[]): Promise<Map<string, string>> {
  const ids = list.flatMap((book) => (book.coverFileId ? [book.coverFileId] : []));
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: files.id, mime: files.mime }).from(files).where(inArray(files.id, ids));
  return new Map(rows.map((row) => [row.id, row.mime]));
}
