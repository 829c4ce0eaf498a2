/**
 * Reading the public catalogue: filters, search, facets and paging, all done by the database.
 *
 * Four things keep it fast at 100,000 books (see bench/README.md):
 * - totals and category facets come from ONE grouped query per (search, type) whose result is cached
 *   for a few seconds (refreshed in the background once stale) and dropped on every write by this
 *   app, so no exact COUNT(*) runs per request and no request waits for one;
 * - newest-first pages are found by their page keys: the sort key of the last row of every page, read
 *   in one pass per (filter, page size) and cached the same way. Page N is then "the next `limit` rows
 *   after key N-1", one short index range read with no OFFSET however deep the page;
 * - those page reads are prepared statements with the LIMIT written in, so PostgreSQL keeps one
 *   generic plan for them (with a LIMIT parameter it re-planned every call, 4 times the query's cost);
 * - a page's rows are cached for a few seconds, dropped on every write by this app.
 * The caches are the app's own (catalogue-caches.ts): another server copy's write shows here within 5 s
 * (page boundaries within 30 s).
 */
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { BookListQuery, BookType } from '@ebook/shared';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { books, type BookRow } from '../../db/schema/index.js';
import { publicStatus } from './books.policy.js';
import type { Caches } from './catalogue-caches.js';
import { buildSearch, type Search } from './books-search.service.js';
import type { CatalogueIndexKeeper } from './catalogue-index-keeper.js';
import { listFromIndex } from './catalogue-index-search.js';

/** The columns a presenter needs (not the search vector). */
export const bookColumns = {
  id: books.id,
  title: books.title,
  author: books.author,
  category: books.category,
  priceCents: books.priceCents,
  story: books.story,
  description: books.description,
  coverFileId: books.coverFileId,
  pdfFileId: books.pdfFileId,
  epubFileId: books.epubFileId,
  status: books.status,
  userId: books.userId,
  meta: books.meta,
  reviewedAt: books.reviewedAt,
  version: books.version,
  rejectionReason: books.rejectionReason,
  reviewCount: books.reviewCount,
  ratingTotal: books.ratingTotal,
  samplePages: books.samplePages,
  sampleFileId: books.sampleFileId,
  sampleStatus: books.sampleStatus,
  epubSampleFileId: books.epubSampleFileId,
  epubSampleStatus: books.epubSampleStatus,
  createdAt: books.createdAt,
  updatedAt: books.updatedAt,
};
export type BookRecord = Omit<BookRow, 'searchVector' | 'titleKey' | 'importKey'>;

/** Written literally (not as parameters) so the planner can use the partial indexes on public rows. */
export const isPublic = publicStatus(books.status);

/**
 * How deep the other sorts go (like most search engines): only newest-first has page keys, and an
 * OFFSET walks every row it skips.
 */
const MAX_SORTED_DEPTH = 10_000;

export interface Facets {
  categories: { name: string; count: number }[];
  total: number;
}
/** createdAt is kept as PostgreSQL text: a JS Date would drop the microseconds and break the keyset. */
export interface PageKey {
  createdAt: string;
  id: string;
}

/**
 * A public book from the few-second cache, or null (not found, or not public: the caller then applies
 * the full rules). Only for display; download rights are always checked against the database.
 */
export async function findPublicBookCached(db: Executor, caches: Caches, id: string): Promise<BookRecord | null> {
  const { book } = await caches.publicBooks.getOrLoad(id, async () => {
    const [row] = await db
      .select(bookColumns)
      .from(books)
      .where(and(eq(books.id, id), isPublic))
      .limit(1);
    return { book: row ?? null };
  });
  return book;
}

/** Public books by id, in the order given, from the few-second cache or in one query. */
export async function publicBooksByIds(
  db: Executor,
  caches: Caches,
  ids: string[],
  /** The index's rows cache and key prefix (index, generation) instead of `publicBooks`. */
  index?: { prefix: string },
): Promise<BookRecord[]> {
  const held = index ? caches.indexRows : caches.publicBooks;
  const key = (id: string) => (index ? `${index.prefix}|${id}` : id);
  const missing = ids.filter((id) => held.get(key(id)) === undefined);
  if (missing.length > 0) {
    const rows = await db
      .select(bookColumns)
      .from(books)
      .where(and(inArray(books.id, missing), isPublic));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of missing) held.set(key(id), { book: byId.get(id) ?? null });
  }
  return ids.flatMap((id) => {
    const book = held.get(key(id))?.book;
    return book ? [book] : [];
  });
}

function typeCondition(type: BookType): SQL | undefined {
  if (type === 'free') return eq(books.priceCents, 0);
  if (type === 'paid') return gt(books.priceCents, 0);
  return undefined;
}

export interface BookListResult {
  books: BookRecord[];
  total: number;
  categories: { name: string; count: number }[];
}

/**
 * The catalogue page for a query. A search is answered by the app's in-memory index when it is built
 * and current (catalogue-index-keeper.ts), by the database otherwise; the page's rows are read by id.
 */
export async function listPublicBooks(
  db: Executor,
  caches: Caches,
  query: BookListQuery,
  catalogueIndex?: CatalogueIndexKeeper,
): Promise<BookListResult> {
  const q = query.q && query.q.length > 0 ? query.q : undefined;
  const category = query.category && query.category.length > 0 ? query.category : undefined;
  const offset = (query.page - 1) * query.limit;
  const sort = query.sort ?? (q ? 'relevance' : 'newest');
  if (sort !== 'newest' && offset + query.limit > MAX_SORTED_DEPTH) {
    throw badRequest(
      `Results sorted by relevance, title or price go ${MAX_SORTED_DEPTH.toLocaleString('en')} deep; narrow the search or the filters to see further.`,
      'PAGE_TOO_DEEP',
    );
  }
  const memory = q ? await catalogueIndex?.current() : undefined;
  if (memory && q) {
    const key = `${memory.built}|${memory.generation}|${query.type}|${q}|${category ?? ''}|${sort}|${offset}|${query.limit}`;
    const found = await caches.indexPages.getOrLoad(key, async () =>
      listFromIndex(memory, { q, type: query.type, category, sort, offset, limit: query.limit }),
    );
    const rows = await publicBooksByIds(db, caches, found.ids, { prefix: `${memory.built}|${memory.generation}` });
    return { books: rows, total: found.total, categories: found.categories };
  }
  const search = q ? await buildSearch(db, caches, q) : undefined;
  const base = and(isPublic, typeCondition(query.type), search?.condition);
  const where = and(base, category ? eq(books.category, category) : undefined);

  const filterKey = `${query.type}|${q ?? ''}|${category ?? ''}`;
  // async: a Drizzle query is a thenable that runs again on every await, so it must not be cached as is.
  const sortedPage = async () =>
    db
      .select(bookColumns)
      .from(books)
      .where(where)
      .orderBy(...orderFor(sort as Exclude<typeof sort, 'newest'>, search))
      .limit(query.limit)
      .offset(offset);
  const [facets, rows] = await Promise.all([
    loadFacets(db, caches, base, `${query.type}|${q ?? ''}`),
    caches.pages.getOrLoad(`${filterKey}|${sort}|${offset}|${query.limit}`, () =>
      sort === 'newest'
        ? pageNewestFirst(
            db,
            caches,
            where,
            filterKey,
            offset,
            query.limit,
            q ? undefined : { type: query.type, category },
          )
        : sortedPage(),
    ),
  ]);
  const total = category ? (facets.categories.find((entry) => entry.name === category)?.count ?? 0) : facets.total;
  return { books: rows, total, categories: facets.categories };
}

function orderFor(sort: Exclude<BookListQuery['sort'], undefined | 'newest'>, search: Search | undefined): SQL[] {
  const newest = [sql`${books.createdAt} desc`, sql`${books.id} desc`];
  switch (sort) {
    case 'title':
      return [sql`lower(${books.title}) asc`, ...newest];
    case 'price-asc':
      return [sql`${books.priceCents} asc`, ...newest];
    case 'price-desc':
      return [sql`${books.priceCents} desc`, ...newest];
    case 'rating':
      // Best average first; unrated books last; among equals, the more reviewed.
      return [
        sql`${books.ratingTotal}::float / nullif(${books.reviewCount}, 0) desc nulls last`,
        sql`${books.reviewCount} desc`,
        ...newest,
      ];
    case 'relevance':
      if (!search) return newest;
      return [sql`${search.rank} desc`, ...newest];
  }
}

/** Category counts of the whole filtered set (ignoring the category filter, so every button stays). */
async function loadFacets(db: Executor, caches: Caches, where: SQL | undefined, key: string): Promise<Facets> {
  return caches.facets.getOrLoad(key, async () => {
    const rows = await db
      .select({ name: books.category, count: sql<number>`count(*)::int` })
      .from(books)
      .where(where)
      .groupBy(books.category)
      .orderBy(books.category);
    return { categories: rows, total: rows.reduce((sum, row) => sum + row.count, 0) };
  });
}

/**
 * Newest-first paging by page keys. The first page needs none; page N starts after the key of page
 * N-1. A page the keys do not reach (past the end, or keys a little older than another server copy's
 * new books) starts from the last key and skips the rest with OFFSET, at most a page or two of rows.
 */
async function pageNewestFirst(
  db: Executor,
  caches: Caches,
  where: SQL | undefined,
  key: string,
  offset: number,
  limit: number,
  plain?: { type: BookType; category: string | undefined },
): Promise<BookRecord[]> {
  let after: PageKey | undefined;
  let skip = 0;
  if (offset > 0) {
    const keys = await caches.pageKeys.getOrLoad(`${key}|${limit}`, () => loadPageKeys(db, where, limit));
    const index = Math.min(offset / limit - 1, keys.length - 1);
    after = keys[index];
    skip = offset - (index + 1) * limit;
  }
  if (plain && skip === 0) {
    return preparedPage(
      db,
      caches.preparedPages,
      plain.type,
      plain.category !== undefined,
      after !== undefined,
      limit,
    ).execute({
      category: plain.category,
      at: after?.createdAt,
      afterId: after?.id,
    }) as Promise<BookRecord[]>;
  }
  const condition = and(
    where,
    after ? keysetAfter(sql`${after.createdAt}::timestamptz`, sql`${after.id}::uuid`) : undefined,
  );
  const newest = [sql`${books.createdAt} desc`, sql`${books.id} desc`];
  if (skip === 0)
    return db
      .select(bookColumns)
      .from(books)
      .where(condition)
      .orderBy(...newest)
      .limit(limit);
  // Skip rows in the index alone (an index-only scan of (created_at, id)), then read just the page's
  // rows: an OFFSET over full rows would fetch every skipped row from the table.
  const pageIds = db
    .select({ id: books.id })
    .from(books)
    .where(condition)
    .orderBy(...newest)
    .limit(limit)
    .offset(skip);
  return db
    .select(bookColumns)
    .from(books)
    .where(inArray(books.id, pageIds))
    .orderBy(...newest);
}

/** Rows after (at, id) in newest-first order; spelled out, as the planner misjudges a row comparison. */
function keysetAfter(at: SQL, id: SQL): SQL {
  return sql`${books.createdAt} <= ${at} and (${books.createdAt} < ${at} or ${books.id} < ${id})`;
}

export type PreparedPage = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * A library page without search as a named prepared statement, one per filter shape and page size,
 * kept with the app's caches (they are prepared on its database).
 * The LIMIT is part of the text, not a parameter: PostgreSQL then keeps a generic plan (planning cost
 * 4 times more than running it: 0.15 ms against 0.04 ms at 100,000 books).
 */
function preparedPage(
  db: Executor,
  statements: Map<string, PreparedPage>,
  type: BookType,
  withCategory: boolean,
  afterKey: boolean,
  limit: number,
): PreparedPage {
  const name = `books_page_${type}_${withCategory ? 'category' : 'any'}_${afterKey ? 'after' : 'top'}_${limit}`;
  let statement = statements.get(name);
  if (!statement) {
    const condition = and(
      isPublic,
      typeCondition(type),
      withCategory ? sql`${books.category} = ${sql.placeholder('category')}` : undefined,
      afterKey
        ? keysetAfter(sql`${sql.placeholder('at')}::timestamptz`, sql`${sql.placeholder('afterId')}::uuid`)
        : undefined,
    );
    statement = db
      .select(bookColumns)
      .from(books)
      .where(condition)
      .orderBy(sql`${books.createdAt} desc`, sql`${books.id} desc`)
      // Drizzle types the limit as a number or a placeholder and writes any SQL chunk as given.
      .limit(sql.raw(String(Math.trunc(limit))) as unknown as number)
      .prepare(name);
    statements.set(name, statement);
  }
  return statement;
}

/** The sort key of rows limit, 2*limit, ... (1-based) in newest-first order: the end of every page. */
async function loadPageKeys(db: Executor, where: SQL | undefined, limit: number): Promise<PageKey[]> {
  const ordered = db
    .select({
      createdAt: sql<string>`${books.createdAt}::text`.as('created_at_text'),
      id: books.id,
      position: sql<number>`row_number() over (order by ${books.createdAt} desc, ${books.id} desc)`.as('position'),
    })
    .from(books)
    .where(where)
    .as('ordered');
  return db
    .select({ createdAt: ordered.createdAt, id: ordered.id })
    .from(ordered)
    .where(sql`${ordered.position} % ${limit} = 0`)
    .orderBy(ordered.position);
}
