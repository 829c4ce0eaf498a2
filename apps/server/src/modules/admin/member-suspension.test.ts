/**
 * Members for the admin: search by name or e-mail; a member's page (orders, books owned,
 * submissions, reviews); suspend (no sign-in, sessions ended, app passwords refused, data kept) and
 * reinstate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberDetail, MemberPage } from '@ebook/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { TEST_PASSWORD, buyBook, createAdmin, createBook, createMember, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let admin: Actor;
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST', url: string, actor?: Actor, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...actor?.headers, ...headers } });
const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

describe('members for the admin', () => {
  it('are found by part of their name or e-mail, any case', async () => {
    const gwen = await createMember(ctx.app, { name: `Gwen ${tag} Harper` });
    await createMember(ctx.app, { name: `Hugo ${tag}` });
    const byName = (await call('GET', `/api/users/?page=1&q=GWEN%20${tag}`, admin)).json<MemberPage>();
    expect(byName.users.map((user) => user._id)).toEqual([gwen.user._id]);
    expect(byName.users[0]).toMatchObject({ suspended: false, email: gwen.user.email });
    const byEmail = (
      await call('GET', `/api/users/?page=1&q=${gwen.user.email.toUpperCase()}`, admin)
    ).json<MemberPage>();
    expect(byEmail.total).toBe(1);
    expect((await call('GET', `/api/users/?page=1&q=${tag}`, admin)).json<MemberPage>().total).toBe(2);
    expect((await call('GET', `/api/users/?page=1&q=%25`, admin)).json<MemberPage>().total).toBe(0);
  });

  it('have a page with their orders, books owned, submissions and reviews (admins only)', async () => {
    const ivy = await createMember(ctx.app, { name: 'Ivy Reader' });
    const bought = await createBook(ctx.app, { title: `Owned ${tag}`, priceCents: 800 });
    await buyBook(ctx.app, ivy, bought.id);
    await createBook(ctx.app, { title: `Submitted ${tag}`, status: 'pending', userId: ivy.user._id });
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/books/${bought.id}/reviews`,
      headers: ivy.headers,
      payload: { rating: 5, text: 'A fine read, all the way through.' },
    });
    expect(review.statusCode).toBe(201);

    expect((await call('GET', `/api/admin/members/${ivy.user._id}`, ivy)).statusCode).toBe(403);
    const page = await call('GET', `/api/admin/members/${ivy.user._id}`, admin);
    expect(page.statusCode).toBe(200);
    const detail = page.json<MemberDetail>();
    expect(detail.member).toMatchObject({ _id: ivy.user._id, name: 'Ivy Reader', suspended: false });
    expect(detail.ordersTotal).toBe(1);
    expect(detail.orders[0]).toMatchObject({ totalCents: 800, items: [{ title: `Owned ${tag}` }] });
    expect(detail.owned.map((book) => book.title)).toEqual([`Owned ${tag}`]);
    expect(detail.submissions).toEqual([expect.objectContaining({ title: `Submitted ${tag}`, status: 'pending' })]);
    expect(detail.reviews).toEqual([expect.objectContaining({ title: `Owned ${tag}`, rating: 5 })]);
    const missing = await call('GET', '/api/admin/members/0190b4a0-0000-7000-8000-000000000000', admin);
    expect(missing.statusCode).toBe(404);
  });

  it('suspended: cannot sign in, sessions end, app passwords stop; data kept; reinstated: back', async () => {
    const jay = await createMember(ctx.app, { name: 'Jay Suspended' });
    const owned = await createBook(ctx.app, { title: `Kept ${tag}`, priceCents: 500 });
    await buyBook(ctx.app, jay, owned.id);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/app-passwords',
      headers: jay.headers,
      payload: { name: 'KOReader', password: TEST_PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    const opds = basic(jay.user.email, created.json<{ password: string }>().password);
    expect((await call('GET', '/opds/library', undefined, opds)).statusCode).toBe(200);

    expect((await call('POST', `/api/admin/members/${jay.user._id}/suspend`, jay)).statusCode).toBe(403);
    const suspend = await call('POST', `/api/admin/members/${jay.user._id}/suspend`, admin);
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json()).toMatchObject({ member: { suspended: true } });

    expect((await call('GET', '/api/users/me', jay)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: jay.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    // A wrong password says nothing about the suspension.
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: jay.user.email, password: 'not-the-password-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await call('GET', '/opds/library', undefined, opds)).statusCode).toBe(401);
    const kept = (await call('GET', `/api/admin/members/${jay.user._id}`, admin)).json<MemberDetail>();
    expect(kept.owned.map((book) => book.title)).toEqual([`Kept ${tag}`]);
    expect(kept.ordersTotal).toBe(1);

    expect((await call('POST', `/api/admin/members/${jay.user._id}/reinstate`, admin)).json()).toMatchObject({
      member: { suspended: false },
    });
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: jay.user.email, password: TEST_PASSWORD },
    });
    expect(back.statusCode).toBe(200);
    expect((await call('GET', '/opds/library', undefined, opds)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/members/${admin.user._id}/suspend`, admin)).json()).toMatchObject({
      code: 'CANNOT_SUSPEND_ADMIN',
    });
  });
});
