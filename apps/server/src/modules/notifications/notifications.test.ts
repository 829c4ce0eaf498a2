import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@ebook/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { waitFor } from '../../test/wait-for.js';
import { createAdmin, createBook, createMember, uniqueEmail, type Actor } from '../../test/factories.js';
import { postBook } from '../../test/books.js';
import { notifyUsers } from './notifications.service.js';

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

const CARD = { cardHolder: 'Ann Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/28', cvv: '123' };

async function bell(actor: Actor): Promise<{ notifications: Notification[]; unread: number }> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: actor.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Waits for work done after the response (order and review follow-ups). */
async function bellWith(actor: Actor, kind: string) {
  return waitFor(
    () => bell(actor),
    (current) => current.notifications.some((n) => n.kind === kind),
  );
}

describe('notifications', () => {
  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(401);
  });

  it("a member's bell: order placed, submission approved and rejected, newest first, with an unread count", async () => {
    const ann = await createMember(ctx.app);
    expect(await bell(ann)).toEqual({ notifications: [], unread: 0 });

    const book = await createBook(ctx.app, { priceCents: 800, title: 'Bell Ringer' });
    const card = await ctx.app.inject({ method: 'POST', url: '/api/payment', headers: ann.headers, payload: CARD });
    await ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: ann.headers, payload: { bookId: book.id } });
    const ordered = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: ann.headers,
      payload: { books: [book.id], paymentId: card.json().card._id },
    });
    expect(ordered.statusCode).toBe(201);
    const afterOrder = await bellWith(ann, 'order-placed');
    expect(afterOrder.notifications[0]).toMatchObject({
      kind: 'order-placed',
      read: false,
      link: '/user-dashboard/my-library',
      body: expect.stringContaining('"Bell Ringer"'),
    });

    const good = await postBook(ctx.app, ann, { title: 'Good Draft' });
    const bad = await postBook(ctx.app, ann, { title: 'Bad Draft' });
    await ctx.app.inject({ method: 'PATCH', url: `/api/books/approve/${good._id}`, headers: admin.headers });
    await bellWith(ann, 'submission-approved');
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/books/reject/${bad._id}`,
      headers: admin.headers,
      payload: { reason: 'Too short.' },
    });
    const all = await bellWith(ann, 'submission-rejected');
    expect(all.notifications.map((n) => n.kind)).toEqual([
      'submission-rejected',
      'submission-approved',
      'order-placed',
    ]);
    expect(all.notifications[0]!.body).toBe('"Bad Draft" was not approved. Reason: Too short.');
    expect(all.unread).toBe(3);
    // Nobody else sees them.
    const bob = await createMember(ctx.app);
    expect((await bell(bob)).notifications).toEqual([]);
    const foreign = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${all.notifications[0]!._id}/read`,
      headers: bob.headers,
    });
    expect(foreign.statusCode).toBe(404);

    const one = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${all.notifications[0]!._id}/read`,
      headers: ann.headers,
    });
    expect(one.statusCode).toBe(200);
    const afterOne = await bell(ann);
    expect(afterOne.unread).toBe(2);
    expect(afterOne.notifications[0]!.read).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: ann.headers })).statusCode,
    ).toBe(200);
    expect((await bell(ann)).unread).toBe(0);
    const badId = await ctx.app.inject({ method: 'PATCH', url: '/api/notifications/nope/read', headers: ann.headers });
    expect(badId.statusCode).toBe(400);
  });

  it('tells the members who wished for a book when its price drops, and only then', async () => {
    const book = await postBook(ctx.app, admin, { title: 'Falling Price', price: 12 });
    const wisher = await createMember(ctx.app);
    const other = await createMember(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/wishlist/add',
      headers: wisher.headers,
      payload: { bookId: book._id },
    });
    const edit = (price: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/books/${book._id}`,
        headers: admin.headers,
        payload: {
          title: book.title,
          author: book.author,
          category: book.category,
          story: book.story,
          description: book.description,
          price,
        },
      });
    expect((await edit(15)).statusCode).toBe(200);
    expect((await bell(wisher)).notifications).toEqual([]);
    expect((await edit(9.5)).statusCode).toBe(200);
    const { notifications } = await bell(wisher);
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      kind: 'price-dropped',
      body: '"Falling Price" from your wishlist now costs $9.50 (was $15.00).',
      link: `/book/${book._id}`,
    });
    expect((await bell(other)).notifications).toEqual([]);
  });

  it("the admins' bell: new member, new submission, new contact message", async () => {
    const name = `Newcomer ${Date.now()}`;
    const email = uniqueEmail('newcomer');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name, email, phone: '+94771234567', password: 'quiet-library-42' },
    });
    const member = await createMember(ctx.app, { name: 'Sam Submitter' });
    await postBook(ctx.app, member, { title: 'Pending Pages', author: 'P. Author' });
    const contact = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Vera Visitor', email: 'vera@example.com', subject: 'Hello', message: 'A question.' },
    });
    expect(contact.statusCode).toBe(201);
    const { notifications } = await bell(admin);
    const kinds = notifications.map((n) => n.kind);
    expect(kinds.slice(0, 3)).toEqual(['new-contact-message', 'new-submission', 'new-member']);
    expect(notifications[1]!.body).toBe('"Pending Pages" by P. Author. Added by Sam Submitter; pending review.');
    expect(notifications.find((n) => n.kind === 'new-member' && n.body.includes(name))).toBeTruthy();
    // Admin events never reach members.
    expect((await bell(member)).notifications.some((n) => n.kind.startsWith('new-'))).toBe(false);
  });

  it('the list and the unread count agree while notifications arrive', async () => {
    const reader = await createMember(ctx.app);
    let arriving = true;
    const arrivals = (async () => {
      // Several writers at once, as orders, reviews and price drops would.
      await Promise.all(
        [0, 1, 2, 3].map(async (writer) => {
          for (let i = 0; i < 25; i += 1) {
            await notifyUsers(ctx.app.db, [reader.user._id], {
              kind: 'price-dropped',
              title: `Price drop ${writer}-${i}`,
              body: 'A book on your wishlist costs less.',
            });
          }
        }),
      );
    })().finally(() => {
      arriving = false;
    });
    const disagreements: string[] = [];
    while (arriving) {
      const response = await ctx.app.inject({ url: '/api/notifications?limit=100', headers: reader.headers });
      const { notifications, unread } = response.json<{ notifications: Notification[]; unread: number }>();
      const listedUnread = notifications.filter((n) => !n.read).length;
      if (listedUnread !== unread) disagreements.push(`listed ${listedUnread} unread, counted ${unread}`);
    }
    await arrivals;
    expect(disagreements).toEqual([]);
    expect((await bell(reader)).unread).toBe(100);
  });
});
