import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createMember, uniqueEmail } from '../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const refused = (where: string) => ({
  msg: `${where} contains a character that is not allowed (NUL or invalid Unicode).`,
  code: 'INVALID_TEXT',
});

describe('NUL and invalid Unicode are refused at the edge', () => {
  it.each([
    ['/api/books?q=moby%00dick', 'query.q'],
    ['/api/books?category=Arts%00', 'query.category'],
    ['/api/books?q=%00', 'query.q'],
  ])('GET %s → 400', async (url, where) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused(where));
  });

  it('registration with a NUL in the name → 400, and no account is made', async () => {
    const email = uniqueEmail();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ada\u0000Reader', email, phone: '+94771234567', password: 'quiet-library-42' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('body.name'));
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'quiet-library-42' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('a lone surrogate in JSON text (or in a key) → 400', async () => {
    for (const [payload, where] of [
      ['{"email":"a@b.c","password":"abc\\ud800def"}', 'body.password'],
      ['{"email":"a@b.c","password":"x","\\udc00":1}', 'body.\udc00'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refused(where));
    }
  });

  it('a NUL in a nested value or a path parameter → 400', async () => {
    const member = await createMember(ctx.app);
    const nested = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: member.headers,
      payload: { bookId: 'x', extra: { deep: ['fine', 'not\u0000fine'] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual(refused('body.extra.deep.1'));

    const param = await ctx.app.inject({ method: 'GET', url: '/api/books/abc%00' });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual(refused('path.id'));
  });

  it('a NUL in a multipart text field → 400 (book and profile)', async () => {
    const member = await createMember(ctx.app);
    const form = (name: string, value: string) =>
      `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n--x--\r\n`;
    const book = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...member.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: form('title', 'Bad\u0000Title'),
    });
    expect(book.statusCode).toBe(400);
    expect(book.json()).toEqual(refused('title'));

    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...member.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: form('name', 'Bad\u0000Name'),
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toEqual(refused('name'));
  });

  it('ordinary text, accents and emoji included, still passes', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/books?q=${encodeURIComponent('Café 📚 Brontë')}`,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("the router's own refusals", () => {
  it.each([
    [`/api/books/${'9'.repeat(400)}`, 414, { msg: 'The address is too long.', code: 'URI_TOO_LONG' }],
    ['/api/books/%E0%A4%A', 400, { msg: 'The address is not valid.', code: 'BAD_URL' }],
  ])('GET %s → %i with { msg, code }', async (url, status, body) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });
});
