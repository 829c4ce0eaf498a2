/**
 * Re-cuts of a sample are limited: changing a book's sample length again and again (each change
 * rebuilds the sample from the whole PDF) is refused with 429 SAMPLE_RECUT_LIMIT past the day's limit,
 * and the refused change is not applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember, type Actor } from '../../test/factories.js';
import { bookBody, dataUrl, makePdf, postBook } from '../../test/books.js';
import { sampleRecuts } from '../../db/schema/index.js';
import { SAMPLE_RECUTS_PER_BOOK, SAMPLE_RECUTS_PER_MEMBER } from './sample-recuts.js';

let ctx: TestContext;
let member: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx.app);
});
afterAll(() => ctx.close());

describe('changing the sample length', () => {
  it(`is limited to ${SAMPLE_RECUTS_PER_BOOK} re-cuts of a book a day (429 SAMPLE_RECUT_LIMIT)`, async () => {
    const book = await postBook(ctx.app, member, {
      title: 'Many Samples',
      price: 3,
      samplePages: 1,
      pdf: dataUrl('application/pdf', await makePdf('Recut', 12)),
    });
    const cut = () => ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}/sample`, headers: member.headers });
    const change = async (samplePages: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/books/${book._id}`,
        headers: member.headers,
        payload: {
          ...(await bookBody({ title: 'Many Samples', price: 3 })),
          image: book.image,
          pdf: book.pdf,
          samplePages,
        },
      });
    expect((await cut()).statusCode).toBe(200);
    for (let n = 2; n <= SAMPLE_RECUTS_PER_BOOK + 1; n += 1) {
      const changed = await change(n);
      expect(changed.statusCode).toBe(200);
      expect((await cut()).statusCode).toBe(200);
    }
    const refused = await change(SAMPLE_RECUTS_PER_BOOK + 2);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SAMPLE_RECUT_LIMIT' });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}`, headers: member.headers });
    const shown = detail.json<{ book?: Book }>().book ?? detail.json<Book>();
    expect(shown.samplePages).toBe(SAMPLE_RECUTS_PER_BOOK + 1);
    // Six cuts in the document pool: generous on a loaded machine.
  }, 300_000);
});

describe('a member changing the samples of many books', () => {
  it(`is limited to ${SAMPLE_RECUTS_PER_MEMBER} re-cuts a day across their books (429 SAMPLE_RECUT_LIMIT)`, async () => {
    const author = await createMember(ctx.app);
    const pdf = dataUrl('application/pdf', await makePdf('Many books', 6));
    const earlier = await postBook(ctx.app, author, { title: 'Earlier Book', price: 2, pdf });
    const book = await postBook(ctx.app, author, { title: 'Next Book', price: 2, samplePages: 1, pdf });
    // The day's re-cuts so far, all on the member's other book.
    await ctx.app.db
      .insert(sampleRecuts)
      .values(
        Array.from({ length: SAMPLE_RECUTS_PER_MEMBER }, () => ({ bookId: earlier._id, userId: author.user._id })),
      );
    const cut = await ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}/sample`, headers: author.headers });
    expect(cut.statusCode).toBe(200);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: author.headers,
      payload: {
        ...(await bookBody({ title: 'Next Book', price: 2 })),
        image: book.image,
        pdf: book.pdf,
        samplePages: 2,
      },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'SAMPLE_RECUT_LIMIT' });
    expect(refused.json().msg).toContain('your books');
  });
});
