/** "Download my data": a member's own profile, orders, reviews, reading progress and books, nobody else's. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, readingProgress } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { buyBook, createBook, createMember, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let reader: Actor;
let other: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  reader = await createMember(ctx.app);
  other = await createMember(ctx.app);
});
afterAll(() => ctx.close());

describe('GET /api/users/me/data', () => {
  it('answers the member’s data as a JSON download, with links to their books', async () => {
    const [pdf] = await ctx.app.db
      .insert(files)
      .values({ sha256: 'a'.repeat(64), mime: 'application/pdf', sizeBytes: 100, pages: 10 })
      .returning();
    const bought = await createBook(ctx.app, { title: 'The Salt Ledger', priceCents: 450, pdfFileId: pdf!.id });
    const notMine = await createBook(ctx.app, { title: 'Someone Else’s Book' });
    await buyBook(ctx.app, reader, bought.id);
    await buyBook(ctx.app, other, notMine.id);
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/books/${bought.id}/reviews`,
      headers: reader.headers,
      payload: { rating: 4, text: 'Salty and good.' },
    });
    expect(review.statusCode, review.body).toBe(201);
    await ctx.app.db
      .insert(readingProgress)
      .values({ userId: reader.user._id, bookId: bought.id, format: 'pdf', page: 3, pages: 10 });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/me/data', headers: reader.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json();
    expect(data.profile).toMatchObject({ _id: reader.user._id, email: reader.user.email });
    expect(data.orders).toEqual([
      expect.objectContaining({
        number: expect.stringMatching(/^BK-/),
        status: 'paid',
        total: 4.5,
        books: [{ bookId: bought.id, title: 'The Salt Ledger', price: 4.5, refunded: false }],
      }),
    ]);
    expect(data.reviews).toEqual([expect.objectContaining({ bookId: bought.id, rating: 4, text: 'Salty and good.' })]);
    expect(data.readingProgress).toEqual([expect.objectContaining({ bookId: bought.id, page: 3, pages: 10 })]);
    expect(data.books).toEqual([
      expect.objectContaining({
        id: bought.id,
        title: 'The Salt Ledger',
        downloads: { pdf: `/api/books/${bought.id}/pdf` },
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain(notMine.id);
    expect(JSON.stringify(data)).not.toContain('passwordHash');
  });

  it('is for signed-in members only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/data' })).statusCode).toBe(401);
  });
});
