/**
 * What goes over the wire compressed: the web app's files as precompressed at build (.br, .gz beside
 * each), API JSON compressed on the fly; book files (whole or a Range of bytes) as stored.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';
import { createAdmin, createBook } from '../test/factories.js';
import { postBook } from '../test/books.js';

let ctx: TestContext;
let distDir: string;
let freeBookId: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, n) => `word ${n}`))};\n`;
const scriptBr = brotliCompressSync(script);
const scriptGz = gzipSync(script);

beforeAll(async () => {
  // A built web app as the build leaves it: a hashed script with its two compressed copies.
  distDir = mkdtempSync(path.join(tmpdir(), 'ebook-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Bookshelf</title>');
  writeFileSync(path.join(distDir, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(distDir, 'assets/index-abc123.js.br'), scriptBr);
  writeFileSync(path.join(distDir, 'assets/index-abc123.js.gz'), scriptGz);
  ctx = await createTestContext({ WEB_DIST_DIR: distDir });
  for (let n = 0; n < 9; n += 1) await createBook(ctx.app, { title: `A Compressible Title Number ${n}` });
  const admin = await createAdmin(ctx.app);
  freeBookId = (await postBook(ctx.app, admin, { title: 'A Free Walk', price: 0 }))._id;
});

afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends the web app files precompressed, as the browser accepts them', async () => {
    const url = '/assets/index-abc123.js';
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.equals(scriptBr)).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(script);
  });

  it('compresses API JSON, and leaves book files and their Range answers as stored', async () => {
    const list = await ctx.app.inject({ url: '/api/books?limit=9', headers: { 'accept-encoding': 'br, gzip' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const books = JSON.parse(brotliDecompressSync(list.rawPayload).toString()) as { total: number };
    expect(books.total).toBe(10);
    const gz = await ctx.app.inject({ url: '/api/books?limit=9', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(books);
    const plain = await ctx.app.inject({ url: '/api/books?limit=9' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(books);

    const fileUrl = `/opds/books/${freeBookId}/file`;
    const whole = await ctx.app.inject({ url: fileUrl, headers: { 'accept-encoding': 'br, gzip' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const part = await ctx.app.inject({ url: fileUrl, headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 10))).toBe(true);
  });
});
