/**
 * The in-memory catalogue index against the database it stands in for: the same answers on real
 * books, the writes of another server copy (or of a script) seen by the next search, and a rebuild
 * after a restart.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { knownItemQueries, nothingQueries, readCatalogueCsv } from '../../test/search-quality.js';
import { listPublicBooks } from './books-query.service.js';

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

describe('the in-memory catalogue index', () => {
  it('answers the relevance queries as the database does', async () => {
    const { app } = ctx;
    const queries = [
      ...knownItemQueries(catalogue, 60, 10).map((query) => query.q),
      ...nothingQueries(catalogue, 30, 10),
    ];
    let sameFirst = 0;
    let sameTotal = 0;
    const differences: string[] = [];
    for (const q of queries) {
      const query = { q, page: 1, limit: 5, type: 'all' as const };
      const before = app.catalogueIndex!.answered.index;
      const memory = await listPublicBooks(app.db, app.caches, query, app.catalogueIndex);
      expect(app.catalogueIndex!.answered.index, q).toBe(before + 1);
      const database = await listPublicBooks(app.db, app.caches, query);
      if (memory.books[0]?.id === database.books[0]?.id) sameFirst += 1;
      else differences.push(`${q}: ${memory.books[0]?.title} / database ${database.books[0]?.title}`);
      if (memory.total === database.total) sameTotal += 1;
      else differences.push(`${q}: ${memory.total} found / database ${database.total}`);
    }
    console.log(`${sameFirst}/${queries.length} same first, ${sameTotal} same total\n${differences.join('\n')}`);
  }, 300_000);
});
