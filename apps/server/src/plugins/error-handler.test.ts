import { errorResponseSchema, type ErrorCode } from '@ebook/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../app.js';
import { createTestContext, type TestContext } from '../test/context.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('every refusal is an ErrorResponse whose code is in the catalogue', () => {
  it.each<[string, InjectOptions, number, ErrorCode]>([
    ['an unknown route', { method: 'GET', url: '/api/no-such-thing' }, 404, 'NOT_FOUND'],
    ['a member route without a session', { method: 'GET', url: '/api/cart' }, 401, 'UNAUTHORIZED'],
    [
      'a body that breaks the schema',
      { method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email', password: '' } },
      400,
      'VALIDATION_ERROR',
    ],
    [
      'a body that is not JSON',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' },
      400,
      'BAD_REQUEST',
    ],
    [
      'a content type the route does not read',
      { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a body over the limit',
      {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(DEFAULT_BODY_LIMIT) }),
      },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    ['an overlong path parameter', { method: 'GET', url: `/api/books/${'a'.repeat(600)}` }, 414, 'URI_TOO_LONG'],
    ['an undecodable path', { method: 'GET', url: '/api/books/%E0%A4%A' }, 400, 'BAD_URL'],
  ])('%s → %i %s', async (_what, request, status, code) => {
    const response = await ctx.app.inject(request);
    expect(response.statusCode).toBe(status);
    const body = errorResponseSchema.parse(response.json());
    expect(body.code).toBe(code);
    expect(body.msg).not.toBe('');
  });
});
