import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ STORE_CURRENCY: 'EUR', STORE_NAME: 'Quiet Pages', STORE_PHONE: '+44 20 7946 0000' });
});
afterAll(() => ctx.close());

it("tells anyone the configured store currency, name, e-mail and phone (the footer's)", async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/store' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    currency: 'EUR',
    name: 'Quiet Pages',
    email: 'hello@bookshelf.example',
    phone: '+44 20 7946 0000',
  });
});
