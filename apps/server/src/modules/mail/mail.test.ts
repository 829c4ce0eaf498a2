import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { waitFor } from '../../test/wait-for.js';
import { createAdmin, createBook, createMember, type Actor } from '../../test/factories.js';
import { mailTo, startSmtpServer, type TestSmtpServer } from '../../test/mail.js';

const CARD = { cardHolder: 'Ann Reader', cardNumber: '5555-5555-5555-4444', expiry: '12/28', cvv: '123' };

/** Saves a card, puts the books in the cart and buys them; the order's JSON. */
async function buy(ctx: TestContext, actor: Actor, prices: number[]) {
  const card = await ctx.app.inject({ method: 'POST', url: '/api/payment', headers: actor.headers, payload: CARD });
  const books = [];
  for (const priceCents of prices) {
    const book = await createBook(ctx.app, { priceCents });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: actor.headers,
      payload: { bookId: book.id },
    });
    books.push(book);
  }
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: actor.headers,
    payload: { books: books.map((book) => book.id), paymentId: card.json().card._id },
  });
  expect(response.statusCode).toBe(201);
  return { books, order: response.json().order as { _id: string; number: string } };
}

describe('mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Test Shop <shop@example.com>',
      STORE_NAME: 'Test Shop',
      STORE_PHONE: '+1 555 0100',
      STORE_EMAIL: 'owner@testshop.example',
      PUBLIC_URL: 'https://shop.example/',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('sends the order receipt: items, total, card brand and last 4, a link to My Library', async () => {
    const ann = await createMember(ctx.app, { name: 'Ann Reader' });
    const { books, order } = await buy(ctx, ann, [1099, 500]);
    await ctx.app.mail.idle();
    const receipts = smtp.received.filter((mail) => mail.to.includes(ann.user.email) && /receipt/.test(mail.subject));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt!.from).toContain('shop@example.com');
    expect(receipt!.subject).toBe('Your order receipt · Test Shop');
    for (const book of books) {
      expect(receipt!.text).toContain(book.title);
      expect(receipt!.html).toContain(book.title);
    }
    expect(receipt!.text).toContain('$10.99');
    expect(receipt!.text).toContain('Total: $15.99');
    expect(receipt!.text).toContain('Mastercard ending in 4444');
    expect(order.number).toMatch(/^BK-\d{4}-\d{6,}$/);
    expect(receipt!.text).toContain(`Thank you for your order ${order.number}.`);
    expect(receipt!.text).not.toContain(order._id);
    expect(receipt!.text).toContain('https://shop.example/#/user-dashboard/my-library');
    expect(receipt!.html).toContain('href="https://shop.example/#/user-dashboard/my-library"');
    expect(receipt!.text).toContain('Test Shop · owner@testshop.example · +1 555 0100');
  });

  it('tells the submitter of an approval, and of a rejection with the reason given', async () => {
    const admin = await createAdmin(ctx.app);
    const bea = await createMember(ctx.app, { name: 'Bea Writer' });
    const approved = await createBook(ctx.app, { status: 'pending', userId: bea.user._id, title: 'Sea Songs' });
    const rejected = await createBook(ctx.app, { status: 'pending', userId: bea.user._id, title: 'Blurry Pages' });
    const review = (action: string, id: string, payload?: object) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/books/${action}/${id}`, headers: admin.headers, payload });
    expect((await review('approve', approved.id)).statusCode).toBe(200);
    expect((await review('reject', rejected.id, { reason: 'The cover is too blurry.' })).statusCode).toBe(200);
    const toBea = await waitFor(
      () => smtp.received.filter((mail) => mail.to.includes(bea.user.email)),
      (mails) => mails.filter((mail) => mail.subject.includes('approved')).length >= 2,
    );
    const approval = toBea.find((mail) => mail.subject.includes('"Sea Songs" was approved'));
    const rejection = toBea.find((mail) => mail.subject.includes('"Blurry Pages" was not approved'));
    expect(approval?.text).toContain('is now in the Test Shop library');
    expect(rejection?.text).toContain("The reviewer's reason: The cover is too blurry.");
    expect(rejection?.html).toContain('The cover is too blurry.');
  });
});

describe('mail without SMTP_URL', () => {
  const logLines: string[] = [];
  let ctx: TestContext;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    ctx = await createTestContext({}, { logger: { level: 'info', stream } });
  });
  afterAll(() => ctx.close());

  it('says once at start where the .eml files go, and writes each message there', async () => {
    const notices = logLines.filter((line) => line.includes('SMTP_URL is not set'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(ctx.config.mailDir);
    expect(ctx.config.mailDir).toBe(`${ctx.dataDir}/mail`);

    const ann = await createMember(ctx.app, { name: 'Ann Reader' });
    await buy(ctx, ann, [250]);
    const mails = await mailTo(ctx.app, ann.user.email);
    const receipt = mails.find((mail) => mail.subject.startsWith('Your order receipt · Bookshelf'));
    expect(receipt?.text).toContain('Total: $2.50');
    expect(receipt?.from).toContain('no-reply@bookshelf.example');
    expect(logLines.some((line) => line.includes('"msg":"mail written"'))).toBe(true);
  });
});

describe('a mail server that is down', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) here: every delivery fails.
    ctx = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => ctx.close());

  it('never fails or undoes an order', async () => {
    const ann = await createMember(ctx.app);
    const { order } = await buy(ctx, ann, [300]);
    await ctx.app.mail.idle();
    const orders = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: ann.headers });
    expect(orders.json().orders.map((o: { _id: string }) => o._id)).toContain(order._id);
  });
});

describe('a slow mail server', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer({ delayMs: 3000 });
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('never holds up the request: the order answers before the receipt is accepted', async () => {
    const ann = await createMember(ctx.app);
    const started = Date.now();
    await buy(ctx, ann, [400]);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The welcome mail and the receipt are still on their way when the order has answered.
    expect(smtp.received.some((mail) => mail.subject.startsWith('Your order receipt'))).toBe(false);
    await ctx.app.mail.idle();
    expect(smtp.received.some((mail) => mail.subject.startsWith('Your order receipt'))).toBe(true);
  });
});
