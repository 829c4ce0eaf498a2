import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { PASSWORD_HASHING } from '../../lib/passwords.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { TEST_PASSWORD, createMember, uniqueEmail } from '../../test/factories.js';
import { mailTo } from '../../test/mail.js';

let ctx: TestContext;
beforeAll(async () => {
  // The store's own cost: these tests read the hash's parameters and time the hashing.
  ctx = await createTestContext({}, { passwordHashing: PASSWORD_HASHING });
});
afterAll(() => ctx.close());

const register = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
const login = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('POST /api/auth/register', () => {
  it('creates a member, never an admin, and never returns the password hash', async () => {
    const email = uniqueEmail();
    const response = await register({
      name: 'Ann',
      email,
      phone: '+94 77 123 4567',
      password: TEST_PASSWORD,
      role: 'admin',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ msg: 'Registration Successful!' });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Ann', phone: '+94771234567', role: 'member' });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2/);
  });

  it('welcomes a new member by e-mail', async () => {
    const email = uniqueEmail();
    await register({ name: 'Ann', email, phone: '+94771234567', password: TEST_PASSWORD });
    const mails = await mailTo(ctx.app, email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Welcome · Bookshelf']);
    expect(mails[0]!.text).toContain('Hello Ann,');
  });

  it('answers a registered e-mail (in any case) exactly like a new one, changes nothing, and tells the owner', async () => {
    const email = uniqueEmail();
    const first = await register({ name: 'Owner', email, phone: '+94771234567', password: TEST_PASSWORD });
    const again = await register({
      name: 'Intruder',
      email: email.toUpperCase(),
      phone: '+94770000000',
      password: 'a-different-secret-9',
    });
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(first.headers).sort());
    // The account is untouched: same name, phone and password.
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Owner', phone: '+94771234567' });
    expect((await login({ email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await login({ email, password: 'a-different-secret-9' })).statusCode).toBe(401);
    const mails = await mailTo(ctx.app, email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Welcome · Bookshelf',
      'Someone tried to register with your e-mail · Bookshelf',
    ]);
    expect(mails[1]!.text).toContain('Hello Owner,');
    expect(mails[1]!.text).toContain('/#/forgot-password');
  });

  it('tells the owner at most once an hour, however often someone tries their e-mail', async () => {
    const email = uniqueEmail();
    await register({ name: 'Owner', email, phone: '+94771234567', password: TEST_PASSWORD });
    for (let n = 0; n < 12; n += 1) {
      const again = await register({
        name: 'Intruder',
        email,
        phone: '+94770000000',
        password: `another-secret-${n}0`,
      });
      expect(again.statusCode).toBe(201);
    }
    const tried = (await mailTo(ctx.app, email)).filter((mail) =>
      mail.subject.startsWith('Someone tried to register with your e-mail'),
    );
    expect(tried).toHaveLength(1);
  });

  it('takes about as long for a registered e-mail as for a new one (the password is hashed either way)', async () => {
    const email = uniqueEmail();
    await register({ name: 'Owner', email, phone: '+94771234567', password: TEST_PASSWORD });
    // The work done, not the time it took: the process's CPU time (argon2 hashes on libuv's threads,
    // which count towards it) does not grow when other programs load the machine, as wall time does.
    const timed = async (address: string) => {
      const started = process.cpuUsage();
      await register({ name: 'X', email: address, phone: '+94771234567', password: TEST_PASSWORD });
      const used = process.cpuUsage(started);
      return (used.user + used.system) / 1000;
    };
    const existing: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      existing.push(await timed(email));
      fresh.push(await timed(uniqueEmail()));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
    // Without the hash on the existing-account path it costs a few ms of CPU against ~50+ ms.
    expect(median(existing)).toBeGreaterThan(median(fresh) * 0.5);
  });

  it.each([
    [{}, 'Full name is required'],
    [{ name: '', email: 'a@b.co', phone: '+94771234567', password: TEST_PASSWORD }, 'Full name is required'],
    [{ name: 'A', email: '', phone: '+94771234567', password: TEST_PASSWORD }, 'Email is required'],
    [
      { name: 'A', email: 'not-an-email', phone: '+94771234567', password: TEST_PASSWORD },
      'Enter a valid email address',
    ],
    [{ name: 'A', email: 'a@b.co', phone: '', password: TEST_PASSWORD }, 'Phone number is required'],
    [{ name: 'A', email: 'a@b.co', phone: '+94771234567', password: '' }, 'Password is required'],
    [
      { name: 'A', email: 'a@b.co', phone: '+94771234567', password: 'short' },
      'Password must be at least 8 characters',
    ],
    [{ name: 'A', email: 'a@b.co', phone: '+94771234567', password: 'x'.repeat(10_000) }, 'Password is too long'],
    [{ name: 42, email: 'a@b.co', phone: '+94771234567', password: TEST_PASSWORD }, 'Full name is required'],
  ])('answers bad input %# with 400 and the form message', async (payload, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ msg: message, code: 'VALIDATION_ERROR' });
  });

  it('refuses a common password', async () => {
    const response = await register({
      name: 'A',
      email: uniqueEmail(),
      phone: '+94771234567',
      password: 'password123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WEAK_PASSWORD');
  });

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const before = await ctx.app.db.select({ n: count() }).from(users);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "A",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const after = await ctx.app.db.select({ n: count() }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers a body over 64 KB with 413', async () => {
    const response = await register({
      name: 'x'.repeat(70_000),
      email: uniqueEmail(),
      phone: '+94771234567',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/auth/login', () => {
  it('returns a token and the user with role, and sets an HttpOnly SameSite=Strict cookie', async () => {
    const member = await createMember(ctx.app);
    const response = await login({ email: member.user.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      token: expect.any(String),
      user: { role: 'member', email: member.user.email },
    });
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.expires).toBeUndefined();
  });

  it('makes the cookie persistent with Remember Me', async () => {
    const member = await createMember(ctx.app);
    const response = await login({ email: member.user.email, password: TEST_PASSWORD, remember: true });
    const cookie = response.cookies.find((c) => c.name === 'session');
    expect(cookie?.expires).toBeInstanceOf(Date);
    expect(cookie!.expires!.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const member = await createMember(ctx.app);
    const wrong = await login({ email: member.user.email, password: 'wrong-password-1' });
    const unknown = await login({ email: uniqueEmail(), password: 'wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ msg: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' });
  });

  it.each([
    [{ password: TEST_PASSWORD }, 'Email is required'],
    [{ email: 'nope', password: TEST_PASSWORD }, 'Please enter a valid email'],
    [{ email: 'a@b.co' }, 'Password is required'],
  ])('validates %# with the login form messages', async (payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(message);
  });
});

describe('sessions', () => {
  it('accepts the Bearer token and the cookie, and logout ends the session on the server', async () => {
    const member = await createMember(ctx.app);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
    expect(me.statusCode).toBe(200);
    const viaCookie = await ctx.app.inject({ method: 'GET', url: '/api/users/me', cookies: { session: member.token } });
    expect(viaCookie.statusCode).toBe(200);

    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: member.headers });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('refuses a forged or expired token', async () => {
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
    const member = await createMember(ctx.app);
    await ctx.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, member.user._id));
    const expired = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
    expect(expired.statusCode).toBe(401);
  });
});

describe('GET /api/auth/session', () => {
  it('answers a visitor with user null (200) and a member with the user', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });
    const member = await createMember(ctx.app);
    const signedIn = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { session: member.token },
    });
    expect(signedIn.json().user).toMatchObject({ email: member.user.email, role: 'member' });
  });
});
