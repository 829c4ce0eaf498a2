import { desc, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookListResponse } from '@ebook/shared';
import { books } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createBook, type Actor } from '../../test/factories.js';
import { typoBudget } from './books-search.service.js';
import { bookBody, postBook, type BookBody } from '../../test/books.js';

let ctx: TestContext;
let admin: Actor;

const KNOWN = [
  { title: 'Pride and Prejudice', author: 'Jane Austen', category: 'Biographies & Memoirs', priceCents: 0 },
  { title: 'Moby Dick', author: 'Herman Melville', category: 'Sports & Outdoors', priceCents: 499 },
  {
    title: 'The Adventures of Sherlock Holmes',
    author: 'Arthur Conan Doyle',
    category: 'Arts & Photography',
    priceCents: 299,
  },
  {
    title: 'The Hound of the Baskervilles',
    author: 'Arthur Conan Doyle',
    category: 'Arts & Photography',
    priceCents: 0,
  },
  { title: 'War and Peace', author: 'Leo Tolstoy', category: 'Biographies & Memoirs', priceCents: 1499 },
  { title: 'The Art of War', author: 'Sun Tzu', category: 'Research & Publishing Guides', priceCents: 0 },
  { title: 'Walden', author: 'Henry David Thoreau', category: 'Sports & Outdoors', priceCents: 0 },
  {
    title: 'A Plain Cookery Book for the Working Classes',
    author: 'Charles Elmé Francatelli',
    category: 'Food & Drink',
    priceCents: 350,
    meta: { tags: 'recipes, victorian' },
  },
];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  const start = Date.parse('2024-01-01T00:00:00Z');
  for (const [index, book] of KNOWN.entries()) {
    await createBook(ctx.app, { ...book, createdAt: new Date(start + index * 60_000) });
  }
  await createBook(ctx.app, { title: 'Pride of the Pending', status: 'pending', category: 'Food & Drink' });
  await createBook(ctx.app, { title: 'Moby Rejected', status: 'rejected' });
});
afterAll(() => ctx.close());

const inject = (options: InjectOptions) => ctx.app.inject(options);
async function list(query: string): Promise<BookListResponse> {
  const response = await inject({ method: 'GET', url: `/api/books?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BookListResponse>();
}
const fieldsOnly = ({ image: _image, pdf: _pdf, ...fields }: BookBody) => fields;
const titles = (result: BookListResponse) => result.books.map((book) => book.title);

describe('search', () => {
  it('finds titles despite typos and from a prefix', async () => {
    expect(titles(await list('q=pride%20prejudise'))[0]).toBe('Pride and Prejudice');
    expect(titles(await list('q=moby'))).toEqual(['Moby Dick']);
    expect(titles(await list('q=sherlok%20holmes'))[0]).toBe('The Adventures of Sherlock Holmes');
    expect(titles(await list('q=wald'))).toContain('Walden');
  });

  it('forgives typos in authors, finds words while they are typed, and keeps a minus with a typo', async () => {
    expect(titles(await list('q=melvile'))).toEqual(['Moby Dick']);
    expect(titles(await list('q=sherl'))).toEqual(['The Adventures of Sherlock Holmes']);
    expect(titles(await list('q=baskervile%20hund'))).toEqual(['The Hound of the Baskervilles']);
    expect(titles(await list(`q=${encodeURIComponent('conan doyl -hound')}`))).toEqual([
      'The Adventures of Sherlock Holmes',
    ]);
  });

  it('reads common words and one or two letters as the start of a title, not as a word prefix', async () => {
    // As word prefixes, "ho" would find Sherlock Holmes and "p" Pride and Prejudice and War and Peace.
    expect(titles(await list('q=The%20Ho'))).toEqual(['The Hound of the Baskervilles']);
    expect(titles(await list('q=a%20p'))).toEqual(['A Plain Cookery Book for the Working Classes']);
    expect(titles(await list(`q=${encodeURIComponent('The Ho -hound')}`))).toEqual([]);
  });

  it('checks one or two letters after other words on the books those words found', async () => {
    expect(titles(await list('q=moby%20d'))).toEqual(['Moby Dick']);
    expect(titles(await list('q=moby%20x'))).toEqual([]);
    expect(titles(await list('q=arthur%20conan%20d'))).toEqual([
      'The Hound of the Baskervilles',
      'The Adventures of Sherlock Holmes',
    ]);
  });

  it('allows one typo in a short word and two in a long one, no more', async () => {
    expect(titles(await list('q=baskets'))).toEqual([]); // close in trigrams to Baskervilles, 4 edits away
    expect(titles(await list('q=tolsty'))).toEqual(['War and Peace']);
    expect(titles(await list('q=tlostoy'))).toEqual(['War and Peace']); // a swap is one typo
    expect(titles(await list('q=tlooostoy'))).toEqual([]); // three typos
    expect(titles(await list('q=francatteli'))).toEqual(['A Plain Cookery Book for the Working Classes']);
    expect(typoBudget('war')).toBe(0);
    expect(typoBudget('peace')).toBe(1);
    expect(typoBudget('francatelli')).toBe(2);
  });

  it('knows the words of a book as soon as it is added or renamed, typos included', async () => {
    expect((await list('q=hawthrone')).total).toBe(0);
    const { _id: id } = await postBook(ctx.app, admin, { title: 'The Scarlet Letter', author: 'Nathaniel Hawthorne' });
    expect(titles(await list('q=hawthrone'))).toEqual(['The Scarlet Letter']);
    const renamed = await inject({
      method: 'PUT',
      url: `/api/books/${id}`,
      headers: admin.headers,
      payload: fieldsOnly(await bookBody({ title: 'The Blithedale Romance', author: 'Nathaniel Hawthorne' })),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(titles(await list('q=blithdale'))).toEqual(['The Blithedale Romance']);
    await inject({ method: 'DELETE', url: `/api/books/${id}`, headers: admin.headers });
  });

  it('searches authors, categories and tags, ranking title matches first', async () => {
    expect(titles(await list('q=austen'))).toEqual(['Pride and Prejudice']);
    expect(titles(await list('q=conan%20doyle')).sort()).toEqual([
      'The Adventures of Sherlock Holmes',
      'The Hound of the Baskervilles',
    ]);
    expect(titles(await list('q=recipes'))).toEqual(['A Plain Cookery Book for the Working Classes']);
    const war = titles(await list('q=war'));
    expect(war.slice(0, 2).sort()).toEqual(['The Art of War', 'War and Peace']);
  });

  it('accepts quotes and a minus', async () => {
    expect(titles(await list(`q=${encodeURIComponent('"war and peace"')}`))).toEqual(['War and Peace']);
    expect(titles(await list(`q=${encodeURIComponent('war -peace')}`))).toEqual(['The Art of War']);
  });

  it('never shows pending or rejected books, and an unknown word finds nothing', async () => {
    const result = await list('q=pending');
    expect(titles(result)).not.toContain('Pride of the Pending');
    expect(titles(await list('q=moby'))).not.toContain('Moby Rejected');
    const none = await list('q=zzyzx%20quuxly');
    expect(none).toMatchObject({ books: [], total: 0, categories: [] });
    expect((await list(`q=${encodeURIComponent("'); drop table books; --")}`)).total).toBe(0);
  });

  it('finds nothing for nonsense or common words alone, and still forgives a typo', async () => {
    // "book" is in a title, "war" in two: a nonsense word beside them must not reach them.
    for (const q of ['zqxj-no-such-book', 'zqxj of the war', 'the qzvxw of war', 'of the and', 'the', 'is it to be']) {
      expect((await list(`q=${encodeURIComponent(q)}`)).total, q).toBe(0);
    }
    // A word no book knows is left out when two meaningful words remain, or the rest starts a title.
    expect(titles(await list('q=pride%20zqxj%20prejudice'))).toEqual(['Pride and Prejudice']);
    expect(titles(await list('q=the%20art%20zqxj%20war'))).toEqual(['The Art of War']);
    expect(titles(await list('q=war%20zqxj%20and%20peace'))[0]).toBe('War and Peace');
    expect(titles(await list('q=the%20hound%20zqxj%20of'))).toEqual(['The Hound of the Baskervilles']);
    // Common words that start a title, as typed.
    expect(titles(await list('q=the%20h'))).toEqual(['The Hound of the Baskervilles']);
    expect(titles(await list('q=prid%20and%20prejudise'))).toEqual(['Pride and Prejudice']);
  });
});

describe('filters, facets and paging', () => {
  it('facets count the whole filtered set and ignore the category filter itself', async () => {
    const all = await list('page=1&limit=9');
    expect(all.total).toBe(KNOWN.length);
    expect(all.categories).toEqual([
      { name: 'Arts & Photography', count: 2 },
      { name: 'Biographies & Memoirs', count: 2 },
      { name: 'Food & Drink', count: 1 },
      { name: 'Research & Publishing Guides', count: 1 },
      { name: 'Sports & Outdoors', count: 2 },
    ]);
    const arts = await list(`category=${encodeURIComponent('Arts & Photography')}`);
    expect(arts.total).toBe(2);
    expect(arts.books.every((book) => book.category === 'Arts & Photography')).toBe(true);
    expect(arts.categories).toEqual(all.categories);
    const free = await list('type=free');
    expect(free.total).toBe(4);
    expect(free.books.every((book) => book.isFree)).toBe(true);
    expect(free.categories.reduce((sum, entry) => sum + entry.count, 0)).toBe(4);
    const paidArts = await list(`type=paid&category=${encodeURIComponent('Arts & Photography')}`);
    expect(titles(paidArts)).toEqual(['The Adventures of Sherlock Holmes']);
    expect(paidArts.total).toBe(1);
  });

  it('pages newest first with a limit, capped at 100, and refuses bad paging input', async () => {
    const first = await list('page=1&limit=3');
    expect(first).toMatchObject({ page: 1, limit: 3, total: KNOWN.length });
    expect(titles(first)).toEqual(['A Plain Cookery Book for the Working Classes', 'Walden', 'The Art of War']);
    const third = await list('page=3&limit=3');
    expect(titles(third)).toEqual(['Moby Dick', 'Pride and Prejudice']);
    expect((await list('page=99&limit=3')).books).toEqual([]);
    for (const bad of ['limit=101', 'page=0', 'limit=abc', 'type=cheap', 'sort=random']) {
      const response = await inject({ method: 'GET', url: `/api/books?${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('sorts by title and price on request', async () => {
    expect(titles(await list('sort=title&limit=2'))).toEqual([
      'A Plain Cookery Book for the Working Classes',
      'Moby Dick',
    ]);
    expect(titles(await list('sort=price-desc&limit=1'))).toEqual(['War and Peace']);
    expect(titles(await list('sort=price-asc&limit=20')).at(-1)).toBe('War and Peace');
  });

  it('sorts by rating: best average first, more reviews first among equals, unrated last', async () => {
    const rate = (title: string, reviewCount: number, ratingTotal: number) =>
      ctx.app.db
        .update(books)
        .set({ reviewCount, ratingTotal })
        .where(sql`${books.title} = ${title}`);
    await rate('Moby Dick', 2, 9);
    await rate('Walden', 1, 5);
    await rate('War and Peace', 4, 18);
    ctx.app.caches.clear();
    try {
      const rated = titles(await list('sort=rating&limit=20'));
      expect(rated.slice(0, 3)).toEqual(['Walden', 'War and Peace', 'Moby Dick']);
      expect(rated).toHaveLength(KNOWN.length);
      expect(titles(await list('sort=rating&q=war'))).toEqual(['War and Peace', 'The Art of War']);
    } finally {
      for (const title of ['Moby Dick', 'Walden', 'War and Peace']) await rate(title, 0, 0);
      ctx.app.caches.clear();
    }
  });

  it('sorted by anything but newest, results go 10,000 deep (newest first goes all the way)', async () => {
    expect((await list('sort=title&limit=100&page=100')).books).toEqual([]);
    const tooDeep = await inject({ method: 'GET', url: '/api/books?sort=title&limit=100&page=101' });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({ code: 'PAGE_TOO_DEEP', msg: expect.stringContaining('10,000 deep') });
    const deepSearch = await inject({ method: 'GET', url: '/api/books?q=war&page=1200' });
    expect(deepSearch.json()).toMatchObject({ code: 'PAGE_TOO_DEEP' });
    expect((await list('limit=100&page=5000')).books).toEqual([]);
  });

  it('the total is right straight after a write by this server', async () => {
    const before = (await list('limit=1')).total;
    const book = await postBook(ctx.app, admin, { category: 'Food & Drink' });
    const after = await list('limit=1');
    expect(after.total).toBe(before + 1);
    expect(after.books[0]?._id).toBe(book._id);
    await inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin.headers });
    expect((await list('limit=1')).total).toBe(before);
  });

  it('every page, found by its cached page key, matches a plain ORDER BY ... OFFSET', async () => {
    const base = Date.parse('2020-01-01T00:00:00Z');
    // Same-millisecond timestamps and microsecond differences on purpose: the keyset must be exact.
    const rows = Array.from({ length: 530 }, (_, index) => ({
      title: `Bulk Volume ${index}`,
      author: 'Bulk Author',
      category: index % 2 ? 'Food & Drink' : 'Sports & Outdoors',
      priceCents: index % 3 === 0 ? 0 : 199,
      story: 's',
      description: 'd',
      createdAt: new Date(base + Math.floor(index / 3)),
    }));
    const inserted = await ctx.app.db.insert(books).values(rows).returning({ id: books.id });
    await ctx.app.db.execute(
      // Microsecond offsets that a JS Date cannot represent.
      sql.raw(
        `update books set created_at = created_at + (random() * interval '900 microseconds') where title like 'Bulk Volume %'`,
      ),
    );
    ctx.app.caches.clear(); // written behind the API's back
    for (const [filter, limit] of [
      ['', 9],
      [`category=${encodeURIComponent('Food & Drink')}`, 7],
      ['type=free', 5],
    ] as const) {
      const first = await list(`${filter}&limit=${limit}`);
      const pages = Math.ceil(first.total / limit);
      const seen: string[] = [];
      for (let page = 1; page <= pages; page += 1) {
        seen.push(...(await list(`${filter}&limit=${limit}&page=${page}`)).books.map((book) => book._id));
      }
      expect(new Set(seen).size, filter).toBe(first.total);
      const where = filter.startsWith('category')
        ? `and category = 'Food & Drink'`
        : filter === 'type=free'
          ? 'and price_cents = 0'
          : '';
      // Both drivers answer with { rows }.
      const expected = (await ctx.app.db.execute<Record<string, unknown>>(
        sql.raw(
          `select id from books where status in ('added', 'approved') ${where} order by created_at desc, id desc`,
        ),
      )) as { rows: { id: string }[] };
      expect(seen, filter).toEqual(expected.rows.map((row) => row.id));
      const pastTheEnd = await list(`${filter}&limit=${limit}&page=${pages + 1}`);
      expect(pastTheEnd.books, filter).toEqual([]);
      expect(pastTheEnd.total, filter).toBe(first.total);
    }

    // Older books added behind this server's back (as by another copy) lie beyond the cached keys:
    // the pages after the last known one still follow the true order, from the last key on. (Page
    // lastKnownPage + 1 was asked for above, and its empty answer is cached for a few seconds.)
    const lastKnownPage = Math.ceil((await list('limit=9')).total / 9);
    const older = await ctx.app.db
      .insert(books)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          title: `Older Volume ${index}`,
          author: 'Bulk Author',
          category: 'Food & Drink',
          priceCents: 0,
          story: 's',
          description: 'd',
          createdAt: new Date(base - 1_000 - index),
        })),
      )
      .returning({ id: books.id });
    const truth = (await ctx.app.db.execute<Record<string, unknown>>(
      sql.raw(`select id from books where status in ('added', 'approved') order by created_at desc, id desc`),
    )) as { rows: { id: string }[] };
    const beyond: string[] = [];
    for (let page = lastKnownPage + 2; page <= lastKnownPage + 5; page += 1) {
      beyond.push(...(await list(`limit=9&page=${page}`)).books.map((book) => book._id));
    }
    expect(beyond.length).toBeGreaterThan(9);
    expect(beyond).toEqual(truth.rows.slice((lastKnownPage + 1) * 9).map((row) => row.id));
    inserted.push(...older);
    await ctx.app.db.delete(books).where(
      inArray(
        books.id,
        inserted.map((row) => row.id),
      ),
    );
    const [newest] = await ctx.app.db.select({ id: books.id }).from(books).orderBy(desc(books.createdAt)).limit(1);
    expect(newest).toBeDefined();
  });
});
