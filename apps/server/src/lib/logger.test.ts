import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { postBook } from '../test/books.js';
import { createTestContext, type TestContext } from '../test/context.js';
import { createAdmin } from '../test/factories.js';
import { loggerOptions, redactUrl } from './logger.js';

/** Everything the app logs, as text: the server's own logger settings, written to memory. */
let logged = '';
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged += chunk.toString();
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { logger: { ...loggerOptions('info'), stream: capture } });
});
afterAll(() => ctx.close());

describe('what the log may carry', () => {
  it('a database error is logged without its bound parameters or details', async () => {
    const secret = 'secret.person@example.com';
    // A real failed query: a NUL cannot be stored, the error carries the parameters.
    const error = await ctx.app.db
      .select()
      .from(users)
      .where(eq(users.email, `${secret}\u0000`))
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(String((error as Error).message)).toContain(secret); // what used to reach the log
    logged = '';
    ctx.app.log.error({ err: error }, 'request failed');
    expect(logged).toContain('Failed query: select');
    expect(logged).toContain('22021'); // the SQLSTATE stays, for diagnosis
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('params');
  });

  it('a signed download link is logged without its signature', async () => {
    const admin = await createAdmin(ctx.app);
    const book = await postBook(ctx.app, admin, { price: 5 });
    const link = await ctx.app.inject({
      method: 'POST',
      url: `/api/books/${book._id}/download-link`,
      headers: admin.headers,
    });
    const { url } = link.json<{ url: string }>();
    const sig = new URL(url, 'http://shop').searchParams.get('sig')!;
    logged = '';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(logged).toContain(`/api/books/${book._id}/pdf?exp=`);
    expect(logged).toContain('sig=[redacted]');
    expect(logged).not.toContain(sig);
  });

  it('redacts credentials in any query position and leaves other parameters', () => {
    expect(redactUrl('/a?sig=abc&exp=1')).toBe('/a?sig=[redacted]&exp=1');
    expect(redactUrl('/a?exp=1&token=abc#x')).toBe('/a?exp=1&token=[redacted]#x');
    expect(redactUrl('/a?q=signature')).toBe('/a?q=signature');
  });
});
