import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  books,
  cartItems,
  files,
  orderItems,
  orders,
  paymentCards,
  sessions,
  users,
  wishlistItems,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createBook, createMember, simulatedGateway, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

const get = (url: string, actor?: Actor) =>
  ctx.app.inject({ method: 'GET', url, ...(actor && { headers: actor.headers }) });
const remove = (id: string, actor?: Actor) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, ...(actor && { headers: actor.headers }) });

/** Stores real bytes in the file store and records them, as an upload would. */
async function storeFile(mime: string, content: Buffer = randomBytes(64)) {
  const staged = await ctx.app.fileStore.stage(content, 10 * 1024 * 1024);
  await staged.commit();
  const [row] = await ctx.app.db
    .insert(files)
    .values({ sha256: staged.sha256, mime, sizeBytes: staged.sizeBytes })
    .returning();
  return row!;
}

describe('GET /api/users/', () => {
  it('refuses visitors with 401 and members with 403', async () => {
    const member = await createMember(ctx.app);
    for (const url of ['/api/users', '/api/users/', '/api/users/?page=1&limit=5']) {
      const visitor = await get(url);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const asMember = await get(url, member);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toMatchObject({ code: 'FORBIDDEN', msg: expect.any(String) });
    }
  });

  it('lists members only, newest first, without secrets, as the plain list the client expects', async () => {
    const first = await createMember(ctx.app, { name: 'First Reader' });
    const second = await createMember(ctx.app, { name: 'Second Reader' });
    const response = await get('/api/users/', admin);
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<{ _id: string; role: string; name: string }>>();
    expect(Array.isArray(list)).toBe(true);
    expect(list.every((user) => user.role === 'member')).toBe(true);
    expect(list.map((user) => user._id)).not.toContain(admin.user._id);
    const ids = list.map((user) => user._id);
    expect(ids.indexOf(second.user._id)).toBeLessThan(ids.indexOf(first.user._id));
    expect(list.find((user) => user._id === first.user._id)).toMatchObject({
      name: 'First Reader',
      email: first.user.email,
      phone: '+94771234567',
    });
    expect(response.body).not.toMatch(/argon2|passwordHash/);
  });

  it('pages on the server when ?page is given', async () => {
    await createAdmin(ctx.app); // another admin must not be counted either
    for (let i = 0; i < 6; i += 1) await createMember(ctx.app, { name: `Paged ${i}` });
    const n = await ctx.app.db.$count(users, eq(users.role, 'member'));

    const first = await get('/api/users/?page=1&limit=5', admin);
    expect(first.statusCode).toBe(200);
    const body = first.json<{
      users: Array<{ _id: string; name: string }>;
      total: number;
      page: number;
      limit: number;
    }>();
    expect(body).toMatchObject({ total: n, page: 1, limit: 5 });
    expect(body.users).toHaveLength(5);
    expect(body.users[0]!.name).toBe('Paged 5');

    const last = Math.ceil(n / 5);
    const lastPage = (await get(`/api/users/?page=${last}&limit=5`, admin)).json<{ users: unknown[] }>();
    expect(lastPage.users).toHaveLength(n - (last - 1) * 5);
    const beyond = (await get(`/api/users/?page=${last + 1}&limit=5`, admin)).json<{ users: unknown[] }>();
    expect(beyond.users).toEqual([]);

    const all = (await get('/api/users/', admin)).json<Array<{ _id: string }>>();
    const pagedIds = [];
    for (let page = 1; page <= last; page += 1) {
      const chunk = (await get(`/api/users?page=${page}&limit=5`, admin)).json<{ users: Array<{ _id: string }> }>();
      pagedIds.push(...chunk.users.map((user) => user._id));
    }
    expect(pagedIds).toEqual(all.map((user) => user._id));
  });

  it('defaults the page size to 5 and refuses bad paging with 400', async () => {
    const body = (await get('/api/users/?page=1', admin)).json<{ limit: number }>();
    expect(body.limit).toBe(5);
    for (const query of ['page=0', 'page=abc', 'page=1&limit=0', 'page=1&limit=1000', 'page=-2']) {
      const response = await get(`/api/users/?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ msg: expect.any(String), code: expect.any(String) });
    }
  });
});

describe('DELETE /api/users/{id}', () => {
  it('refuses visitors with 401 and members with 403, and deletes nothing', async () => {
    const target = await createMember(ctx.app);
    const member = await createMember(ctx.app);
    expect((await remove(target.user._id)).statusCode).toBe(401);
    const asMember = await remove(target.user._id, member);
    expect(asMember.statusCode).toBe(403);
    const asSelf = await remove(target.user._id, target);
    expect(asSelf.statusCode).toBe(403);
    expect(await ctx.app.db.$count(users, eq(users.id, target.user._id))).toBe(1);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await remove('not-a-uuid', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    const missing = await remove('01900000-0000-7000-8000-000000000000', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: 'Member not found.', code: 'MEMBER_NOT_FOUND' });
  });

  it('refuses to delete an admin (403) or oneself (409)', async () => {
    const other = await createAdmin(ctx.app);
    const otherAdmin = await remove(other.user._id, admin);
    expect(otherAdmin.statusCode).toBe(403);
    expect(otherAdmin.json()).toEqual({ msg: 'An admin account cannot be deleted.', code: 'CANNOT_DELETE_ADMIN' });
    const self = await remove(admin.user._id, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ msg: 'You cannot delete your own account here.', code: 'CANNOT_DELETE_SELF' });
    expect(await ctx.app.db.$count(users, inArray(users.id, [admin.user._id, other.user._id]))).toBe(2);
    // The refused caller is still signed in.
    expect((await get('/api/users/me', admin)).statusCode).toBe(200);
  });

  it('removes the account, sessions, cart, wishlist, cards and unpublished submissions; keeps orders and approved books', async () => {
    const target = await createMember(ctx.app, { name: 'Leaving Reader' });
    const bystander = await createMember(ctx.app);
    const memberId = target.user._id;
    const db = ctx.app.db;

    const catalogueBook = await createBook(ctx.app);
    const pendingCover = await storeFile('image/png');
    const pendingPdf = await storeFile('application/pdf');
    const sharedCover = await storeFile('image/jpeg');
    const pending = await createBook(ctx.app, {
      userId: memberId,
      status: 'pending',
      coverFileId: pendingCover.id,
      pdfFileId: pendingPdf.id,
    });
    const rejected = await createBook(ctx.app, { userId: memberId, status: 'rejected', coverFileId: sharedCover.id });
    // Another book uses the same cover file, so that file must stay.
    const otherWithSharedCover = await createBook(ctx.app, { coverFileId: sharedCover.id });
    const approved = await createBook(ctx.app, { userId: memberId, status: 'approved' });

    await db.insert(cartItems).values({ userId: memberId, bookId: catalogueBook.id });
    await db.insert(wishlistItems).values({ userId: memberId, bookId: catalogueBook.id });
    await db.insert(wishlistItems).values({ userId: bystander.user._id, bookId: pending.id });
    // Cards saved through the real payment API, so the gateway's vault holds them.
    for (const actor of [target, bystander]) {
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/payment',
        headers: actor.headers,
        payload: { cardHolder: 'Card Holder', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const [leavingCard] = await db.select().from(paymentCards).where(eq(paymentCards.userId, memberId));
    const [stayingCard] = await db.select().from(paymentCards).where(eq(paymentCards.userId, bystander.user._id));
    expect(await simulatedGateway(ctx.app).hasCard(leavingCard!.gatewayToken)).toBe(true);
    const [order] = await db
      .insert(orders)
      .values({ userId: memberId, totalCents: 999, currency: 'USD', chargeId: 'ch_1' })
      .returning();
    await db.insert(orderItems).values({ orderId: order!.id, bookId: catalogueBook.id, title: 'x', priceCents: 999 });

    const response = await remove(memberId, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ msg: 'Member has been removed.' });

    expect(await db.$count(users, eq(users.id, memberId))).toBe(0);
    expect(await db.$count(sessions, eq(sessions.userId, memberId))).toBe(0);
    expect(await db.$count(cartItems, eq(cartItems.userId, memberId))).toBe(0);
    expect(await db.$count(wishlistItems, eq(wishlistItems.userId, memberId))).toBe(0);
    expect(await db.$count(paymentCards, eq(paymentCards.userId, memberId))).toBe(0);
    expect(await simulatedGateway(ctx.app).hasCard(leavingCard!.gatewayToken)).toBe(false);
    expect(await simulatedGateway(ctx.app).hasCard(stayingCard!.gatewayToken)).toBe(true);
    expect(await db.$count(paymentCards, eq(paymentCards.userId, bystander.user._id))).toBe(1);

    // Unpublished submissions are gone (and with them the bystander's wishlist entry for one).
    expect(await db.$count(books, inArray(books.id, [pending.id, rejected.id]))).toBe(0);
    expect(await db.$count(wishlistItems, eq(wishlistItems.userId, bystander.user._id))).toBe(0);
    // Their files went too, bytes included, except the cover another book still uses.
    expect(await db.$count(files, inArray(files.id, [pendingCover.id, pendingPdf.id]))).toBe(0);
    expect(await ctx.app.fileStore.size(pendingCover.sha256)).toBeNull();
    expect(await ctx.app.fileStore.size(pendingPdf.sha256)).toBeNull();
    expect(await db.$count(files, eq(files.id, sharedCover.id))).toBe(1);
    expect(await ctx.app.fileStore.size(sharedCover.sha256)).toBe(64);
    expect(await db.$count(books, eq(books.id, otherWithSharedCover.id))).toBe(1);

    // Approved books stay in the catalogue; the order stays for the accounting, without its buyer.
    const [kept] = await db.select().from(books).where(eq(books.id, approved.id));
    expect(kept).toMatchObject({ status: 'approved', userId: null });
    const [keptOrder] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(keptOrder).toMatchObject({ userId: null, totalCents: 999 });
    expect(await db.$count(orderItems, eq(orderItems.orderId, order!.id))).toBe(1);

    // The deleted member's token no longer works; the bystander is untouched.
    expect((await get('/api/users/me', target)).statusCode).toBe(401);
    expect((await get('/api/users/me', bystander)).statusCode).toBe(200);
    const list = (await get('/api/users/', admin)).json<Array<{ _id: string }>>();
    expect(list.map((user) => user._id)).not.toContain(memberId);

    // A second delete finds nothing.
    expect((await remove(memberId, admin)).statusCode).toBe(404);
  });
});
