/**
 * What the triggers on books keep for searches, when many books are written by one statement (as an
 * import or the bench generator writes them): the known words with how many books have each, and one
 * change-log row per book written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/context.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);

afterAll(async () => {
  await ctx.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ctx.app.db.execute<Record<string, unknown>>(query)) as { rows: unknown[] };
  return result.rows as T[];
}

/** Words whose count differs from a count over the books as they are. */
async function miscounted(): Promise<unknown[]> {
  return rows(sql`
    select coalesce(counted.word, search_words.word) as word, counted.books as counted, search_words.books as kept
    from (
      select word, count(*)::int as books from books, unnest(books_words(books.title, books.author, books.category, books.meta)) as word
      group by word
    ) as counted full join search_words using (word)
    where counted.books is distinct from search_words.books`);
}

const changes = async () =>
  (await rows<{ count: number }>(sql`select count(*)::int as count from book_changes`))[0]!.count;

describe('the word counts and the change log', () => {
  it('count the words of books inserted, changed and deleted many at a time', async () => {
    const before = await changes();
    // Two statements: the second adds to words the first made known.
    for (const [from, to] of [
      [1, 1_200],
      [1_201, 3_000],
    ])
      await ctx.app.db.execute(sql`
        insert into books (id, title, author, category, price_cents, story, description, meta)
        select gen_random_uuid(), (array['Quiet River', 'Silver Garden', 'Hidden Orchard'])[1 + g % 3] || ' ' || g,
               (array['Ann Smith', 'Bo Chen'])[1 + g % 2], 'Fiction', 499, 'A story.', 'A description.',
               jsonb_build_object('tags', case when g % 4 = 0 then 'rare, bulk' else 'bulk' end)
        from generate_series(${from}::int, ${to}::int) as g`);
    expect(await changes()).toBe(before + 3_000);
    expect(await miscounted()).toEqual([]);
    const [garden] = await rows<{ books: number }>(sql`select books from search_words where word = 'garden'`);
    expect(garden?.books).toBe(1_000);

    await ctx.app.db.execute(sql`update books set title = 'Golden Harbour' where title like 'Quiet River 1%'`);
    expect(await miscounted()).toEqual([]);

    await ctx.app.db.execute(sql`delete from books where meta->>'tags' = 'rare, bulk'`);
    expect(await miscounted()).toEqual([]);
    expect(await rows(sql`select word from search_words where word = 'rare'`)).toEqual([]);
    await ctx.app.db.execute(sql`delete from books where meta->>'tags' = 'bulk'`);
    expect(await miscounted()).toEqual([]);
    expect(await rows(sql`select word from search_words where word in ('bulk', 'garden', 'golden')`)).toEqual([]);
    expect(await changes()).toBeGreaterThan(before + 6_000);
  }, 120_000);
});
