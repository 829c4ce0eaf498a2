import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { mailTo } from '../../test/mail.js';

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext({ STORE_EMAIL: 'desk@shop.example' });
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

let ip = 0;
const send = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: `10.9.0.${(ip += 1)}` });
const MESSAGE = { name: 'Vera Visitor', email: 'vera@example.com', subject: 'Missing chapter', message: 'Chapter 3?' };

describe('contact form', () => {
  it('stores the message and mails it to STORE_EMAIL with Reply-To the sender', async () => {
    const response = await send(MESSAGE);
    expect(response.statusCode).toBe(201);
    expect(response.json().msg).toBe('Thank you! Your message has been sent.');
    const [mail] = await mailTo(ctx.app, 'desk@shop.example');
    expect(mail!.subject).toBe('Contact: Missing chapter · Bookshelf');
    expect(mail!.replyTo).toContain('vera@example.com');
    expect(mail!.text).toContain('Chapter 3?');
  });

  it.each([
    [{ ...MESSAGE, name: '' }, 'Name is required'],
    [{ ...MESSAGE, email: 'nope' }, 'Please enter a valid email'],
    [{ ...MESSAGE, subject: ' ' }, 'Subject is required'],
    [{ ...MESSAGE, message: 'x'.repeat(5001) }, 'Keep the message under 5000 characters'],
  ])('refuses bad input %# with 400 and stores nothing', async (payload, msg) => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/admin/messages', headers: admin.headers })).json()
      .total as number;
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(msg);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/admin/messages', headers: admin.headers })).json();
    expect(after.total).toBe(before);
  });

  it('is rate limited per address', async () => {
    const codes = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push(
        (await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: MESSAGE, remoteAddress: '10.8.0.1' }))
          .statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('the admin Messages screen API', () => {
  it('lists newest first with the unread count; marks read; deletes; admins only', async () => {
    const member = await createMember(ctx.app);
    for (const url of ['/api/admin/messages']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(403);
    }
    await send({ ...MESSAGE, subject: 'Newest one' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/messages', headers: admin.headers });
    const body = list.json();
    expect(body.messages[0]).toMatchObject({ subject: 'Newest one', read: false, email: 'vera@example.com' });
    const unread = body.unread as number;
    expect(unread).toBe(body.total);
    const id = body.messages[0]._id as string;

    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/admin/messages/${id}/read`, headers: member.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: `/api/admin/messages/${id}/read`, headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    const afterRead = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/messages', headers: admin.headers })
    ).json();
    expect(afterRead.unread).toBe(unread - 1);
    expect(afterRead.messages[0].read).toBe(true);

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/admin/messages/${id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/messages/${id}`, headers: admin.headers });
    expect(gone.statusCode).toBe(404);
    const afterDelete = (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/messages', headers: admin.headers })
    ).json();
    expect(afterDelete.total).toBe(body.total - 1);
  });
});
