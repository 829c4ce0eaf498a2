/**
 * What an EPUB of about 20 MB costs the built server (`npm run build` first): 40 chapters of text,
 * each with a photograph-like JPEG (noise, so it does not compress), are uploaded as a paid book (the
 * upload's time is the ingest: staging, and the checks, metadata and cover in the document pool), a
 * member buys it, and their first download (which stamps the copy) and second download (the kept copy)
 * are timed while the server's resident memory (the document workers included) is sampled.
 *
 *   npm run epub -w bench
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildEpub } from '@ebook/server/testing';
import { peakDuring, rssOf, waitUntilReady } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3392);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@bookshop.local', password: 'epub-bench-password' };
const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
const MB = 1024 * 1024;
const CHAPTERS = 40;

async function bigEpub(): Promise<Uint8Array> {
  const chapters = [];
  for (let index = 1; index <= CHAPTERS; index += 1) {
    const illustration = await sharp({
      create: {
        width: 1100,
        height: 1100,
        channels: 3,
        background: '#777',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    chapters.push({
      title: `Chapter ${index}`,
      illustration,
      paragraphs: Array.from(
        { length: 60 },
        (_, paragraph) =>
          `Chapter ${index}, paragraph ${paragraph + 1}. The ferry left the pier at dusk and the gulls followed it out past the breakwater, calling over the grey water while the lamps came on along the shore.`,
      ),
    });
  }
  return buildEpub({
    title: 'The Heavy Atlas',
    authors: ['Bench Author'],
    language: 'en',
    identifier: 'urn:bench:atlas',
    chapters,
  });
}

async function call(url: string, init: RequestInit & { token?: string; json?: object } = {}) {
  const headers: Record<string, string> = { origin: BASE };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json) headers['content-type'] = 'application/json';
  const response = await fetch(`${BASE}${url}`, {
    ...init,
    headers,
    body: init.json ? JSON.stringify(init.json) : init.body,
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

async function timed(pid: number, work: () => Promise<number>) {
  const before = rssOf(pid);
  const started = performance.now();
  let received = 0;
  const peak = await peakDuring(pid, async () => {
    received = await work();
  });
  return { seconds: (performance.now() - started) / 1000, before, peak, received };
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-epub-bench-'));
  const epub = await bigEpub();
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      PORT: String(PORT),
      DATA_DIR: path.join(work, 'data'),
      // The engine this bench's figures were measured on (DATABASE_ENGINE=postgres for the default).
      DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'pglite',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilReady(PORT);
    const pid = server.pid!;
    const login = async (body: object) =>
      ((await (await call('/api/auth/login', { method: 'POST', json: body })).json()) as { token: string }).token;
    const admin = await login(ADMIN);
    const cover = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#2a4b7a' } })
      .png()
      .toBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(pid);

    let bookId = '';
    const ingest = await timed(pid, async () => {
      const form = new FormData();
      const fields = {
        title: 'The Heavy Atlas',
        author: 'Bench Author',
        category: 'Arts & Photography',
        price: '9.99',
        story: 'It is heavy.',
        description: 'An EPUB of about twenty megabytes.',
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
      form.append('epub', new Blob([new Uint8Array(epub)], { type: 'application/epub+zip' }), 'book.epub');
      const created = await call('/api/books/', { method: 'POST', token: admin, body: form });
      bookId = ((await created.json()) as { book: { _id: string } }).book._id;
      return epub.length;
    });

    const reader = { name: 'Bea Buyer', email: 'bea@example.com', phone: '+94771234567', password: 'quiet-library-42' };
    await call('/api/auth/register', { method: 'POST', json: reader });
    const token = await login({ email: reader.email, password: reader.password });
    const card = await call('/api/payment', {
      method: 'POST',
      token,
      json: { cardHolder: 'Bea Buyer', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
    });
    const cardId = ((await card.json()) as { card: { _id: string } }).card._id;
    await call('/api/cart/add', { method: 'POST', token, json: { bookId } });
    await call('/api/orders', { method: 'POST', token, json: { books: [bookId], paymentId: cardId } });

    const download = (as: string) => async () => {
      for (;;) {
        const response = await fetch(`${BASE}/api/books/${bookId}/epub`, {
          headers: { authorization: `Bearer ${as}` },
        });
        if (response.status === 202) {
          await response.arrayBuffer();
          await new Promise((resolve) => setTimeout(resolve, 200));
          continue;
        }
        if (!response.ok) throw new Error(`download: ${response.status}`);
        return (await response.arrayBuffer()).byteLength;
      }
    };
    const stamp = await timed(pid, download(token));
    const kept = await timed(pid, download(token));
    const sample = await timed(pid, async () => {
      const response = await call(`/api/books/${bookId}/epub-sample`);
      return (await response.arrayBuffer()).byteLength;
    });
    const mb = (bytes: number) => (bytes / MB).toFixed(0);
    console.log(
      `EPUB of ${CHAPTERS} chapters, ${(epub.length / MB).toFixed(1)} MB; server resident memory idle ${mb(idle)} MB`,
    );
    console.log('step | seconds | MB | resident MB before | peak | growth');
    for (const [label, run] of [
      ['upload and ingest (checks, metadata, cover)', ingest],
      ['buyer, first download (stamps)', stamp],
      ['buyer, second download (kept copy)', kept],
      ['sample, first request (cut)', sample],
    ] as const) {
      console.log(
        `${label} | ${run.seconds.toFixed(2)} | ${(run.received / MB).toFixed(1)} | ${mb(run.before)} | ${mb(run.peak)} | +${mb(run.peak - run.before)}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
