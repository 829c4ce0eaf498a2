/**
 * Quotas: pending books and stored bytes per member, a rate limit on public search per address, and
 * the known-words table kept to the words books still use.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { books, files, searchWords } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { bookBody, dataUrl, makePdf, postBook, storedFiles } from '../../test/books.js';

const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((ctx) => ctx.close())));

async function context(env: Record<string, string>) {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  return ctx;
}

async function fileRows(ctx: TestContext) {
  const [counted] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(files);
  return { rows: counted!.n, stored: (await storedFiles(ctx.app.fileStore)).length };
}

describe('pending books per member', () => {
  let ctx: TestContext;
  let admin: Actor;
  let member: Actor;
  beforeAll(async () => {
    ctx = await context({ PENDING_BOOKS_PER_MEMBER: '3' });
    admin = await createAdmin(ctx.app);
    member = await createMember(ctx.app);
  });

  it('refuses a submission past the limit with 429 and keeps nothing of it', async () => {
    const submitted: Book[] = [];
    for (let i = 0; i < 3; i += 1) submitted.push(await postBook(ctx.app, member));
    const before = await fileRows(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: member.headers,
      payload: await bookBody({ pdf: dataUrl('application/pdf', await makePdf('One too many')) }),
    });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      msg: 'You already have 3 books waiting for review. You can submit more once they are reviewed.',
      code: 'TOO_MANY_PENDING_BOOKS',
    });
    expect(await fileRows(ctx)).toEqual(before);

    // An admin is not limited; once a book is reviewed the member may submit again.
    await postBook(ctx.app, admin);
    const approved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/books/approve/${submitted[0]!._id}`,
      headers: admin.headers,
    });
    expect(approved.statusCode).toBe(200);
    await postBook(ctx.app, member);
  });

  it('a resubmission counts too', async () => {
    const other = await createMember(ctx.app);
    const first = await postBook(ctx.app, other);
    await ctx.app.inject({ method: 'PATCH', url: `/api/books/reject/${first._id}`, headers: admin.headers });
    for (let i = 0; i < 3; i += 1) await postBook(ctx.app, other);
    const { image: _i, pdf: _p, ...fields } = await bookBody({ title: 'Resubmitted' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${first._id}`,
      headers: other.headers,
      payload: fields,
    });
    expect(response.statusCode).toBe(429);
    expect(response.json().code).toBe('TOO_MANY_PENDING_BOOKS');
    const [row] = await ctx.app.db.select().from(books).where(eq(books.id, first._id));
    expect(row).toMatchObject({ status: 'rejected', title: first.title });
  });
});

describe('stored bytes per member', () => {
  let ctx: TestContext;
  let member: Actor;
  let pdfA: Buffer;
  let pdfB: Buffer;
  beforeAll(async () => {
    pdfA = await makePdf('Budget book A', 40);
    pdfB = await makePdf('Budget book B', 40);
    // Room for one book (its PDF and a small cover), not for two.
    ctx = await context({ UPLOAD_BYTES_PER_MEMBER: String(Math.round(pdfA.length * 1.5)) });
    member = await createMember(ctx.app);
  });

  it('refuses an upload past the budget with 413 and keeps nothing of it; an edit counts what it replaces', async () => {
    const book = await postBook(ctx.app, member, { pdf: dataUrl('application/pdf', pdfA) });
    const before = await fileRows(ctx);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: member.headers,
      payload: await bookBody({ pdf: dataUrl('application/pdf', pdfB) }),
    });
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({
      msg: expect.stringMatching(
        /^Your uploads would take .+ of your .+ of storage\. Delete a book or use smaller files\.$/,
      ),
      code: 'UPLOAD_QUOTA_EXCEEDED',
    });
    expect(await fileRows(ctx)).toEqual(before);

    // Replacing the PDF with one of the same size frees the old one: within the budget.
    const { image: _i, ...fields } = await bookBody({ title: book.title, pdf: dataUrl('application/pdf', pdfB) });
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: member.headers,
      payload: fields,
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('public search rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await context({ SEARCHES_PER_MINUTE: '5' });
  });

  it('limits searches per address with a clear 429; browsing and other addresses are not affected', async () => {
    const search = (q: string, remoteAddress = '203.0.113.7') =>
      ctx.app.inject({ method: 'GET', url: `/api/books?q=${encodeURIComponent(q)}`, remoteAddress });
    for (let i = 0; i < 5; i += 1) expect((await search(`cache buster ${i}`)).statusCode).toBe(200);
    const refused = await search('one more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      msg: expect.stringMatching(/^Too many searches\. Please try again in \d+ seconds\.$/),
      code: 'SEARCH_RATE_LIMITED',
    });
    expect(refused.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 8; i += 1) {
      const browse = await ctx.app.inject({ method: 'GET', url: `/api/books?page=1`, remoteAddress: '203.0.113.7' });
      expect(browse.statusCode).toBe(200);
    }
    expect((await search('from elsewhere', '198.51.100.9')).statusCode).toBe(200);
  });
});

describe('known words', () => {
  let ctx: TestContext;
  let admin: Actor;
  beforeAll(async () => {
    ctx = await context({});
    admin = await createAdmin(ctx.app);
  });

  const wordCount = async () => {
    const [counted] = await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(searchWords);
    return counted!.n;
  };
  const known = async (word: string) =>
    (await ctx.app.db.select().from(searchWords).where(eq(searchWords.word, word))).length === 1;

  it('stay bounded: words no book uses any more are removed on edit and delete', async () => {
    const keep = await postBook(ctx.app, admin, { title: 'Shared Lighthouse', author: 'Keeper Person' });
    const baseline = await wordCount();
    const book = await postBook(ctx.app, admin, { title: 'Shared Lighthouse', author: 'Keeper Person' });
    expect(await wordCount()).toBe(baseline);

    const { image: _i, pdf: _p, ...fields } = await bookBody();
    for (let round = 0; round < 30; round += 1) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/books/${book._id}`,
        headers: admin.headers,
        payload: { ...fields, title: `Zyxwordalpha${round} Qorbetaword${round}`, author: 'Keeper Person' },
      });
      expect(response.statusCode).toBe(200);
    }
    // Only the current title's two words were added; 58 old ones are gone.
    expect(await wordCount()).toBe(baseline + 2);
    expect(await known('zyxwordalpha29')).toBe(true);
    expect(await known('zyxwordalpha3')).toBe(false);

    await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin.headers });
    expect(await wordCount()).toBe(baseline);
    // Words still used by another book stay.
    expect(await known('lighthouse')).toBe(true);
    await ctx.app.inject({ method: 'DELETE', url: `/api/books/${keep._id}`, headers: admin.headers });
    expect(await known('lighthouse')).toBe(false);
  });
});
