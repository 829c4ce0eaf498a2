import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { TEST_PASSWORD, createMember, uniqueEmail } from '../test/factories.js';

/** Behind one proxy on this machine (inject's peer is 127.0.0.1). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => ctx.close());

const viaHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' };

describe('Origin check on state-changing requests', () => {
  it('refuses a foreign Origin with 403 on POST, PUT, DELETE and multipart', async () => {
    const member = await createMember(ctx.app);
    const foreign = { origin: 'https://evil.example', host: 'localhost' };
    const requests = [
      { method: 'POST', url: '/api/auth/login', payload: { email: member.user.email, password: TEST_PASSWORD } },
      { method: 'PUT', url: '/api/users/me', headers: member.headers, payload: { name: 'Changed' } },
      { method: 'DELETE', url: '/api/books/0190a3c4-0000-7000-8000-000000000000', headers: member.headers },
      {
        method: 'POST',
        url: '/api/books/',
        headers: { ...member.headers, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nT\r\n--x--\r\n',
      },
    ] as const;
    for (const request of requests) {
      const response = await ctx.app.inject({
        ...request,
        headers: { ...('headers' in request ? request.headers : {}), ...foreign },
      });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json()).toEqual({ msg: 'Requests from other sites are not allowed.', code: 'FOREIGN_ORIGIN' });
    }
    const after = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
    expect(after.json().name).not.toBe('Changed');
  });

  it('refuses Origin: null and a same host on another scheme or port', async () => {
    for (const origin of ['null', 'https://localhost', 'http://localhost:8080']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin, host: 'localhost' },
        payload: { email: 'a@b.co', password: 'x' },
      });
      expect(response.statusCode, origin).toBe(403);
    }
  });

  it('lets same-origin browsers, Origin-less API clients and safe methods through', async () => {
    const member = await createMember(ctx.app);
    const login = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: member.user.email, password: TEST_PASSWORD },
      });
    expect((await login({ origin: 'http://localhost:3000', host: 'localhost:3000' })).statusCode).toBe(200);
    expect((await login({ origin: 'https://shop.example', ...viaHttps })).statusCode).toBe(200);
    expect((await login({})).statusCode).toBe(200);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...member.headers, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('HTTPS: cookie and HSTS', () => {
  it('over HTTPS the session cookie is __Host-session with Secure, and HSTS is sent', async () => {
    const member = await createMember(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: viaHttps,
      payload: { email: member.user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const token = response.json().token as string;
    const withCookie = (name: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { ...viaHttps, cookie: `${name}=${token}` } });
    expect((await withCookie('__Host-session')).statusCode).toBe(200);
    // Over HTTPS a plain "session" cookie (which a sibling subdomain could plant) is not read.
    expect((await withCookie('session')).statusCode).toBe(401);
  });

  it('over plain HTTP the cookie stays "session" without Secure, and there is no HSTS', async () => {
    const member = await createMember(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.user.email, password: TEST_PASSWORD },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/^session=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('an untrusted proxy cannot claim HTTPS', async () => {
    const direct = await createTestContext({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const member = await createMember(direct.app);
      const response = await direct.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: viaHttps,
        payload: { email: member.user.email, password: TEST_PASSWORD },
      });
      expect(String(response.headers['set-cookie'])).toMatch(/^session=/);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });
});

describe('TRUST_PROXY: whose X-Forwarded-For is believed', () => {
  /** Failed logins on fresh accounts, each with a different left-most (client-chosen) address. */
  async function spoofedFailures(app: TestContext['app'], count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        // A client that forges its own X-Forwarded-For; the proxy appends the real address.
        headers: { 'x-forwarded-for': `10.9.8.${i}, 203.0.113.50` },
        payload: { email: uniqueEmail('spoof'), password: 'wrong-password-1' },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it.each([['1'], ['127.0.0.1'], ['127.0.0.0/8, ::1']])(
    'with TRUST_PROXY=%s the proxy-appended address counts, not the forged one',
    async (trustProxy) => {
      const app = await createTestContext({ TRUST_PROXY: trustProxy, LOGIN_FAILURES_BEFORE_DELAY: '1' });
      try {
        // One free failure per account, four per address: the fifth from 203.0.113.50 waits.
        expect(await spoofedFailures(app.app, 5)).toEqual([401, 401, 401, 401, 429]);
      } finally {
        await app.close();
      }
    },
  );
});

describe('Content-Security-Policy of the reader', () => {
  it("lets an EPUB's own blob: styles and fonts load in the reader's frame, and nothing from another site", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    const directives = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources] as const),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'blob:']);
    expect(directives.get('font-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    // No directive names a remote source or a wildcard.
    for (const sources of directives.values()) {
      for (const source of sources) expect(source).not.toMatch(/^(https?:|\*)/);
    }
  });
});
