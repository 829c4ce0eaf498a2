/** App passwords: created and shown once, listed without secrets, revoked; only they open OPDS. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PASSWORDS_PER_MEMBER, type AppPassword, type CreatedAppPassword } from '@ebook/shared';
import { eq } from 'drizzle-orm';
import { appPasswords } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember, TEST_PASSWORD, type Actor } from '../../test/factories.js';
import { mailTo } from '../../test/mail.js';
import { hashAppPassword } from './app-passwords.service.js';

let ctx: TestContext;
let ann: Actor;
let bob: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  ann = await createMember(ctx.app, { name: 'Ann Reader' });
  bob = await createMember(ctx.app, { name: 'Bob Reader' });
});
afterAll(() => ctx.close());

const URL = '/api/users/me/app-passwords';
const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

async function create(actor: Actor, name: string): Promise<CreatedAppPassword> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: URL,
    headers: actor.headers,
    payload: { name, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedAppPassword>();
}

async function list(actor: Actor): Promise<AppPassword[]> {
  const response = await ctx.app.inject({ method: 'GET', url: URL, headers: actor.headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ appPasswords: AppPassword[] }>().appPasswords;
}

describe('app passwords', () => {
  it('are shown once on creation, then listed by name only; only a SHA-256 is stored', async () => {
    const created = await create(ann, '  Kobo in the kitchen ');
    expect(created.password).toMatch(/^([a-z2-9]{4}-){4}[a-z2-9]{4}$/);
    expect(created.appPassword).toMatchObject({ name: 'Kobo in the kitchen', lastUsedAt: null });
    const listed = await list(ann);
    expect(listed).toEqual([created.appPassword]);
    const raw = JSON.stringify(listed);
    expect(raw).not.toContain(created.password);
    const [row] = await ctx.app.db.select().from(appPasswords).where(eq(appPasswords.id, created.appPassword._id));
    expect(row!.tokenHash).toBe(hashAppPassword(created.password));
    expect(row!.tokenHash).not.toContain(created.password.replaceAll('-', ''));
  });

  it('open OPDS with the e-mail (any case) and record when they were last used', async () => {
    const { password, appPassword } = await create(ann, 'Thorium');
    const library = await ctx.app.inject({
      url: '/opds/library',
      headers: basic(ann.user.email.toUpperCase(), password),
    });
    expect(library.statusCode).toBe(200);
    // Typed without dashes or in capitals, as e-reader keyboards do.
    const typed = password.replaceAll('-', '').toUpperCase();
    expect((await ctx.app.inject({ url: '/opds/library', headers: basic(ann.user.email, typed) })).statusCode).toBe(
      200,
    );
    const used = (await list(ann)).find((each) => each._id === appPassword._id);
    expect(used?.lastUsedAt).not.toBeNull();
  });

  it('refuse the account password, another member e-mail, and no credentials, with a Basic challenge', async () => {
    const { password } = await create(ann, 'KOReader');
    for (const headers of [basic(ann.user.email, TEST_PASSWORD), basic(bob.user.email, password), {}]) {
      const response = await ctx.app.inject({ url: '/opds/library', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm="Bookshelf OPDS"/);
      expect(response.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    }
    // A session token is no OPDS credential either.
    expect((await ctx.app.inject({ url: '/opds/library', headers: ann.headers })).statusCode).toBe(401);
  });

  it('stop working the moment they are revoked', async () => {
    const { password, appPassword } = await create(ann, 'Old phone');
    expect((await ctx.app.inject({ url: '/opds/library', headers: basic(ann.user.email, password) })).statusCode).toBe(
      200,
    );
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${appPassword._id}`, headers: ann.headers });
    expect(revoked.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/opds/library', headers: basic(ann.user.email, password) })).statusCode).toBe(
      401,
    );
    expect((await list(ann)).some((each) => each._id === appPassword._id)).toBe(false);
  });

  it("are each member's own: another member's id is not found, and stays", async () => {
    const { appPassword } = await create(ann, 'Tablet');
    const response = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${appPassword._id}`, headers: bob.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'APP_PASSWORD_NOT_FOUND' });
    expect((await list(ann)).some((each) => each._id === appPassword._id)).toBe(true);
    expect(await list(bob)).toEqual([]);
  });

  it('need a session, a name, and stop at the limit', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: URL, payload: { name: 'x' } })).statusCode).toBe(401);
    const blank = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: bob.headers,
      payload: { name: '   ', password: TEST_PASSWORD },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ msg: 'Name is required', code: 'VALIDATION_ERROR' });
    for (let n = 0; n < APP_PASSWORDS_PER_MEMBER; n += 1) await create(bob, `Device ${n}`);
    const over = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: bob.headers,
      payload: { name: 'One more', password: TEST_PASSWORD },
    });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'TOO_MANY_APP_PASSWORDS' });
  });

  it('throttle wrong guesses like the login form', async () => {
    const throttled = await createTestContext({ LOGIN_FAILURES_BEFORE_DELAY: '2' });
    try {
      const carol = await createMember(throttled.app, { name: 'Carol' });
      const statuses: number[] = [];
      for (let n = 0; n < 4; n += 1) {
        const response = await throttled.app.inject({
          url: '/opds/library',
          headers: basic(carol.user.email, 'aaaa-bbbb-cccc-dddd-eeee'),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 2)).toEqual([401, 401]);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await throttled.close();
    }
  });
  it('need the account password: a missing one is 400, every wrong one the same 401, and nothing is made', async () => {
    const dan = await createMember(ctx.app, { name: 'Dan Reader' });
    const missing = await ctx.app.inject({ method: 'POST', url: URL, headers: dan.headers, payload: { name: 'Kobo' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ msg: 'Password is required', code: 'VALIDATION_ERROR' });
    const answers: { status: number; body: unknown }[] = [];
    for (const password of ['not-my-password', TEST_PASSWORD.toUpperCase(), 'x']) {
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: dan.headers,
        payload: { name: 'Kobo', password },
      });
      answers.push({ status: wrong.statusCode, body: wrong.json() });
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: { msg: 'The password is not correct.', code: 'INVALID_CREDENTIALS' },
    });
    expect(answers.slice(1)).toEqual([answers[0], answers[0]]);
    expect(await list(dan)).toEqual([]);
    // The session survives a wrong password: the form says so, nobody is logged out.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: dan.headers })).statusCode).toBe(200);
  });

  it('e-mail the owner about each new app password', async () => {
    const eve = await createMember(ctx.app, { name: 'Eve Reader' });
    await create(eve, 'Boox on the train');
    const mails = (await mailTo(ctx.app, eve.user.email)).filter((mail) =>
      mail.subject.startsWith('A new app password was created'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('"Boox on the train"');
    expect(mails[0]!.text).toContain(`${ctx.config.PUBLIC_URL}/#/user-dashboard/profile`);
  });

  it('throttle wrong account passwords on creation like the login form', async () => {
    const throttled = await createTestContext({ LOGIN_FAILURES_BEFORE_DELAY: '2' });
    try {
      const carol = await createMember(throttled.app, { name: 'Carol' });
      const attempt = (password: string) =>
        throttled.app.inject({
          method: 'POST',
          url: URL,
          headers: carol.headers,
          payload: { name: 'Kobo', password },
        });
      // Each failure doubles the wait, so a 429 comes however slowly the attempts run.
      const statuses: number[] = [];
      let refused: { msg: string; code: string } | undefined;
      while (!refused && statuses.length < 15) {
        const response = await attempt('not-my-password');
        statuses.push(response.statusCode);
        if (response.statusCode === 429) refused = response.json();
      }
      expect(statuses.slice(0, 2)).toEqual([401, 401]);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', msg: expect.stringMatching(/^Too many failed attempts/) });
    } finally {
      await throttled.close();
    }
  }, 120_000);
});
