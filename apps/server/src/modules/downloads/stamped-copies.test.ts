/**
 * Stamped copies: a buyer's download of a paid book carries their name, e-mail and order on every page
 * and in the metadata (read back from the PDF with pdf.js); made once; the original for everyone else.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { books, documentFailures, stampedCopies } from '../../db/schema/index.js';
import { recordFile } from '../files/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { buyBook, createAdmin, createMember, type Actor } from '../../test/factories.js';
import { dataUrl, makePdf, postBook, storedFiles } from '../../test/books.js';

/** pdf.js's own copies of the standard fonts (the stamp is drawn in Helvetica). */
const STANDARD_FONTS = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

let ctx: TestContext;
let admin: Actor;
let author: Actor;
let buyer: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  author = await createMember(ctx.app, { name: 'Ada Author' });
  buyer = await createMember(ctx.app, { name: 'Zoë Łukasz' });
});
afterAll(() => ctx.close());

/**
 * A download as a client does it: while the copy is being prepared (202 with Retry-After) it asks
 * again, within a generous deadline (a loaded machine may stamp slowly).
 */
async function download(bookId: string, actor?: Actor, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/books/${bookId}/pdf`,
      headers: { ...actor?.headers, ...headers },
    });
    if (response.statusCode !== 202 || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every page's text and the document's metadata, as a PDF reader sees them. */
async function readPdf(bytes: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= doc.numPages; number += 1) {
    const content = await (await doc.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const { info } = (await doc.getMetadata()) as unknown as {
    info: Record<string, unknown> & { Custom?: Record<string, string> };
  };
  await doc.destroy();
  return { pages, info };
}

describe('a paid book downloaded by its buyer', () => {
  let book: Book;
  let orderId: string;
  let orderNumber: string;
  const original = makePdf('The original text', 3);

  beforeAll(async () => {
    book = await postBook(ctx.app, admin, {
      title: 'The Stamped Ledger',
      price: 9.5,
      pdf: dataUrl('application/pdf', await original),
    });
    orderId = await buyBook(ctx.app, buyer, book._id);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: buyer.headers });
    orderNumber = mine
      .json<{ orders: { _id: string; number: string }[] }>()
      .orders.find((o) => o._id === orderId)!.number;
    expect(orderNumber).toMatch(/^BK-\d{4}-\d{6,}$/);
  });

  it('carries the buyer and the order on every page and in the metadata', async () => {
    const response = await download(book._id, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(await original)).toBe(false);
    const { pages, info } = await readPdf(response.rawPayload);
    expect(pages).toHaveLength(3);
    for (const text of pages) {
      expect(text).toContain('The original text');
      // The page font has no Ł: it is written without its stroke; the metadata keeps it.
      expect(text).toContain(`Sold to Zoë Lukasz <${buyer.user.email}>`);
      expect(text).toContain(`Order ${orderNumber} ·`);
    }
    // In the copy's own metadata keys, not in Subject or Keywords (which readers show as the book's tags).
    expect(info.Subject).toBeUndefined();
    expect(info.Keywords).toBeUndefined();
    expect(info.Custom).toMatchObject({
      SoldTo: `Zoë Łukasz <${buyer.user.email}>`,
      BuyerName: 'Zoë Łukasz',
      BuyerEmail: buyer.user.email,
      OrderId: orderId,
      OrderNumber: orderNumber,
    });
  });

  it('is stamped once: the next download and the reader’s ranges serve the same kept copy', async () => {
    const first = await download(book._id, buyer);
    const kept = await storedFiles(ctx.app.fileStore);
    const again = await download(book._id, buyer);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await storedFiles(ctx.app.fileStore)).toEqual(kept);
    const rows = await ctx.app.db.select().from(stampedCopies).where(eq(stampedCopies.bookId, book._id));
    expect(rows).toHaveLength(1);

    const range = await download(book._id, buyer, { range: 'bytes=0-99' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${first.rawPayload.length}`);
    expect(range.rawPayload.equals(first.rawPayload.subarray(0, 100))).toBe(true);
  });

  it('several first downloads at once make one copy', async () => {
    const other = await postBook(ctx.app, admin, {
      price: 2.5,
      pdf: dataUrl('application/pdf', await makePdf('Rush', 4)),
    });
    await buyBook(ctx.app, buyer, other._id);
    const answers = await Promise.all([1, 2, 3].map(() => download(other._id, buyer)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    expect((await readPdf(answers[0]!.rawPayload)).pages[3]).toContain('Sold to');
    const rows = await ctx.app.db.select().from(stampedCopies).where(eq(stampedCopies.bookId, other._id));
    expect(rows).toHaveLength(1);
  });

  it('the submitter and admins get the original, untouched', async () => {
    for (const actor of [admin]) {
      const response = await download(book._id, actor);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(await original)).toBe(true);
    }
    const own = await postBook(ctx.app, author, { price: 3, pdf: dataUrl('application/pdf', await original) });
    const response = await download(own._id, author);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(await original)).toBe(true);
  });

  it('a replaced PDF makes a new copy from the new text, and the old copy is removed', async () => {
    const before = await download(book._id, buyer);
    const replacement = await makePdf('The second edition', 2);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: admin.headers,
      payload: {
        title: book.title,
        author: book.author,
        category: book.category,
        price: 9.5,
        story: 'A ledger.',
        description: 'A ledger of debts.',
        pdf: dataUrl('application/pdf', replacement),
      },
    });
    expect(put.statusCode).toBe(200);
    const after = await download(book._id, buyer);
    const { pages } = await readPdf(after.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('The second edition');
    expect(pages[0]).toContain(`Order ${orderNumber} ·`);
    const beforeSha = String(before.headers.etag).replaceAll('"', '');
    expect((await storedFiles(ctx.app.fileStore)).some((sha) => sha.startsWith(beforeSha))).toBe(false);
  });

  it("a member's copies go with their account", async () => {
    const leaver = await createMember(ctx.app, { name: 'Lee Leaver' });
    await buyBook(ctx.app, leaver, book._id);
    const response = await download(book._id, leaver);
    const sha = String(response.headers.etag).replaceAll('"', '');
    expect((await storedFiles(ctx.app.fileStore)).some((stored) => stored.startsWith(sha))).toBe(true);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${leaver.user._id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBeLessThan(300);
    expect((await storedFiles(ctx.app.fileStore)).some((stored) => stored.startsWith(sha))).toBe(false);
  });
});

describe('what is not stamped', () => {
  it('a free book is the original for everyone', async () => {
    const pdf = await makePdf('A free story', 1);
    const book = await postBook(ctx.app, admin, { price: 0, pdf: dataUrl('application/pdf', pdf) });
    const response = await download(book._id, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(pdf)).toBe(true);
  });

  it('a PDF that cannot be stamped: 503 with a code, never the unstamped original; recorded, admins told', async () => {
    // A book stored before uploads were inspected: typed as a PDF, with no structure pdf-lib can read.
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 'x'), Buffer.from('\n%%EOF\n')]);
    const book = await postBook(ctx.app, admin, { price: 4 });
    const staged = await ctx.app.fileStore.stage(damaged, damaged.length);
    const fileId = await ctx.app.db.transaction(async (tx) => {
      const id = await recordFile(tx, { ...staged, mime: 'application/pdf' });
      await tx.update(books).set({ pdfFileId: id }).where(eq(books.id, book._id));
      return id;
    });
    await staged.commit();
    ctx.app.caches.clear();
    await buyBook(ctx.app, buyer, book._id);
    const response = await download(book._id, buyer);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'COPY_UNAVAILABLE' });
    expect(response.rawPayload.includes(damaged)).toBe(false);
    const failures = await ctx.app.db.select().from(documentFailures).where(eq(documentFailures.fileId, fileId));
    expect(failures).toHaveLength(1);
    const told = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: admin.headers });
    expect(JSON.stringify(told.json())).toContain('could not be stamped');
    // Not tried again: the next download is answered from the record.
    const again = await download(book._id, buyer);
    expect(again.statusCode).toBe(503);
    expect(again.json()).toMatchObject({ code: 'COPY_UNAVAILABLE' });
  });
});

describe('a copy that takes longer than a download waits', () => {
  let slow: TestContext;
  beforeAll(async () => {
    slow = await createTestContext({ COPY_WAIT_SECONDS: '0' });
  });
  afterAll(() => slow.close());

  it('is answered 202 COPY_PREPARING with Retry-After, then served stamped once ready', async () => {
    const owner = await createAdmin(slow.app);
    const reader = await createMember(slow.app, { name: 'Pat Patient' });
    const book = await postBook(slow.app, owner, {
      price: 6,
      pdf: dataUrl('application/pdf', await makePdf('Slow', 2)),
    });
    await buyBook(slow.app, reader, book._id);
    const url = `/api/books/${book._id}/pdf`;
    const first = await slow.app.inject({ method: 'GET', url, headers: reader.headers });
    expect(first.statusCode).toBe(202);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    expect(first.json()).toEqual({ msg: 'Preparing your copy...', code: 'COPY_PREPARING' });
    // The web app asks with HEAD (no body moves) until the copy is ready.
    const head = await slow.app.inject({ method: 'HEAD', url, headers: reader.headers });
    expect([200, 202]).toContain(head.statusCode);
    expect(head.rawPayload).toHaveLength(0);
    const deadline = Date.now() + 120_000;
    let answer = first;
    while (answer.statusCode === 202 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await slow.app.inject({ method: 'GET', url, headers: reader.headers });
    }
    expect(answer.statusCode).toBe(200);
    expect((await readPdf(answer.rawPayload)).pages[0]).toContain('Sold to Pat Patient');
  });
});
