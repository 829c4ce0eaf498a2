import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { TEST_PASSWORD, createMember, uniqueEmail } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_FAILURES_BEFORE_DELAY: '3', LOGIN_ATTEMPTS_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

let addressCounter = 0;
/** A fresh client address (documentation ranges), so tests do not share address counters. */
const freshAddress = () => `198.51.100.${++addressCounter}`;

const attempt = (email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

describe('login throttling', () => {
  it('counts only failures: a member may log in many times in a row', async () => {
    const member = await createMember(ctx.app);
    const address = freshAddress();
    for (let i = 0; i < 12; i++) {
      expect((await attempt(member.user.email, TEST_PASSWORD, address)).statusCode).toBe(200);
    }
  });

  it('after 3 failures on an account the next attempt from that address waits (429, doubling)', async () => {
    const member = await createMember(ctx.app);
    const address = freshAddress();
    for (let i = 0; i < 3; i++) {
      expect((await attempt(member.user.email, 'wrong-password-1', address)).statusCode).toBe(401);
    }
    const held = await attempt(member.user.email, TEST_PASSWORD, address);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({
      msg: 'Too many failed attempts. Please try again in 1 second.',
      code: 'RATE_LIMITED',
    });

    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await attempt(member.user.email, 'wrong-password-2', address)).statusCode).toBe(401);
    const longer = await attempt(member.user.email, 'wrong-password-3', address);
    expect(longer.statusCode).toBe(429);
    expect(longer.json().msg).toBe('Too many failed attempts. Please try again in 2 seconds.');
  });

  it('never locks the owner out: the right password from a clean address gets in during an attack', async () => {
    const victim = await createMember(ctx.app);
    const attacker = freshAddress();
    const statuses = new Set<number>();
    for (let i = 0; i < 15; i++)
      statuses.add((await attempt(victim.user.email, `guess-${i}-xyz`, attacker)).statusCode);
    expect(statuses).toEqual(new Set([401, 429]));

    // The attacker's address stays held back, even with the right password...
    expect((await attempt(victim.user.email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
    // ...and so does another address once it has failed on the attacked account.
    const sloppy = freshAddress();
    expect((await attempt(victim.user.email, 'typo-password', sloppy)).statusCode).toBe(401);
    expect((await attempt(victim.user.email, TEST_PASSWORD, sloppy)).statusCode).toBe(429);
    // The owner, from an address with no failures, gets in.
    const owner = await attempt(victim.user.email, TEST_PASSWORD, freshAddress());
    expect(owner.statusCode).toBe(200);
  });

  it('an address that fails across many accounts waits too (4 × the allowance)', async () => {
    // Made first: the address's wait after its 12th failure is one second, which making a member (a
    // password hash) could outlast on a busy machine.
    const member = await createMember(ctx.app);
    const address = freshAddress();
    for (let i = 0; i < 12; i++) {
      expect((await attempt(uniqueEmail('spray'), 'spray-password-1', address)).statusCode).toBe(401);
    }
    expect((await attempt(member.user.email, TEST_PASSWORD, address)).statusCode).toBe(429);
    expect((await attempt(member.user.email, TEST_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('an unknown account is throttled exactly like a real one (no way to tell them apart)', async () => {
    const address = freshAddress();
    const ghost = uniqueEmail('ghost');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(ghost, 'whatever-123', address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('breached passwords', () => {
  it('the list holds at least the 10,000 most common passwords', async () => {
    expect(await ctx.app.breachedPasswords.size()).toBeGreaterThanOrEqual(10_000);
  });

  it.each(['michelle', 'corvette', 'Mercedes', 'thunder1'])(
    'refuses %s at registration and on a change',
    async (password) => {
      const registered = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Ann', email: uniqueEmail(), phone: '+94771234567', password },
      });
      expect(registered.statusCode).toBe(400);
      expect(registered.json()).toEqual({
        msg: 'This password is too common. Please choose another.',
        code: 'WEAK_PASSWORD',
      });

      const member = await createMember(ctx.app);
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me/password',
        headers: member.headers,
        payload: { currentPassword: TEST_PASSWORD, newPassword: password },
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json().code).toBe('WEAK_PASSWORD');
    },
  );
});
