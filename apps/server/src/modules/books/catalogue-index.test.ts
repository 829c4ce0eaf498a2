/**
 * The in-memory catalogue index against the database it stands in for: the same answers on real
 * books, the writes of another server copy (or of a script) seen by the next search, and a rebuild
 * after a restart.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import { books } from '../../db/schema/index.js';
import { bookBody, postBook } from '../../test/books.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createBook } from '../../test/factories.js';
import { knownItemQueries, nothingQueries, readCatalogueCsv } from '../../test/search-quality.js';
import type { BookListQuery } from '@ebook/shared';
import { listPublicBooks, type BookListResult } from './books-query.service.js';
import { titleKey } from './books-search.service.js';
import { suggestBooks, type SuggestedBook } from './books-suggest.service.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/amazon-book30-600.csv');

let ctx: TestContext;
let catalogue: ReturnType<typeof readCatalogueCsv>;

beforeAll(async () => {
  ctx = await createTestContext();
  catalogue = readCatalogueCsv(FIXTURE);
  await ctx.app.db.insert(books).values(
    catalogue.map((row, at) => ({
      title: row.title,
      author: row.author,
      category: row.category,
      priceCents: at % 3 === 0 ? 0 : 499,
      story: `${row.title}, by ${row.author}.`,
      description: row.category,
      meta: { sku: row.asin },
    })),
  );
  await ctx.app.catalogueIndex!.whenReady();
}, 300_000);

afterAll(async () => {
  await ctx.close();
});

/** The same listing asked of the index and of the database: top results, total and facets. */
async function compare(query: BookListQuery): Promise<string[]> {
  const { app } = ctx;
  const before = app.catalogueIndex!.answered.index;
  const memory = await listPublicBooks(app.db, app.caches, query, app.catalogueIndex);
  expect(app.catalogueIndex!.answered.index, query.q).toBe(before + 1);
  const database = await listPublicBooks(app.db, app.caches, query);
  const label = JSON.stringify(query);
  const differences: string[] = [];
  const titles = (list: BookListResult) => list.books.map((book) => book.title).join(' | ');
  if (memory.books.map((book) => book.id).join() !== database.books.map((book) => book.id).join())
    differences.push(`${label}: ${titles(memory)}\n  database: ${titles(database)}`);
  if (memory.total !== database.total) differences.push(`${label}: ${memory.total} found, database ${database.total}`);
  if (JSON.stringify(memory.categories) !== JSON.stringify(database.categories))
    differences.push(`${label}: other category counts`);
  return differences;
}

describe('the in-memory catalogue index', () => {
  it('answers the relevance queries as the database does: same top 5, total and facets', async () => {
    const queries = [
      ...knownItemQueries(catalogue, 60, 10).map((query) => query.q),
      ...nothingQueries(catalogue, 30, 10),
    ];
    const differences: string[] = [];
    for (const q of queries) differences.push(...(await compare({ q, page: 1, limit: 5, type: 'all' })));
    expect(differences).toEqual([]);
  }, 300_000);

  it('keeps phrases, -excluded, or, filters, sorts and paging', async () => {
    const [first, second] = [catalogue[10]!, catalogue[20]!];
    const firstWord = first.title.split(' ')[0]!;
    const queries: BookListQuery[] = [
      { q: `"${first.title}"`, page: 1, limit: 9, type: 'all' },
      { q: `${second.author.split(' ').at(-1)} or ${firstWord}`, page: 1, limit: 9, type: 'all' },
      { q: 'guide -cooking', page: 1, limit: 9, type: 'all' },
      { q: 'guide -"for dummies"', page: 2, limit: 9, type: 'all' },
      { q: 'history', page: 1, limit: 9, type: 'free' },
      { q: 'history', page: 1, limit: 9, type: 'paid', category: first.category },
      { q: 'the', page: 1, limit: 9, type: 'all' },
      { q: 'The Bo', page: 1, limit: 9, type: 'all' },
    ];
    for (const sort of ['newest', 'title', 'price-asc', 'price-desc', 'rating'] as const)
      queries.push({ q: 'book', page: 2, limit: 5, type: 'all', sort });
    const differences: string[] = [];
    for (const query of queries) differences.push(...(await compare(query)));
    expect(differences).toEqual([]);
  }, 300_000);

  it('reads a number run into a word as PostgreSQL does ("1e53e5" is "1e53" and "e5")', async () => {
    const admin = await createAdmin(ctx.app);
    await postBook(ctx.app, admin, { title: 'Cardamom Fort 1e53e5' });
    for (const q of ['1e53e5', 'cardamom fort 1e53e5', 'Cardamom 1E53e', 'fort 1e53']) {
      const query: BookListQuery = { q, page: 1, limit: 5, type: 'all' };
      expect(await compare(query)).toEqual([]);
      const found = await listPublicBooks(ctx.app.db, ctx.app.caches, query);
      expect(
        found.books.map((book) => book.title),
        q,
      ).toEqual(['Cardamom Fort 1e53e5']);
    }
  }, 300_000);
});

describe('search as you type from the index', () => {
  it('suggests what the database suggests', async () => {
    const { app } = ctx;
    const texts = knownItemQueries(catalogue, 40, 11).map((query, at) => query.q.slice(0, 3 + (at % 12)));
    const differences: string[] = [];
    for (const text of texts) {
      const before = app.catalogueIndex!.answered.index;
      const memory = await suggestBooks(app.db, text, app.caches, app.catalogueIndex);
      expect(app.catalogueIndex!.answered.index, text).toBe(before + 1);
      const database = await suggestBooks(app.db, text);
      const titles = (list: SuggestedBook[]) => list.map((book) => book.title).join(' | ');
      const starting = (list: SuggestedBook[]) =>
        list.filter((book) => titleKey(book.title).startsWith(titleKey(text))).map((book) => book.id);
      // Fewer than five: the database read every book holding the words, so the lists are the same.
      // Five: it filled up from the first 30 it read, the index from the shortest titles of all.
      const same =
        database.length < 5
          ? titles(memory) === titles(database)
          : memory.length === 5 && starting(memory).join() === starting(database).join();
      if (!same) differences.push(`${text}: ${titles(memory)}\n  database: ${titles(database)}`);
    }
    expect(differences).toEqual([]);
  }, 300_000);
});

describe('two server copies over one database', () => {
  let second: App;

  /** Another copy: on PostgreSQL with a connection pool of its own, as another process would have;
   * PGlite is in-process, so the copies share its one connection. Closing the app closes its pool. */
  async function startCopy(): Promise<App> {
    const database: Database = ctx.databaseUrl
      ? await openDatabase({ url: ctx.databaseUrl, poolSize: 3 })
      : { ...ctx.database, close: async () => {} };
    const app = await buildApp({ config: ctx.config, database });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    second = await startCopy();
    await second.catalogueIndex!.whenReady();
  }, 300_000);

  afterAll(async () => {
    await second.close();
  });

  /** Titles the copy finds for q, asserting that its index answered. */
  async function found(app: App, q: string): Promise<string[]> {
    const before = app.catalogueIndex!.answered.index;
    const response = await app.inject({ url: `/api/books?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    expect(app.catalogueIndex!.answered.index, q).toBe(before + 1);
    return response.json<{ books: { title: string }[] }>().books.map((book) => book.title);
  }

  it('each has its own index, and sees the writes of the other on its next search', async () => {
    expect(second.catalogueIndex).not.toBe(ctx.app.catalogueIndex);
    const admin = await createAdmin(ctx.app);
    const posted = await postBook(ctx.app, admin, { title: 'Quixotic Lighthouse Keepers' });
    expect(await found(second, 'quixotic lighthouse')).toEqual(['Quixotic Lighthouse Keepers']);
    expect(await found(second, 'Quixotik Lighthous')).toEqual(['Quixotic Lighthouse Keepers']);

    // The first copy holds the book's row (its page), then it is renamed through the second copy: the
    // first forgets the old words, knows the new ones, and shows the new row.
    expect(await found(ctx.app, 'quixotic lighthouse')).toEqual(['Quixotic Lighthouse Keepers']);
    const { image: _image, pdf: _pdf, ...fields } = await bookBody({ title: 'Marmalade Lighthouse Keepers' });
    const renamed = await second.inject({
      method: 'PUT',
      url: `/api/books/${posted._id}`,
      headers: admin.headers,
      payload: fields,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await found(ctx.app, 'quixotic lighthouse')).toEqual([]);
    expect(await found(ctx.app, 'marmalade keepers')).toEqual(['Marmalade Lighthouse Keepers']);

    // Written by a script behind both copies' backs: taken off the shelf, then deleted.
    await ctx.app.db.update(books).set({ status: 'pending' }).where(eq(books.id, posted._id));
    expect(await found(second, 'marmalade keepers')).toEqual([]);
    await ctx.app.db.update(books).set({ status: 'approved' }).where(eq(books.id, posted._id));
    expect(await found(second, 'marmalade keepers')).toEqual(['Marmalade Lighthouse Keepers']);
    await ctx.app.db.delete(books).where(eq(books.id, posted._id));
    expect(await found(second, 'marmalade keepers')).toEqual([]);
    expect(await found(ctx.app, 'marmalade keepers')).toEqual([]);
  }, 300_000);

  it('a restarted copy builds its index again from the database', async () => {
    await createBook(ctx.app, { title: 'Velvet Orchard Almanac' });
    await second.close();
    second = await startCopy();
    const listed = (await ctx.app.db.execute<Record<string, unknown>>(
      sql`select count(*)::int as "count" from books where status in ('added', 'approved')`,
    )) as { rows: { count: number }[] };
    await second.catalogueIndex!.whenReady();
    expect(second.catalogueIndex!.figures?.books).toBe(listed.rows[0]!.count);
    expect(await found(second, 'velvet orchard')).toEqual(['Velvet Orchard Almanac']);
  }, 300_000);
});
