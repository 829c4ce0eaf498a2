/**
 * What stamping a sold copy costs: a 1,000-page PDF of about 100 MB is uploaded to the built server
 * (`npm run build` first), a member buys it, and their first download (which stamps the copy) and
 * second download (the kept copy) are timed while the server's resident memory is sampled.
 *
 *   npm run stamp-memory -w bench
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { peakDuring, rssOf, waitUntilReady } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@bookshop.local', password: 'stamp-memory-bench' };
const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
const MB = 1024 * 1024;
const PAGES = 1000;

/** 1,000 pages of text, each with its own ~100 KB of incompressible image-like data. */
async function bigBook(file: string): Promise<number> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let number = 1; number <= PAGES; number += 1) {
    const page = doc.addPage([420, 595]);
    page.drawText(`Chapter ${Math.ceil(number / 20)}, page ${number}`, { x: 48, y: 540, size: 14, font });
    doc.context.register(doc.context.stream(randomBytes(100 * 1024)));
  }
  const bytes = await doc.save({ useObjectStreams: false });
  writeFileSync(file, bytes);
  return bytes.length;
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

async function timedDownload(pid: number, bookId: string, token: string) {
  let received = 0;
  const before = rssOf(pid);
  const started = performance.now();
  const peak = await peakDuring(pid, async () => {
    const response = await call(`/api/books/${bookId}/pdf`, { token });
    for await (const chunk of response.body!) received += (chunk as Uint8Array).length;
  });
  return { seconds: (performance.now() - started) / 1000, before, peak, received };
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-stamp-memory-'));
  const pdfFile = path.join(work, 'book.pdf');
  const pdfBytes = await bigBook(pdfFile);
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

    const form = new FormData();
    const fields = {
      title: 'A Thousand Pages',
      author: 'Bench Author',
      category: 'Arts & Photography',
      price: '9.99',
      story: 'It is long.',
      description: 'A book of a thousand pages and about a hundred megabytes.',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const cover = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#7a4b2a' } })
      .png()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
    form.append('pdf', await openAsBlob(pdfFile, { type: 'application/pdf' }), 'book.pdf');
    const created = await call('/api/books/', { method: 'POST', token: admin, body: form });
    const bookId = ((await created.json()) as { book: { _id: string } }).book._id;

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

    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(pid);
    const original = await timedDownload(pid, bookId, admin);
    const first = await timedDownload(pid, bookId, token);
    const second = await timedDownload(pid, bookId, token);
    const mb = (bytes: number) => (bytes / MB).toFixed(0);
    console.log(`PDF of ${PAGES} pages, ${(pdfBytes / MB).toFixed(1)} MB; server resident memory idle ${mb(idle)} MB`);
    console.log('download | seconds | MB sent | resident MB before | peak | growth');
    for (const [label, run] of [
      ['original (admin)', original],
      ['buyer, first (stamps)', first],
      ['buyer, second (kept copy)', second],
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
