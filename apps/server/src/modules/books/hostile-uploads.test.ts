/**
 * Hostile uploads, each refused or neutralised with nothing left behind: HTML named .pdf, SVG named
 * .png, a PDF that is also an HTML page (kept as a PDF, never served as something a browser would run),
 * and a PDF one megabyte over the 100 MB limit, streamed.
 */
import { Readable } from 'node:stream';
import { PDF_MAX_BYTES } from '@ebook/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createMember, type Actor } from '../../test/factories.js';
import { bookFields, storeSnapshot, makePdf, makePng, multipart } from '../../test/books.js';

let ctx: TestContext;
let member: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx.app);
});
afterAll(() => ctx.close());

const snapshot = () => storeSnapshot(ctx.app);

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

describe('hostile uploads', () => {
  it.each([
    ['HTML named book.pdf', 'pdf', 'book.pdf', 'application/pdf', HTML, 'The book must be a PDF file.'],
    ['SVG with a script named cover.png', 'image', 'cover.png', 'image/png', SVG, undefined],
  ])('%s → 415, nothing stored', async (_name, field, filename, mime, bytes, message) => {
    const before = await snapshot();
    const others =
      field === 'pdf'
        ? [{ field: 'image', filename: 'c.png', mime: 'image/png', bytes: await makePng('#335577') }]
        : [{ field: 'pdf', filename: 'b.pdf', mime: 'application/pdf', bytes: await makePdf('svg test') }];
    const form = multipart(await bookFields('Hostile Upload'), [...others, { field, filename, mime, bytes }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    if (message) expect(response.json().msg).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('a PDF that is also an HTML page is kept as a PDF and only ever served as one', async () => {
    const polyglot = Buffer.concat([await makePdf('Polyglot'), Buffer.from('\n'), HTML]);
    const form = multipart(await bookFields('Polyglot Book'), [
      { field: 'image', filename: 'c.png', mime: 'image/png', bytes: await makePng('#553311') },
      { field: 'pdf', filename: 'page.html', mime: 'text/html', bytes: polyglot },
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(created.statusCode).toBe(201);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/books/${created.json().book._id}/pdf`,
      headers: member.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(String(download.headers['content-disposition'])).toMatch(
      /^(attachment|inline); filename="Polyglot Book.pdf"/,
    );
    expect(String(download.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('a PDF 1 MB over the limit, streamed, is 413 and leaves nothing behind', async () => {
    const before = await snapshot();
    const boundary = '----hostile101';
    const head = Object.entries(await bookFields('Too Big'))
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const total = Math.ceil(PDF_MAX_BYTES / chunk.length) + 1;
    async function* body() {
      yield Buffer.from(
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
      );
      for (let i = 0; i < total; i++) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...member.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});
