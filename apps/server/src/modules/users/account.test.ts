import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, entitlements, orders, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, loginAs, TEST_PASSWORD, type Actor } from '../../test/factories.js';
import { mailTo } from '../../test/mail.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { postBook } from '../../test/books.js';

let ctx: TestContext;
let admin: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

const CARD = { cardHolder: 'Ann Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/28', cvv: '123' };
const me = (actor: Actor) => ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: actor.headers });
const changePassword = (actor: Actor, currentPassword: string, newPassword: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/users/me/password',
    headers: actor.headers,
    payload: { currentPassword, newPassword },
  });
const deleteAccount = (actor: Actor, password?: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers: actor.headers,
    payload: password === undefined ? {} : { password },
  });

describe('change password', () => {
  it('asks the current one, keeps this session, ends the others, and tells the owner', async () => {
    const ann = await createMember(ctx.app);
    const laptop = await loginAs(ctx.app, ann.user.email, TEST_PASSWORD);
    expect((await changePassword(ann, 'not-my-password', 'a-brand-new-secret')).statusCode).toBe(401);
    const same = await changePassword(ann, TEST_PASSWORD, TEST_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('SAME_PASSWORD');
    expect((await changePassword(ann, TEST_PASSWORD, 'password123')).json().code).toBe('WEAK_PASSWORD');
    expect((await me(laptop)).statusCode).toBe(200);

    const changed = await changePassword(ann, TEST_PASSWORD, 'a-brand-new-secret');
    expect(changed.statusCode).toBe(200);
    expect((await me(ann)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    await loginAs(ctx.app, ann.user.email, 'a-brand-new-secret');
    const mails = await mailTo(ctx.app, ann.user.email);
    expect(mails.some((mail) => mail.subject.startsWith('Your password was changed'))).toBe(true);
  });
});

const createAppPassword = async (actor: Actor) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/me/app-passwords',
    headers: actor.headers,
    payload: { name: 'Kobo', password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(201);
  return {
    authorization: `Basic ${Buffer.from(`${actor.user.email}:${response.json().password}`).toString('base64')}`,
  };
};
const opdsStatus = async (headers: { authorization: string }) =>
  (await ctx.app.inject({ url: '/opds/library', headers })).statusCode;

describe('change password and app passwords', () => {
  it('keeps app passwords unless asked to revoke them too', async () => {
    const ann = await createMember(ctx.app);
    const kept = await createAppPassword(ann);
    expect((await changePassword(ann, TEST_PASSWORD, 'a-brand-new-secret')).statusCode).toBe(200);
    expect(await opdsStatus(kept)).toBe(200);

    const bea = await createMember(ctx.app);
    const revoked = await createAppPassword(bea);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bea.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-secret', revokeAppPasswords: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().msg).toBe(
      'Password changed. Your other sessions and your e-reader apps have been logged out.',
    );
    expect(await opdsStatus(revoked)).toBe(401);
    expect((await me(bea)).statusCode).toBe(200);
  });
});

describe('guessing the password through a session', () => {
  /** Sends wrong passwords until one is refused with 429 (each failure doubles the wait, so one comes). */
  async function guessUntilRefused(attempt: (guess: string) => Promise<{ statusCode: number; json(): unknown }>) {
    const wrong: unknown[] = [];
    for (let n = 0; n < 15; n += 1) {
      // The guess is also the new password: a wrong one must not reach the "same as before" check.
      const response = await attempt(`wrong-guess-${n}-long`);
      if (response.statusCode === 429) return { wrong, refused: response.json() };
      wrong.push({ status: response.statusCode, body: response.json() });
    }
    throw new Error('never refused');
  }

  it('change password: every wrong password gets one answer, then 429, and the right one waits too', async () => {
    const throttled = await createTestContext({ LOGIN_FAILURES_BEFORE_DELAY: '2' });
    try {
      const ann = await createMember(throttled.app);
      const put = (currentPassword: string, newPassword: string) =>
        throttled.app.inject({
          method: 'PUT',
          url: '/api/users/me/password',
          headers: ann.headers,
          payload: { currentPassword, newPassword },
        });
      const { wrong, refused } = await guessUntilRefused((guess) => put(guess, guess));
      expect(wrong.length).toBeGreaterThanOrEqual(2);
      expect(new Set(wrong.map((each) => JSON.stringify(each)))).toEqual(
        new Set([
          JSON.stringify({
            status: 401,
            body: { msg: 'The current password is not correct.', code: 'INVALID_CREDENTIALS' },
          }),
        ]),
      );
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(/^Too many failed attempts/) });
      // Many more failures (as from a long guessing run) make the wait long: even the right password waits.
      await failMany(throttled, ann.user.email);
      const right = await put(TEST_PASSWORD, TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json().code).toBe('RATE_LIMITED');
      // Guesses through a session and through the login form are counted together.
      const login = await throttled.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ann.user.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(429);
    } finally {
      await throttled.close();
    }
  }, 120_000);

  it('delete account: every wrong password gets one answer, then 429, and nothing is deleted', async () => {
    const throttled = await createTestContext({ LOGIN_FAILURES_BEFORE_DELAY: '2' });
    try {
      const ann = await createMember(throttled.app);
      const remove = (password: string) =>
        throttled.app.inject({ method: 'DELETE', url: '/api/users/me', headers: ann.headers, payload: { password } });
      const { wrong, refused } = await guessUntilRefused(remove);
      expect(wrong.length).toBeGreaterThanOrEqual(2);
      expect(new Set(wrong.map((each) => JSON.stringify(each)))).toEqual(
        new Set([
          JSON.stringify({ status: 401, body: { msg: 'The password is not correct.', code: 'INVALID_CREDENTIALS' } }),
        ]),
      );
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(/^Too many failed attempts/) });
      await failMany(throttled, ann.user.email);
      expect((await remove(TEST_PASSWORD)).statusCode).toBe(429);
      const stillThere = await throttled.app.inject({ method: 'GET', url: '/api/users/me', headers: ann.headers });
      expect(stillThere.statusCode).toBe(200);
    } finally {
      await throttled.close();
    }
  }, 120_000);
});

/** Records failures the way a long guessing run from the test's address would (`app.inject` is 127.0.0.1). */
async function failMany(context: TestContext, email: string) {
  const throttle = new LoginThrottle(context.app.counters, context.config.LOGIN_FAILURES_BEFORE_DELAY);
  for (let n = 0; n < 20; n += 1) await throttle.failed(email, '127.0.0.1');
}

describe('delete my account', () => {
  it('needs the right password and changes nothing otherwise', async () => {
    const ann = await createMember(ctx.app);
    const missing = await deleteAccount(ann);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('Password is required');
    expect((await deleteAccount(ann, 'not-my-password')).statusCode).toBe(401);
    expect((await me(ann)).statusCode).toBe(200);
  });

  it('removes the member and what they owned; orders stay without personal data; their links die', async () => {
    const ann = await createMember(ctx.app, { name: 'Ann Leaving' });
    const other = await loginAs(ctx.app, ann.user.email, TEST_PASSWORD);
    // A paid book bought through the real checkout.
    const paid = await postBook(ctx.app, admin, { title: 'Bought Then Gone', price: 4.5 });
    const card = await ctx.app.inject({ method: 'POST', url: '/api/payment', headers: ann.headers, payload: CARD });
    await ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: ann.headers, payload: { bookId: paid._id } });
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: ann.headers,
      payload: { books: [paid._id], paymentId: card.json().card._id },
    });
    expect(bought.statusCode).toBe(201);
    const orderId = bought.json().order._id as string;
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/books/${paid._id}/download-link`,
      headers: ann.headers,
    });
    const url = link.json().url as string;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Two submissions: one pending, one approved.
    const pending = await postBook(ctx.app, ann, { title: 'Never Reviewed' });
    const approved = await postBook(ctx.app, ann, { title: 'Approved And Kept' });
    await ctx.app.inject({ method: 'PATCH', url: `/api/books/approve/${approved._id}`, headers: admin.headers });

    const deleted = await deleteAccount(ann, TEST_PASSWORD);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().msg).toBe('Your account has been deleted.');

    expect(await ctx.app.db.select().from(users).where(eq(users.id, ann.user._id))).toHaveLength(0);
    for (const session of [ann, other]) expect((await me(session)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    // The order stays for the store's accounts, with no one's name on it.
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null, totalCents: 450 });
    expect(await ctx.app.db.select().from(entitlements).where(eq(entitlements.orderId, orderId))).toHaveLength(0);
    // The link made for the member downloads nothing any more.
    const dead = await ctx.app.inject({ method: 'GET', url });
    expect(dead.statusCode).toBe(403);
    expect(dead.json().code).toBe('LINK_REVOKED');
    // Unpublished submissions go; an approved one stays in the catalogue, with no submitter.
    expect(await ctx.app.db.select().from(books).where(eq(books.id, pending._id))).toHaveLength(0);
    const [kept] = await ctx.app.db.select().from(books).where(eq(books.id, approved._id));
    expect(kept).toMatchObject({ status: 'approved', userId: null });
    const mails = await mailTo(ctx.app, ann.user.email);
    expect(mails.some((mail) => mail.subject.startsWith('Your account was deleted'))).toBe(true);
  });

  it('an admin cannot delete their own account', async () => {
    const response = await deleteAccount(admin, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect((await me(admin)).statusCode).toBe(200);
  });
});
