import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createMember } from '../test/factories.js';
import { waitFor } from '../test/wait-for.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ UPLOADS_PER_MEMBER: '1', LARGE_JSON_UPLOADS_AT_ONCE: '1' });
});
afterAll(() => ctx.close());

const MB = 1024 * 1024;

/** A JSON body of `megabytes` MB produced on demand, counting what the server actually read. */
function lazyJsonBody(megabytes: number): { stream: Readable; read: () => number } {
  let produced = 0;
  const chunk = Buffer.alloc(MB, 'A');
  const stream = new Readable({
    read() {
      if (produced === 0) this.push('{"title":"Big","pdf":"');
      if (produced >= megabytes) {
        this.push('"}');
        this.push(null);
        return;
      }
      produced += 1;
      this.push(chunk);
    },
  });
  return { stream, read: () => produced };
}

describe('authentication comes before the body', () => {
  it.each([
    ['POST', '/api/books/'],
    ['PUT', '/api/books/0190a3c4-0000-7000-8000-000000000000'],
    ['PUT', '/api/users/me'],
    ['POST', '/api/cart/add'],
  ])('%s %s answers 401 to a visitor without reading a 60 MB body', async (method, url) => {
    const body = lazyJsonBody(60);
    const response = await ctx.app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json', 'content-length': String(60 * MB + 30) },
      payload: body.stream,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ msg: 'Please log in to continue.', code: 'UNAUTHORIZED' });
    // Stream buffering reads a little ahead; reading the body would have read all 60 MB.
    expect(body.read()).toBeLessThan(4);
    body.stream.destroy();
  });

  it('every route that needs a session checks it in onRequest, before the body is parsed', async () => {
    const visitorBody = (url: string) => ({ url, headers: { 'content-type': 'application/json' }, payload: '{' });
    // Invalid JSON: a route that parsed the body first would answer 400, not 401.
    for (const [method, url] of [
      ['POST', '/api/books/'],
      ['POST', '/api/wishlist/add'],
      ['POST', '/api/payment'],
      ['POST', '/api/orders'],
      ['PUT', '/api/users/me/password'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const response = await ctx.app.inject({ method, ...visitorBody(url) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a visitor may send at most 64 KB of JSON (login, registration)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ msg: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('uploads at once', () => {
  it('a member with an upload in progress gets 429 for a second one, and may upload again after', async () => {
    const member = await createMember(ctx.app);
    const slow = new PassThrough();
    const first = ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...member.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: slow,
    });
    slow.write('--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow');
    await waitFor(
      () => ctx.app.uploadsInProgress().byMember.get(member.user._id),
      (count) => count === 1,
    );

    const second = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: member.headers,
      payload: { name: 'Second Upload' },
    });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      msg: 'You can send 1 upload at a time. Please wait for the current one to finish.',
      code: 'TOO_MANY_UPLOADS',
    });

    // Another member is not held up.
    const other = await createMember(ctx.app);
    const otherUpload = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: other.headers,
      payload: { name: 'Other Reader' },
    });
    expect(otherUpload.statusCode).toBe(200);

    slow.end('\r\n--x--\r\n');
    expect((await first).statusCode).toBe(400); // no file, no price: refused, but finished

    const third = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: member.headers,
      payload: { name: 'Third Upload' },
    });
    expect(third.statusCode).toBe(200);
  });

  it('large JSON bodies are read one at a time across the server (429 for the next)', async () => {
    const [a, b] = [await createMember(ctx.app), await createMember(ctx.app)];
    const slow = new PassThrough();
    const first = ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...a.headers, 'content-type': 'application/json', 'content-length': String(3 * MB) },
      payload: slow,
    });
    slow.write('{"title":"');
    await waitFor(
      () => ctx.app.uploadsInProgress().largeJson,
      (count) => count === 1,
    );

    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...b.headers, 'content-type': 'application/json', 'content-length': String(3 * MB) },
      payload: `{"title":"${'B'.repeat(3 * MB - 12)}"}`,
    });
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('UPLOADS_BUSY');
    slow.end(`${'A'.repeat(3 * MB - 12)}"}`);
    expect((await first).statusCode).toBe(400);
  });

  it('a multipart upload streams to disk: it does not hold the large JSON slot', async () => {
    const [a, b] = [await createMember(ctx.app), await createMember(ctx.app)];
    const head = '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\n';
    const tail = '\r\n--x--\r\n';
    const slow = new PassThrough();
    const first = ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...a.headers, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(3 * MB) },
      payload: slow,
    });
    slow.write(head);
    await waitFor(
      () => ctx.app.uploadsInProgress().byMember.get(a.user._id),
      (count) => count === 1,
    );
    expect(ctx.app.uploadsInProgress().largeJson).toBe(0);

    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...b.headers, 'content-type': 'application/json', 'content-length': String(3 * MB) },
      payload: `{"title":"${'B'.repeat(3 * MB - 12)}"}`,
    });
    expect(json.json().code).not.toBe('UPLOADS_BUSY');
    slow.end(`${'S'.repeat(3 * MB - head.length - tail.length)}${tail}`);
    expect((await first).statusCode).toBeLessThan(500);
  });
});
