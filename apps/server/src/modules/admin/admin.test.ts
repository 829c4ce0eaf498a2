import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createBook, createMember, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

const get = (url: string, actor?: Actor) =>
  ctx.app.inject({ method: 'GET', url, ...(actor && { headers: actor.headers }) });

describe('admin endpoints refuse everyone but admins', () => {
  it.each(['/api/admin/overview', '/api/admin/notifications', '/api/admin/notifications?limit=5'])(
    '%s: 401 for a visitor, 403 for a member',
    async (url) => {
      const visitor = await get(url);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toMatchObject({ code: 'UNAUTHORIZED', msg: expect.any(String) });
      const member = await createMember(ctx.app);
      const asMember = await get(url, member);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toMatchObject({ code: 'FORBIDDEN', msg: expect.any(String) });
    },
  );

  it('refuses a forged or expired-looking token with 401', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/overview',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/admin/overview', () => {
  it('counts members (not admins), catalogue books and pending submissions', async () => {
    const before = (await get('/api/admin/overview', admin)).json<Record<string, number>>();
    expect(before.members).toBeGreaterThanOrEqual(0);
    const member = await createMember(ctx.app);
    await createAdmin(ctx.app);
    await createBook(ctx.app, { status: 'added' });
    await createBook(ctx.app, { status: 'approved', userId: member.user._id });
    await createBook(ctx.app, { status: 'pending', userId: member.user._id });
    await createBook(ctx.app, { status: 'pending', userId: member.user._id });
    await createBook(ctx.app, { status: 'rejected', userId: member.user._id });

    const response = await get('/api/admin/overview', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      members: before.members! + 1,
      totalBooks: before.totalBooks! + 2,
      pendingBooks: before.pendingBooks! + 2,
      currency: 'USD',
    });
  });
});

describe('GET /api/admin/notifications', () => {
  it('lists member submissions newest first with the submitter, never admin-added books', async () => {
    const member = await createMember(ctx.app, { name: 'Nimal Perera' });
    const base = Date.now();
    const older = await createBook(ctx.app, {
      title: 'Older Submission',
      author: 'A. Writer',
      status: 'approved',
      userId: member.user._id,
      createdAt: new Date(base - 60_000),
    });
    const adminBook = await createBook(ctx.app, { title: 'Admin Added', createdAt: new Date(base) });
    const newer = await createBook(ctx.app, {
      title: 'Newer Submission',
      author: 'B. Writer',
      status: 'pending',
      userId: member.user._id,
      createdAt: new Date(base + 1000),
    });

    const response = await get('/api/admin/notifications?limit=20', admin);
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<Record<string, string>>>();
    const ids = list.map((entry) => entry.bookId);
    expect(ids).not.toContain(adminBook.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((entry) => entry.bookId === newer.id)).toEqual({
      _id: newer.id,
      bookId: newer.id,
      title: 'Newer Submission',
      author: 'B. Writer',
      memberName: 'Nimal Perera',
      status: 'pending',
      createdAt: new Date(base + 1000).toISOString(),
    });
    expect(list.find((entry) => entry.bookId === older.id)).toMatchObject({ status: 'approved' });
  });

  it('honours the limit and refuses a bad one with 400', async () => {
    const member = await createMember(ctx.app);
    for (let i = 0; i < 3; i += 1) await createBook(ctx.app, { status: 'pending', userId: member.user._id });
    const limited = (await get('/api/admin/notifications?limit=2', admin)).json<unknown[]>();
    expect(limited).toHaveLength(2);
    for (const limit of ['0', '101', 'many']) {
      const response = await get(`/api/admin/notifications?limit=${limit}`, admin);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json()).toMatchObject({ msg: expect.any(String), code: expect.any(String) });
    }
  });
});
