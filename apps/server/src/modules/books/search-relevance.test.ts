/**
 * Relevance on real books: 600 rows of the BookCover30 catalogue (src/test/fixtures), searched the
 * way readers type (src/test/search-quality.ts: whole titles, a typo, half-typed titles, authors,
 * surname + title word), and queries that must find nothing. Rates only, no timing: bench/search-quality.ts measures the whole catalogue.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import {
  hitRank,
  knownItemQueries,
  nothingQueries,
  ratesByKind,
  readCatalogueCsv,
  type KindRates,
  type QueryKind,
} from '../../test/search-quality.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/amazon-book30-600.csv');

/** The targets (found first, found in the top 5). */
const TARGETS: Record<QueryKind, { first: number; top5: number }> = {
  title: { first: 0.97, top5: 0.99 },
  typo: { first: 0, top5: 0.95 },
  half: { first: 0, top5: 0.95 },
  author: { first: 0, top5: 0.99 },
  surname: { first: 0, top5: 0.97 },
};

let ctx: TestContext;
let rates: KindRates[];
let catalogue: ReturnType<typeof readCatalogueCsv>;

beforeAll(async () => {
  ctx = await createTestContext();
  catalogue = readCatalogueCsv(FIXTURE);
  // Straight into the table (the trigger keeps the known words): this test is about the search.
  await ctx.app.db.insert(books).values(
    catalogue.map((row) => ({
      title: row.title,
      author: row.author,
      category: row.category,
      priceCents: 499,
      story: `${row.title}, by ${row.author}.`,
      description: row.category,
      meta: { sku: row.asin },
    })),
  );
  const queries = knownItemQueries(catalogue, 60, 10);
  const outcomes = [];
  for (const query of queries) {
    const response = await ctx.app.inject({ url: `/api/books?q=${encodeURIComponent(query.q)}` });
    expect(response.statusCode, query.q).toBe(200);
    outcomes.push({
      query,
      rank: hitRank(query, response.json<{ books: { title: string; author: string }[] }>().books),
    });
  }
  rates = ratesByKind(outcomes);
}, 300_000);

afterAll(async () => {
  await ctx.close();
});

describe('search relevance on 600 real books', () => {
  for (const kind of Object.keys(TARGETS) as QueryKind[]) {
    it(`finds the book for ${kind} queries`, () => {
      const found = rates.find((entry) => entry.kind === kind)!;
      const report = `${kind}: first ${found.first}, top 5 ${found.top5}; misses:\n${found.misses.join('\n')}`;
      expect(found.queries).toBe(60);
      expect(found.first, report).toBeGreaterThanOrEqual(TARGETS[kind].first);
      expect(found.top5, report).toBeGreaterThanOrEqual(TARGETS[kind].top5);
    });
  }

  it('finds nothing for made-up words beside a real one, or common words alone', async () => {
    const found: string[] = [];
    for (const q of nothingQueries(catalogue, 30, 10)) {
      const response = await ctx.app.inject({ url: `/api/books?q=${encodeURIComponent(q)}` });
      const result = response.json<{ total: number; books: { title: string }[] }>();
      if (result.total > 0) found.push(`${q} → ${result.books[0]!.title} and ${result.total - 1} more`);
    }
    expect(found).toEqual([]);
  });

  it('finds titles made only of common words', async () => {
    for (const title of ['It', 'Until You', 'That Was Then, This Is Now', 'Null and Void']) {
      await ctx.app.db.insert(books).values({
        title,
        author: 'Common Words',
        category: 'Literature & Fiction',
        priceCents: 0,
        story: 'A story.',
        description: 'A book.',
      });
      const response = await ctx.app.inject({ url: `/api/books?q=${encodeURIComponent(title)}` });
      expect(response.json<{ books: { title: string }[] }>().books[0]?.title, title).toBe(title);
    }
  });
});
