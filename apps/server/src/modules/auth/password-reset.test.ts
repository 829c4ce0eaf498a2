import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPasswords, passwordResets } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember, loginAs, TEST_PASSWORD, uniqueEmail } from '../../test/factories.js';
import { mailTo } from '../../test/mail.js';
import { hashResetToken } from './password-reset.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PASSWORD_RESET_REQUESTS_PER_HOUR: '3', PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => ctx.close());

const NEW_PASSWORD = 'brand-new-lantern-77';

const forgot = (email: string, ip = '10.1.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
const reset = (token: string, password = NEW_PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

/** The token of the newest reset link mailed to an address. */
async function mailedToken(email: string): Promise<string> {
  const links = (await mailTo(ctx.app, email))
    .filter((mail) => mail.subject.startsWith('Reset your password'))
    .map((mail) => /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1]);
  const token = links.at(-1);
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

describe('password reset', () => {
  it('answers the same for a registered and an unknown e-mail; only the registered one gets a link', async () => {
    const ann = await createMember(ctx.app);
    const stranger = uniqueEmail('nobody');
    const known = await forgot(ann.user.email.toUpperCase(), '10.1.0.2');
    const unknown = await forgot(stranger, '10.1.0.3');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailTo(ctx.app, stranger)).toHaveLength(0);
    const mail = (await mailTo(ctx.app, ann.user.email)).find((m) => m.subject.startsWith('Reset your password'));
    expect(mail!.text).toContain('https://shop.example/#/reset-password?token=');
    expect(mail!.text).toContain('30 minutes');
    // Only a hash of the token is stored.
    const token = await mailedToken(ann.user.email);
    const rows = await ctx.app.db.select().from(passwordResets).where(eq(passwordResets.userId, ann.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashResetToken(token));
    expect(rows[0]!.tokenHash).not.toContain(token);
  });

  it('sets the new password once, ends every session, and refuses the link again', async () => {
    const ann = await createMember(ctx.app);
    const other = await loginAs(ctx.app, ann.user.email, TEST_PASSWORD);
    await forgot(ann.user.email, '10.1.0.4');
    const token = await mailedToken(ann.user.email);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    for (const session of [ann, other]) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: session.headers });
      expect(me.statusCode).toBe(401);
    }
    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ann.user.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    await loginAs(ctx.app, ann.user.email, NEW_PASSWORD);
    expect(
      (await mailTo(ctx.app, ann.user.email)).some((mail) => mail.subject.startsWith('Your password was changed')),
    ).toBe(true);

    const again = await reset(token, 'another-fine-tune-88');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'RESET_TOKEN_USED', msg: expect.stringContaining('already been used') });
    await loginAs(ctx.app, ann.user.email, NEW_PASSWORD);
  });

  it('refuses an expired link, an unknown one, and a new password that breaks the signup rules', async () => {
    const bea = await createMember(ctx.app);
    await forgot(bea.user.email, '10.1.0.5');
    const token = await mailedToken(bea.user.email);

    for (const [password, message] of [
      ['short', 'Password must be at least 8 characters'],
      ['password123', 'This password is too common. Please choose another.'],
    ]) {
      const refused = await reset(token, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toContain(message);
    }
    const unknown = await reset('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('RESET_TOKEN_INVALID');

    await ctx.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashResetToken(token)));
    const expired = await reset(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'RESET_TOKEN_EXPIRED', msg: expect.stringContaining('expired') });
    await loginAs(ctx.app, bea.user.email, TEST_PASSWORD);
  });

  it('limits requests per e-mail and address together, and per address, registered or not', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i += 1) expect((await forgot(email, '10.2.0.1')).statusCode).toBe(202);
    const perEmail = await forgot(email, '10.2.0.1');
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json().msg).toMatch(/Too many password reset requests/);

    // An address may ask for four times as many links for all e-mails (an office shares one address).
    for (let i = 0; i < 12; i += 1) expect((await forgot(uniqueEmail(), '10.3.0.1')).statusCode).toBe(202);
    expect((await forgot(uniqueEmail(), '10.3.0.1')).statusCode).toBe(429);
  });

  it("a stranger's requests from another address do not block the owner's", async () => {
    const owner = await createMember(ctx.app);
    for (let i = 0; i < 3; i += 1) await forgot(owner.user.email, '10.4.0.66');
    expect((await forgot(owner.user.email, '10.4.0.66')).statusCode).toBe(429);
    const own = await forgot(owner.user.email, '10.4.0.1');
    expect(own.statusCode).toBe(202);
    const token = await mailedToken(owner.user.email);
    expect((await reset(token)).statusCode).toBe(200);
    await loginAs(ctx.app, owner.user.email, NEW_PASSWORD);
  });

  it('revokes every app password as well as every session', async () => {
    const ann = await createMember(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/app-passwords',
      headers: ann.headers,
      payload: { name: 'Kobo', password: TEST_PASSWORD },
    });
    expect(created.statusCode).toBe(201);
    const opds = {
      authorization: `Basic ${Buffer.from(`${ann.user.email}:${created.json().password}`).toString('base64')}`,
    };
    expect((await ctx.app.inject({ url: '/opds/library', headers: opds })).statusCode).toBe(200);

    await forgot(ann.user.email, '10.5.0.1');
    expect((await reset(await mailedToken(ann.user.email))).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/opds/library', headers: opds })).statusCode).toBe(401);
    expect(await ctx.app.db.select().from(appPasswords).where(eq(appPasswords.userId, ann.user._id))).toEqual([]);
  });

  it('a link asked before a password change no longer works after it', async () => {
    const ann = await createMember(ctx.app);
    await forgot(ann.user.email, '10.6.0.1');
    const token = await mailedToken(ann.user.email);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: ann.headers,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'changed-in-between-31' },
    });
    expect(changed.statusCode).toBe(200);

    const stale = await reset(token);
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({
      code: 'RESET_TOKEN_INVALID',
      msg: 'This reset link no longer works: the password was changed after it was sent. Please ask for a new one.',
    });
    await loginAs(ctx.app, ann.user.email, 'changed-in-between-31');
    // A link asked after the change works.
    await forgot(ann.user.email, '10.6.0.1');
    expect((await reset(await mailedToken(ann.user.email))).statusCode).toBe(200);
    await loginAs(ctx.app, ann.user.email, NEW_PASSWORD);
  });
});
