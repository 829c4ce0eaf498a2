/**
 * What crafted PDFs cost the store: the benchmark makes five hostile files itself (two of ~16 MB with
 * hundreds of thousands of tiny objects, one array of millions of numbers, arrays nested 100,000 deep,
 * a book of 3,000 pages), starts the built server (`npm run build` first), uploads them at once as a
 * member and asks for each one's sample (which is what cuts it), while /api/health is called every
 * 10 ms. It prints health latency (p50, p99, max, failures), the server's peak resident memory and
 * the time and answer of each job. Then a 100 MB, 1,000-page book is uploaded (inspected), its sample
 * cut and a buyer's copy stamped, each timed with the memory it took.
 *
 *   npm run pdf-abuse -w bench
 *   BENCH_SERVER_ENTRY=/elsewhere/apps/server/dist/server.js npm run pdf-abuse -w bench   # another build
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { deeplyNestedPdf, hugeArrayPdf, manyObjectsPdf } from '@ebook/server/testing';
import { peakDuring, rssOf, waitUntilReady } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3393);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: 'admin@bookshop.local', password: 'pdf-abuse-bench-admin' };
const serverEntry =
  process.env.BENCH_SERVER_ENTRY ?? path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
const MB = 1024 * 1024;

async function manyPagesPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) doc.addPage([200, 200]).drawText(`Page ${n}`, { x: 20, y: 100, size: 10, font });
  return doc.save({ useObjectStreams: false });
}

/** 1,000 pages of text, each with its own ~100 KB of incompressible image-like data. */
async function bigBook(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let n = 1; n <= pages; n += 1) {
    const page = doc.addPage([420, 595]);
    page.drawText(`Chapter ${Math.ceil(n / 20)}, page ${n}`, { x: 48, y: 540, size: 14, font });
    doc.context.register(doc.context.stream(randomBytes(100 * 1024)));
  }
  return doc.save({ useObjectStreams: false });
}

async function call(url: string, init: RequestInit & { token?: string; json?: object } = {}) {
  const headers: Record<string, string> = { origin: BASE };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json) headers['content-type'] = 'application/json';
  return fetch(`${BASE}${url}`, { ...init, headers, body: init.json ? JSON.stringify(init.json) : init.body });
}

async function ok(response: Promise<Response>): Promise<Response> {
  const answer = await response;
  if (!answer.ok) throw new Error(`${answer.url}: ${answer.status} ${await answer.text()}`);
  return answer;
}

let coverPng: Buffer | undefined;
async function bookForm(title: string, file: string, price = '4.99'): Promise<FormData> {
  coverPng ??= await sharp({ create: { width: 300, height: 450, channels: 3, background: '#553311' } })
    .png()
    .toBuffer();
  const form = new FormData();
  const fields = {
    title,
    author: 'Bench Author',
    category: 'Arts & Photography',
    price,
    story: 'Crafted.',
    description: 'A crafted file.',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob([new Uint8Array(coverPng)], { type: 'image/png' }), 'cover.png');
  form.append('pdf', await openAsBlob(file, { type: 'application/pdf' }), 'book.pdf');
  return form;
}

/** Calls /api/health every `everyMs` until stopped; latencies in ms, and failed or dropped calls. */
function healthProbe(everyMs = 10) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${BASE}/api/health`, { signal: AbortSignal.timeout(60_000) });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, failures };
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

/** Upload as the member, then ask for the sample (what cuts it): the answers and the time. */
async function abuse(name: string, file: string, token: string) {
  return timed(async () => {
    try {
      const created = await call('/api/books/', { method: 'POST', token, body: await bookForm(name, file) });
      const body = (await created.json()) as { book?: { _id: string }; code?: string };
      if (!body.book) return `upload ${created.status} ${body.code ?? ''}`;
      const sample = await call(`/api/books/${body.book._id}/sample`, {
        token,
        signal: AbortSignal.timeout(300_000),
      });
      await sample.arrayBuffer();
      return `upload ${created.status}, sample ${sample.status}`;
    } catch (error) {
      return `failed: ${(error as Error).message}`;
    }
  });
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-pdf-abuse-'));
  const files: [string, Uint8Array][] = [
    ['700,000 tiny objects (16 MB)', manyObjectsPdf(700_000)],
    ['690,000 tiny objects (16 MB)', manyObjectsPdf(690_000)],
    ['7 million numbers in one array', hugeArrayPdf(7_000_000)],
    ['arrays nested 100,000 deep', deeplyNestedPdf(100_000)],
    ['3,000 pages', await manyPagesPdf(3_000)],
  ];
  const paths = files.map(([, bytes], index) => {
    const file = path.join(work, `crafted-${index}.pdf`);
    writeFileSync(file, bytes);
    return file;
  });
  const bigFile = path.join(work, 'big.pdf');
  const big = await bigBook(1_000);
  writeFileSync(bigFile, big);

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
      UPLOADS_PER_MEMBER: '10',
      LARGE_JSON_UPLOADS_AT_ONCE: '10',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopped: { code: number | null } = { code: null };
  server.once('exit', (code) => (stopped.code = code ?? -1));
  try {
    await waitUntilReady(PORT);
    const pid = server.pid!;
    const login = async (body: object) =>
      ((await (await ok(call('/api/auth/login', { method: 'POST', json: body }))).json()) as { token: string }).token;
    const admin = await login(ADMIN);
    const member = { name: 'Mal Maker', email: 'mal@example.com', phone: '+94771234567', password: 'quiet-library-42' };
    await ok(call('/api/auth/register', { method: 'POST', json: member }));
    const token = await login({ email: member.email, password: member.password });
    const idle = rssOf(pid);

    const probe = healthProbe();
    let jobs: Awaited<ReturnType<typeof abuse>>[] = [];
    const peak = await peakDuring(pid, async () => {
      jobs = await Promise.all(files.map(([name], index) => abuse(name, paths[index]!, token)));
    }).catch(() => NaN);
    const health = await probe.stop();
    const mb = (bytes: number) => (bytes / MB).toFixed(0);
    console.log(`Five crafted PDFs at once; server resident memory idle ${mb(idle)} MB, peak ${mb(peak)} MB`);
    console.log(
      `/api/health: ${health.count} calls, p50 ${health.p50.toFixed(1)} ms, p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(0)} ms, failed ${health.failures}`,
    );
    console.log('file | seconds | answer');
    files.forEach(([name], index) =>
      console.log(`${name} | ${jobs[index]!.seconds.toFixed(1)} | ${jobs[index]!.value}`),
    );
    if (stopped.code !== null) {
      console.log(`The server stopped (exit code ${stopped.code}).`);
      return;
    }

    // A large, honest book: inspected at upload, sampled, stamped for a buyer.
    console.log(`\nA ${(big.length / MB).toFixed(0)} MB, 1,000-page book:`);
    let bookId = '';
    const phases: [string, () => Promise<void>][] = [
      [
        'upload (inspection)',
        async () => {
          const created = await ok(
            call('/api/books/', {
              method: 'POST',
              token: admin,
              body: await bookForm('A Thousand Pages', bigFile, '9.99'),
            }),
          );
          bookId = ((await created.json()) as { book: { _id: string } }).book._id;
        },
      ],
      [
        'sample',
        async () => void (await (await ok(call(`/api/books/${bookId}/sample`, { token: admin }))).arrayBuffer()),
      ],
      [
        'stamped copy (first download)',
        async () => {
          const reader = {
            name: 'Bea Buyer',
            email: 'bea@example.com',
            phone: '+94771234568',
            password: 'quiet-library-43',
          };
          await ok(call('/api/auth/register', { method: 'POST', json: reader }));
          const buyer = await login({ email: reader.email, password: reader.password });
          const card = await ok(
            call('/api/payment', {
              method: 'POST',
              token: buyer,
              json: { cardHolder: 'Bea Buyer', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
            }),
          );
          const cardId = ((await card.json()) as { card: { _id: string } }).card._id;
          await ok(call('/api/cart/add', { method: 'POST', token: buyer, json: { bookId } }));
          await ok(call('/api/orders', { method: 'POST', token: buyer, json: { books: [bookId], paymentId: cardId } }));
          for (;;) {
            const response = await ok(call(`/api/books/${bookId}/pdf`, { token: buyer }));
            await response.arrayBuffer();
            if (response.status !== 202) break;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
        },
      ],
    ];
    console.log('step | seconds | peak resident MB');
    for (const [label, step] of phases) {
      const started = performance.now();
      let failure = '';
      const stepPeak = await peakDuring(pid, step).catch((error: Error) => {
        failure = ` | failed: ${error.message}`;
        return stopped.code === null ? rssOf(pid) : NaN;
      });
      console.log(`${label} | ${((performance.now() - started) / 1000).toFixed(1)} | ${mb(stepPeak)}${failure}`);
      if (failure) break;
    }
  } finally {
    server.kill('SIGTERM');
    if (stopped.code === null) await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
