/**
 * Conditional requests (RFC 9110 section 13) on every kind of file the store serves: the web and OPDS
 * downloads of a book, a buyer's stamped copy, the sample, the cover, its thumbnail and a profile
 * picture. Each answers with a strong ETag and a Last-Modified date, 304 for If-None-Match and
 * If-Modified-Since, 412 for a failed If-Match or If-Unmodified-Since, and the whole file when an
 * If-Range names another version; a download resumed after the PDF was replaced is whole and valid.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@ebook/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { buyBook, createAdmin, createMember, type Actor } from '../../test/factories.js';
import { dataUrl, makePdf, makePng, postBook } from '../../test/books.js';
import { evaluatePreconditions, parseEntityTags, parseHttpDate } from './conditional-requests.js';

const QPDF = '/usr/bin/qpdf';

let ctx: TestContext;
let admin: Actor;
let buyer: Actor;

interface Target {
  url: string;
  headers: Record<string, string>;
}

const KINDS = [
  'book PDF (web)',
  'book PDF (OPDS acquisition)',
  'stamped copy',
  'sample',
  'cover',
  'cover thumbnail',
  'profile picture',
] as const;
type Kind = (typeof KINDS)[number];
const targets = new Map<Kind, Target>();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  buyer = await createMember(ctx.app, { name: 'Bea Buyer' });
  const free = await postBook(ctx.app, admin, { price: 0, pdf: dataUrl('application/pdf', await makePdf('Free', 3)) });
  const paid = await postBook(ctx.app, admin, { price: 6, pdf: dataUrl('application/pdf', await makePdf('Paid', 10)) });
  await buyBook(ctx.app, buyer, paid._id);
  const profile = await ctx.app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: buyer.headers,
    payload: { profileImage: dataUrl('image/png', await makePng('#335577', 300, 300)) },
  });
  expect(profile.statusCode).toBe(200);
  const picture = profile.json<{ user: { profileImage: string } }>().user.profileImage;
  const anyone = {};
  targets.set('book PDF (web)', { url: `/api/books/${free._id}/pdf`, headers: anyone });
  targets.set('book PDF (OPDS acquisition)', { url: `/opds/books/${free._id}/file`, headers: anyone });
  targets.set('stamped copy', { url: `/api/books/${paid._id}/pdf`, headers: buyer.headers });
  targets.set('sample', { url: `/api/books/${paid._id}/sample`, headers: anyone });
  targets.set('cover', { url: free.image!, headers: anyone });
  targets.set('cover thumbnail', { url: free.thumbnail!, headers: anyone });
  targets.set('profile picture', { url: picture, headers: anyone });
});
afterAll(() => ctx.close());

/**
 * GET (or HEAD) with extra headers. A copy still being prepared (202 with Retry-After) is waited for,
 * so the answer is the file's, however long preparing it takes.
 */
async function request(
  target: Target,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<LightMyRequestResponse> {
  for (;;) {
    const response = await ctx.app.inject({ method, url: target.url, headers: { ...target.headers, ...headers } });
    if (response.statusCode !== 202) return response;
    await sleep(Math.min(Number(response.headers['retry-after'] ?? 1), 1) * 100);
  }
}

/** The file as it is now, with its validators. */
async function current(target: Target) {
  const response = await request(target);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const etag = String(response.headers.etag);
  const lastModified = String(response.headers['last-modified']);
  return { body: response.rawPayload, etag, lastModified, modifiedAt: Date.parse(lastModified) };
}

const httpDate = (ms: number) => new Date(ms).toUTCString();

function expectPreconditionFailed(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(412);
  expect(response.json()).toEqual({ msg: expect.any(String), code: 'PRECONDITION_FAILED' });
}

function expectNotModified(response: LightMyRequestResponse, etag: string) {
  expect(response.statusCode).toBe(304);
  expect(response.rawPayload.length).toBe(0);
  expect(response.headers.etag).toBe(etag);
}

describe.each(KINDS)('%s', (kind) => {
  const target = () => targets.get(kind)!;

  it('has a strong ETag and a Last-Modified date, the same on every request', async () => {
    const first = await current(target());
    expect(first.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.lastModified).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(first.modifiedAt).toBeLessThanOrEqual(Date.now());
    const again = await current(target());
    expect([again.etag, again.lastModified]).toEqual([first.etag, first.lastModified]);
    expect(again.body.equals(first.body)).toBe(true);
  });

  it('If-None-Match: 304 for its tag (alone, weak, in a list, or *), also for HEAD; the file otherwise', async () => {
    const { etag, body } = await current(target());
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      expectNotModified(await request(target(), { 'if-none-match': value }), etag);
    }
    expectNotModified(await request(target(), { 'if-none-match': etag }, 'HEAD'), etag);
    for (const value of ['"other"', 'W/"other", "x,y"', etag.slice(1, -1), '']) {
      const response = await request(target(), { 'if-none-match': value });
      expect(response.statusCode, value).toBe(200);
      expect(response.rawPayload.equals(body)).toBe(true);
    }
  });

  it('If-Modified-Since: 304 unless changed after the date; ignored beside If-None-Match', async () => {
    const { etag, lastModified, modifiedAt } = await current(target());
    expectNotModified(await request(target(), { 'if-modified-since': lastModified }), etag);
    expectNotModified(await request(target(), { 'if-modified-since': httpDate(modifiedAt + 60_000) }), etag);
    const before = await request(target(), { 'if-modified-since': httpDate(modifiedAt - 1000) });
    expect(before.statusCode).toBe(200);
    expect((await request(target(), { 'if-modified-since': 'yesterday' })).statusCode).toBe(200);
    // If-None-Match decides alone (RFC 9110 section 13.2.2).
    const otherTag = await request(target(), { 'if-none-match': '"other"', 'if-modified-since': lastModified });
    expect(otherTag.statusCode).toBe(200);
    const sameTag = await request(target(), {
      'if-none-match': etag,
      'if-modified-since': httpDate(modifiedAt - 86_400_000),
    });
    expectNotModified(sameTag, etag);
  });

  it('If-Match: 412 { msg, code } unless a tag matches strongly', async () => {
    const { etag } = await current(target());
    for (const value of ['"other"', `W/${etag}`, '"other", W/"x"']) {
      expectPreconditionFailed(await request(target(), { 'if-match': value }));
    }
    for (const value of [etag, `"other", ${etag}`, '*']) {
      expect((await request(target(), { 'if-match': value })).statusCode, value).toBe(200);
    }
  });

  it('If-Unmodified-Since: 412 when changed after the date; ignored beside If-Match', async () => {
    const { etag, lastModified, modifiedAt } = await current(target());
    const earlier = httpDate(modifiedAt - 1000);
    expectPreconditionFailed(await request(target(), { 'if-unmodified-since': earlier }));
    expect((await request(target(), { 'if-unmodified-since': lastModified })).statusCode).toBe(200);
    expect((await request(target(), { 'if-unmodified-since': 'not a date' })).statusCode).toBe(200);
    expect((await request(target(), { 'if-match': etag, 'if-unmodified-since': earlier })).statusCode).toBe(200);
  });

  it('If-Range: the range for its own tag; the whole file for another tag, a weak tag or a date', async () => {
    const { etag, lastModified, body } = await current(target());
    const part = await request(target(), { range: 'bytes=0-9', 'if-range': etag });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${body.length}`);
    expect(part.rawPayload.equals(body.subarray(0, 10))).toBe(true);
    for (const value of ['"0123456789abcdef0123456789abcdef"', `W/${etag}`, lastModified]) {
      const whole = await request(target(), { range: 'bytes=0-9', 'if-range': value });
      expect(whole.statusCode, value).toBe(200);
      expect(whole.rawPayload.equals(body)).toBe(true);
    }
    // Another version's range past the end is not refused: the whole file comes instead.
    const beyond = await request(target(), { range: `bytes=${body.length + 10}-`, 'if-range': '"other"' });
    expect(beyond.statusCode).toBe(200);
  });
});

describe('conditions and access', () => {
  it("never open a paid book: a visitor's or a stranger's condition is 401 or 403, never 304", async () => {
    const stamped = targets.get('stamped copy')!;
    const { etag } = await current(stamped);
    const visitor = await ctx.app.inject({ url: stamped.url, headers: { 'if-none-match': etag } });
    expect(visitor.statusCode).toBe(401);
    const stranger = await createMember(ctx.app);
    const member = await ctx.app.inject({ url: stamped.url, headers: { ...stranger.headers, 'if-match': etag } });
    expect(member.statusCode).toBe(403);
    expect(member.headers.etag).toBeUndefined();
  });
});

describe('a download resumed after the PDF was replaced', () => {
  async function replacePdf(book: Book, pdf: Buffer) {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: admin.headers,
      payload: {
        title: book.title,
        author: book.author,
        category: book.category,
        price: book.price,
        story: book.story,
        description: book.description,
        pdf: dataUrl('application/pdf', pdf),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  /** What a client holds after resuming: its first part and the rest on 206, or the new whole on 200. */
  async function resume(target: Target, held: Buffer, etag: string) {
    const response = await request(target, { range: `bytes=${held.length}-`, 'if-range': etag });
    const joined = response.statusCode === 206 ? Buffer.concat([held, response.rawPayload]) : response.rawPayload;
    return { status: response.statusCode, joined };
  }

  /** qpdf's verdict on a PDF (exit 0: no damage). */
  async function qpdfCheck(pdf: Buffer): Promise<number> {
    const dir = await mkdtemp(path.join(tmpdir(), 'resume-'));
    try {
      const file = path.join(dir, 'joined.pdf');
      await writeFile(file, pdf);
      return await new Promise((resolve) => {
        execFile(QPDF, ['--check', file], (error) => resolve(error ? Number(error.code ?? 1) : 0));
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function expectValidPdf(joined: Buffer, expected: Buffer) {
    expect(joined.equals(expected)).toBe(true);
    // qpdf reads the joined file as an e-reader would; where it is not installed, byte equality stands.
    if (existsSync(QPDF)) expect(await qpdfCheck(joined)).toBe(0);
  }

  it('is the whole new PDF (200), web and OPDS alike, with a new ETag', async () => {
    const book = await postBook(ctx.app, admin, {
      price: 0,
      pdf: dataUrl('application/pdf', await makePdf('First edition', 6)),
    });
    const web = { url: `/api/books/${book._id}/pdf`, headers: {} };
    const opds = { url: `/opds/books/${book._id}/file`, headers: {} };
    const before = await current(web);
    const held = before.body.subarray(0, Math.floor(before.body.length / 2));
    const second = await makePdf('Second edition, longer and different', 9);
    await replacePdf(book, second);
    for (const target of [web, opds]) {
      const resumed = await resume(target, held, before.etag);
      await expectValidPdf(resumed.joined, second);
      expect(resumed.status).toBe(200);
      const after = await current(target);
      expect(after.etag).not.toBe(before.etag);
      expect(after.modifiedAt).toBeGreaterThanOrEqual(before.modifiedAt);
      // The old tag is no longer current: If-Match fails, If-None-Match sends the new file.
      expectPreconditionFailed(await request(target, { 'if-match': before.etag }));
      expect((await request(target, { 'if-none-match': before.etag })).statusCode).toBe(200);
    }
  });

  it("is the buyer's whole new stamped copy", async () => {
    const book = await postBook(ctx.app, admin, {
      price: 3,
      pdf: dataUrl('application/pdf', await makePdf('Sold edition', 5)),
    });
    await buyBook(ctx.app, buyer, book._id);
    const target = { url: `/api/books/${book._id}/pdf`, headers: buyer.headers };
    const before = await current(target);
    await replacePdf(book, await makePdf('Corrected sold edition', 7));
    const resumed = await resume(target, before.body.subarray(0, 1000), before.etag);
    const after = await current(target);
    expect(after.etag).not.toBe(before.etag);
    await expectValidPdf(resumed.joined, after.body);
    expect(resumed.status).toBe(200);
  });
});

describe('reading the headers', () => {
  it('reads HTTP-dates in all three forms and nothing else', () => {
    const seconds = Date.UTC(1994, 10, 6, 8, 49, 37) / 1000;
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(seconds);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(seconds);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(seconds);
    for (const bad of [
      '1994-11-06T08:49:37Z',
      'Sun, 06 Nov 1994 08:49:37 UTC',
      'Sun, 31 Feb 1994 08:49:37 GMT',
      'Sun, 06 Nov 1994 24:00:00 GMT',
      'Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT',
      '1994',
      '',
    ]) {
      expect(parseHttpDate(bad), bad).toBeNull();
    }
  });

  it('reads entity-tag lists, commas inside tags included, and stops at a malformed member', () => {
    expect(parseEntityTags('*')).toBe('*');
    expect(parseEntityTags(' "a,b" , W/"c",,"d"')).toEqual([
      { weak: false, opaque: 'a,b' },
      { weak: true, opaque: 'c' },
      { weak: false, opaque: 'd' },
    ]);
    expect(parseEntityTags('"a", b, "c"')).toEqual([{ weak: false, opaque: 'a' }]);
  });

  it('orders the conditions as RFC 9110 section 13.2.2 does', () => {
    const validators = { etag: '"v1"', lastModified: new Date('2026-01-01T00:00:00Z') };
    const before = 'Wed, 31 Dec 2025 00:00:00 GMT';
    const after = 'Fri, 02 Jan 2026 00:00:00 GMT';
    const check = (headers: Record<string, string>, method = 'GET') =>
      evaluatePreconditions(headers, method, validators);
    // If-Match wins over If-Unmodified-Since; a failed If-Match wins over a matching If-None-Match.
    expect(check({ 'if-match': '"v1"', 'if-unmodified-since': before })).toBe('send');
    expect(check({ 'if-match': '"v0"', 'if-none-match': '"v1"' })).toBe('failed');
    expect(check({ 'if-unmodified-since': before, 'if-none-match': '"v1"' })).toBe('failed');
    // If-None-Match wins over If-Modified-Since, both ways.
    expect(check({ 'if-none-match': '"v0"', 'if-modified-since': after })).toBe('send');
    expect(check({ 'if-none-match': '"v1"', 'if-modified-since': before })).toBe('not-modified');
    // Other methods: a matching If-None-Match is 412, If-Modified-Since is ignored.
    expect(check({ 'if-none-match': '"v1"' }, 'POST')).toBe('failed');
    expect(check({ 'if-modified-since': after }, 'POST')).toBe('send');
  });
});
