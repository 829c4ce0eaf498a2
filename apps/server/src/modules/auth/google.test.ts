import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember, uniqueEmail } from '../../test/factories.js';
import { OIDC_CLIENT, startOidcProvider, type LocalOidcProvider } from '../../test/oidc-provider.js';

const PUBLIC_URL = 'http://store.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

/**
 * Goes through the provider's own pages as a browser would (its cookies kept, its forms posted), from
 * its authorization URL to the redirect back to the store; returns that redirect.
 */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(CALLBACK)) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    expect(response.status, page).toBe(200);
    // The provider's login page (login + password) or its consent page (a Continue button).
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form on the provider's page: ${page.slice(0, 300)}`);
    form = new URLSearchParams();
    for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      form.set(name!, value!);
    }
    if (page.includes('name="login"')) {
      form.set('login', login);
      form.set('password', 'any password at all');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
  }
  throw new Error('the provider never redirected back');
}

describe('Login with Google, against a real OpenID provider', () => {
  let provider: LocalOidcProvider;
  let ctx: TestContext;

  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUri: CALLBACK });
    ctx = await createTestContext({
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
      GOOGLE_ISSUER_URL: provider.issuer,
    });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
  });

  /** Starts at the store, signs in at the provider, and brings the redirect back to the store. */
  async function signIn(
    login: string,
    { returnTo = '/book/abc', tamper }: { returnTo?: string; tamper?: boolean } = {},
  ) {
    const start = await ctx.app.inject({ url: `/api/auth/google/start?returnTo=${encodeURIComponent(returnTo)}` });
    expect(start.statusCode).toBe(302);
    const authorization = new URL(start.headers.location!);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const flowCookie = String(start.headers['set-cookie']).split(';')[0]!;
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    const back = await signInAtProvider(authorization.href, login);
    if (tamper) back.searchParams.set('state', 'another-state');
    const callback = await ctx.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { cookie: flowCookie },
    });
    expect(callback.statusCode).toBe(302);
    const cookies = [callback.headers['set-cookie'] ?? []].flat();
    const session = cookies.find((cookie) => cookie.startsWith('session='))?.split(/[=;]/)[1];
    return { location: callback.headers.location, session };
  }

  async function sessionUser(session: string | undefined) {
    const response = await ctx.app.inject({ url: '/api/auth/session', headers: { cookie: `session=${session}` } });
    return response.json<{ user: { _id: string; email: string; name: string; role: string } | null }>().user;
  }

  it('the store says it is on', async () => {
    const store = await ctx.app.inject({ url: '/api/store' });
    expect(store.json<{ googleSignIn: boolean }>().googleSignIn).toBe(true);
  });

  it('creates a member for a new verified e-mail, and signs the same member in the next time', async () => {
    const email = uniqueEmail('google');
    const first = await signIn(`verified:${email}`);
    expect(first.location).toBe('/#/book/abc');
    const member = await sessionUser(first.session);
    expect(member).toMatchObject({ email, name: 'Grace Hopper', role: 'member' });

    const again = await signIn(`verified:${email.toUpperCase()}`, { returnTo: '/library' });
    expect(again.location).toBe('/#/library');
    expect((await sessionUser(again.session))?._id).toBe(member!._id);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  }, 120_000);

  it('links to the account that already has the verified e-mail', async () => {
    const existing = await createMember(ctx.app, { name: 'Ada Reader', email: uniqueEmail('linked') });
    const { location, session } = await signIn(`verified:${existing.user.email}`);
    expect(location).toBe('/#/book/abc');
    const member = await sessionUser(session);
    expect(member?._id).toBe(existing.user._id);
    // The account keeps its own name.
    expect(member?.name).toBe('Ada Reader');
  }, 120_000);

  it('refuses an unverified e-mail, even for an existing account, and creates nothing', async () => {
    const existing = await createMember(ctx.app, { email: uniqueEmail('victim') });
    const taken = await signIn(`unverified:${existing.user.email}`);
    expect(taken.location).toBe('/#/login?google=GOOGLE_EMAIL_UNVERIFIED');
    expect(taken.session).toBeUndefined();

    const email = uniqueEmail('unverified');
    const fresh = await signIn(`unverified:${email}`);
    expect(fresh.location).toBe('/#/login?google=GOOGLE_EMAIL_UNVERIFIED');
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  }, 120_000);

  it('finds the member by their Google account first, even after the address changed at Google', async () => {
    const subject = `google-account-${Date.now().toString(36)}`;
    const email = uniqueEmail('before');
    provider.setAccount(subject, { email, emailVerified: true });
    const first = await signIn(subject);
    const member = await sessionUser(first.session);
    expect(member).toMatchObject({ email, role: 'member' });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, member!._id));
    expect(row?.googleSubject).toBe(subject);

    // A new address, not yet verified: the Google account alone names the member.
    provider.setAccount(subject, { email: uniqueEmail('after'), emailVerified: false });
    const again = await signIn(subject);
    expect(again.location).toBe('/#/book/abc');
    expect((await sessionUser(again.session))?._id).toBe(member!._id);
  }, 120_000);

  it('links the Google account to the account with its verified e-mail at the first sign-in', async () => {
    const existing = await createMember(ctx.app, { email: uniqueEmail('to-link') });
    const subject = `google-account-${Date.now().toString(36)}-link`;
    provider.setAccount(subject, { email: existing.user.email, emailVerified: true });
    const first = await signIn(subject);
    expect((await sessionUser(first.session))?._id).toBe(existing.user._id);
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, existing.user._id));
    expect(row?.googleSubject).toBe(subject);

    // Another Google account with the same verified address signs in too, but the first link stays.
    const other = await signIn(`verified:${existing.user.email}`);
    expect((await sessionUser(other.session))?._id).toBe(existing.user._id);
    const [after] = await ctx.app.db.select().from(users).where(eq(users.id, existing.user._id));
    expect(after?.googleSubject).toBe(subject);
  }, 120_000);

  it('refuses a callback whose state does not match its flow, or that has no flow', async () => {
    const tampered = await signIn(`verified:${uniqueEmail('tampered')}`, { tamper: true });
    expect(tampered.location).toBe('/#/login?google=GOOGLE_SIGN_IN_FAILED');
    expect(tampered.session).toBeUndefined();

    const stray = await ctx.app.inject({ url: '/api/auth/google/callback?code=abc&state=def' });
    expect(stray.statusCode).toBe(302);
    expect(stray.headers.location).toBe('/#/login?google=GOOGLE_SIGN_IN_FAILED');
  }, 120_000);

  it('returns only to a page of the store', async () => {
    const { location } = await signIn(`verified:${uniqueEmail('elsewhere')}`, { returnTo: '//evil.example/x' });
    expect(location).toBe('/#/');
  }, 120_000);
});

describe('Login with Google, not configured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 120_000);
  afterAll(() => ctx?.close());

  it('is off, and its start says how an owner turns it on', async () => {
    const store = await ctx.app.inject({ url: '/api/store' });
    expect(store.json<{ googleSignIn: boolean }>().googleSignIn).toBe(false);
    const start = await ctx.app.inject({ url: '/api/auth/google/start' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({ code: 'GOOGLE_NOT_CONFIGURED' });
    expect(start.json<{ msg: string }>().msg).toContain('GOOGLE_CLIENT_ID');
  });
});
