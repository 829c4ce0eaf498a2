import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ STORE_CURRENCY: 'EUR' });
});
afterAll(() => ctx.close());

it('tells anyone the configured store currency', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/store' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ currency: 'EUR' });
});
