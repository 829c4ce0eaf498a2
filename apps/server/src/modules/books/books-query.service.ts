/**
 * Reading the public catalogue: filters, search, facets and paging, all done by the database.
 *
 * Three things keep it fast at 100,000 books (see bench/README.md):
 * - totals and category facets come from ONE grouped query per (search, type) whose result is cached
 *   for a few seconds and dropped on every write by this process, so no exact COUNT(*) runs per request;
 * - deep pages of the "newest first" order start from a cached anchor (the sort key of every
 *   ANCHOR_SPACING-th row), so a page never skips more than ANCHOR_SPACING rows with OFFSET;
 * - a page's rows are cached for the same few seconds, dropped on every write by this process.
 * Another server copy's write shows here within CACHE_TTL_MS.
 */
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { BookListQuery, BookType } from '@ebook/shared';
import type { Executor } from '../../db/client.js';
import { books, type BookRow } from '../../db/schema/index.js';
import { TtlCache } from './ttl-cache.js';

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
  status: books.status,
  userId: books.userId,
  meta: books.meta,
  reviewedAt: books.reviewedAt,
  createdAt: books.createdAt,
  updatedAt: books.updatedAt,
};
export type BookRecord = Omit<BookRow, 'searchVector'>;

/** Written literally (not as parameters) so the planner can use the partial indexes on public rows. */
export const isPublic = sql.raw(`"books"."status" in ('added', 'approved')`);

const ANCHOR_SPACING = 100;
const CACHE_TTL_MS = 5_000;

interface Facets {
  categories: { name: string; count: number }[];
  total: number;
}
/** createdAt is kept as PostgreSQL text: a JS Date would drop the microseconds and break the keyset. */
interface Anchor {
  createdAt: string;
  id: string;
}

const facetCache = new TtlCache<Facets>(CACHE_TTL_MS, 1_000);
const anchorCache = new TtlCache<Anchor[]>(CACHE_TTL_MS * 6, 200);
/**
 * Pages too are kept for a few seconds: popular pages (the first ones, common searches) are then
 * served from memory, which matters most on the embedded database (one thread for HTTP and SQL).
 */
const pageCache = new TtlCache<BookRecord[]>(CACHE_TTL_MS, 5_000);

/** Public books by id (detail and cover lookups); null = missing or not public. */
const publicBookCache = new TtlCache<BookRecord | null>(CACHE_TTL_MS, 10_000);

/** Every write to books calls this, so this process never serves a stale total after its own write. */
export function invalidateCatalogueCaches(): void {
  facetCache.clear();
  anchorCache.clear();
  pageCache.clear();
  publicBookCache.clear();
}

/**
 * A public book from the few-second cache, or null (not found, or not public: the caller then applies
 * the full rules). Only for display; download rights are always checked against the database.
 */
export function findPublicBookCached(db: Executor, id: string): Promise<BookRecord | null> {
  return publicBookCache.getOrLoad(id, async () => {
    const [book] = await db
      .select(bookColumns)
      .from(books)
      .where(and(eq(books.id, id), isPublic))
      .limit(1);
    return book ?? null;
  });
}

function tsQuery(q: string): SQL {
  return sql`websearch_to_tsquery('english', ${q})`;
}

/**
 * FTS over the weighted search vector (websearch syntax: quotes, OR, a minus), or a close trigram
 * match on title or author so typos and prefixes still find a book. The trigram branch uses the
 * positive words only and still honours the minus terms.
 */
export function searchCondition(q: string): SQL {
  const negated = q.match(/(?:^|\s)-[^\s"]+/g)?.map((term) => term.trim()) ?? [];
  const positive = q
    .replace(/(?:^|\s)-[^\s"]+/g, ' ')
    .replace(/["]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const fts = sql`${books.searchVector} @@ ${tsQuery(q)}`;
  if (!positive) return fts;
  const fuzzy = sql`(${positive} <% ${books.title} or ${positive} <% ${books.author})`;
  const excluded = negated.length > 0 ? sql` and ${books.searchVector} @@ ${tsQuery(negated.join(' '))}` : sql``;
  return sql`(${fts} or (${fuzzy}${excluded}))`;
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

export async function listPublicBooks(db: Executor, query: BookListQuery): Promise<BookListResult> {
  const q = query.q && query.q.length > 0 ? query.q : undefined;
  const category = query.category && query.category.length > 0 ? query.category : undefined;
  const base = and(isPublic, typeCondition(query.type), q ? searchCondition(q) : undefined);
  const where = and(base, category ? eq(books.category, category) : undefined);
  const offset = (query.page - 1) * query.limit;
  const sort = query.sort ?? (q ? 'relevance' : 'newest');

  const filterKey = `${query.type}|${q ?? ''}|${category ?? ''}`;
  // async: a Drizzle query is a thenable that runs again on every await, so it must not be cached as is.
  const sortedPage = async () =>
    db
      .select(bookColumns)
      .from(books)
      .where(where)
      .orderBy(...orderFor(sort as Exclude<typeof sort, 'newest'>, q))
      .limit(query.limit)
      .offset(offset);
  const [facets, rows] = await Promise.all([
    loadFacets(db, base, `${query.type}|${q ?? ''}`),
    pageCache.getOrLoad(`${filterKey}|${sort}|${offset}|${query.limit}`, () =>
      sort === 'newest'
        ? pageNewestFirst(db, where, filterKey, offset, query.limit, q ? undefined : { type: query.type, category })
        : sortedPage(),
    ),
  ]);
  const total = category ? (facets.categories.find((entry) => entry.name === category)?.count ?? 0) : facets.total;
  return { books: rows, total, categories: facets.categories };
}

function orderFor(sort: Exclude<BookListQuery['sort'], undefined | 'newest'>, q: string | undefined): SQL[] {
  const newest = [sql`${books.createdAt} desc`, sql`${books.id} desc`];
  switch (sort) {
    case 'title':
      return [sql`lower(${books.title}) asc`, ...newest];
    case 'price-asc':
      return [sql`${books.priceCents} asc`, ...newest];
    case 'price-desc':
      return [sql`${books.priceCents} desc`, ...newest];
    case 'relevance':
      if (!q) return newest;
      return [relevance(q), ...newest];
  }
}

/** Title matters most (weight A in the vector, and the trigram term); typos still rank. */
export function relevance(q: string): SQL {
  return sql`(ts_rank(${books.searchVector}, ${tsQuery(q)}) * 2 + greatest(word_similarity(${q}, ${books.title}), word_similarity(${q}, ${books.author}) * 0.8)) desc`;
}

/** Category counts of the whole filtered set (ignoring the category filter, so every button stays). */
async function loadFacets(db: Executor, where: SQL | undefined, key: string): Promise<Facets> {
  return facetCache.getOrLoad(key, async () => {
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
 * Newest-first paging: jump to the nearest cached anchor with a keyset condition, then OFFSET at most
 * ANCHOR_SPACING rows. The first pages need no anchor at all.
 */
async function pageNewestFirst(
  db: Executor,
  where: SQL | undefined,
  key: string,
  offset: number,
  limit: number,
  plain?: { type: BookType; category: string | undefined },
): Promise<BookRecord[]> {
  let condition = where;
  let skip = offset;
  let anchor: Anchor | undefined;
  if (offset >= ANCHOR_SPACING) {
    const anchors = await anchorCache.getOrLoad(key, () => loadAnchors(db, where));
    const index = Math.min(Math.floor(offset / ANCHOR_SPACING), anchors.length) - 1;
    anchor = anchors[index];
    if (anchor) {
      // Spelled out rather than as a row comparison, which the planner misjudges (a seq scan).
      const at = sql`${anchor.createdAt}::timestamptz`;
      condition = and(
        where,
        sql`${books.createdAt} <= ${at}`,
        sql`(${books.createdAt} < ${at} or ${books.id} < ${anchor.id}::uuid)`,
      );
      skip = offset - (index + 1) * ANCHOR_SPACING;
    }
  }
  if (plain) {
    const statement = preparedPage(db, plain.type, plain.category !== undefined, anchor !== undefined);
    return statement.execute({
      category: plain.category,
      at: anchor?.createdAt,
      anchorId: anchor?.id,
      limit,
      skip,
    }) as Promise<BookRecord[]>;
  }
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

const preparedPages = new WeakMap<Executor, Map<string, PreparedPage>>();
type PreparedPage = { execute(values: Record<string, unknown>): Promise<unknown> };

/**
 * The library's page query without search, as a named prepared statement (one per filter shape):
 * planning cost more than running it (0.8 ms against 0.35 ms at 100,000 books).
 */
function preparedPage(db: Executor, type: BookType, withCategory: boolean, anchored: boolean): PreparedPage {
  let statements = preparedPages.get(db);
  if (!statements) {
    statements = new Map();
    preparedPages.set(db, statements);
  }
  const name = `books_page_${type}_${withCategory ? 'category' : 'any'}_${anchored ? 'anchored' : 'top'}`;
  let statement = statements.get(name);
  if (!statement) {
    const at = sql`${sql.placeholder('at')}::timestamptz`;
    const condition = and(
      isPublic,
      typeCondition(type),
      withCategory ? sql`${books.category} = ${sql.placeholder('category')}` : undefined,
      anchored ? sql`${books.createdAt} <= ${at}` : undefined,
      anchored ? sql`(${books.createdAt} < ${at} or ${books.id} < ${sql.placeholder('anchorId')}::uuid)` : undefined,
    );
    const newest = [sql`${books.createdAt} desc`, sql`${books.id} desc`];
    const pageIds = db
      .select({ id: books.id })
      .from(books)
      .where(condition)
      .orderBy(...newest)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('skip'));
    statement = db
      .select(bookColumns)
      .from(books)
      .where(inArray(books.id, pageIds))
      .orderBy(...newest)
      .prepare(name);
    statements.set(name, statement);
  }
  return statement;
}

/** The sort key of rows ANCHOR_SPACING, 2*ANCHOR_SPACING, ... (1-based) in newest-first order. */
async function loadAnchors(db: Executor, where: SQL | undefined): Promise<Anchor[]> {
  const ordered = db
    .select({
      createdAt: sql<string>`${books.createdAt}::text`.as('created_at_text'),
      id: books.id,
      position: sql<number>`row_number() over (order by ${books.createdAt} desc, ${books.id} desc)`.as('position'),
    })
    .from(books)
    .where(where)
    .as('ordered');
  const rows = await db
    .select({ createdAt: ordered.createdAt, id: ordered.id })
    .from(ordered)
    .where(sql`${ordered.position} % ${ANCHOR_SPACING} = 0`)
    .orderBy(ordered.position);
  return rows;
}
