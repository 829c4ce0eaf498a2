import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createBook } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    STORE_CURRENCY: 'EUR',
    STORE_NAME: 'Quiet Pages',
    STORE_PHONE: '+44 20 7946 0000',
    DEFAULT_COUNTRY: 'GB',
  });
});
afterAll(() => ctx.close());

it('tells anyone the currency, name, e-mail and phone, the phone country, the gateway, no promotion, and the catalogue counts', async () => {
  await createBook(ctx.app, { priceCents: 0, category: 'Food & Drink' });
  await createBook(ctx.app, { priceCents: 500, category: 'Sports & Outdoors' });
  await createBook(ctx.app, { priceCents: 700, status: 'pending' });
  const response = await ctx.app.inject({ method: 'GET', url: '/api/store' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.json()).toEqual({
    currency: 'EUR',
    name: 'Quiet Pages',
    email: 'hello@bookshelf.example',
    phone: '+44 20 7946 0000',
    defaultCountry: 'gb',
    promotion: null,
    gateway: 'simulated',
    googleSignIn: false,
    stats: { books: 2, freeBooks: 1, categories: 2 },
  });
});
