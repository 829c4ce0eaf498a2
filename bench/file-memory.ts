/**
 * How much a large upload and download grow the server's memory, on the local disk and on an
 * S3-compatible store (s3rver, started here). Starts the built server (`npm run build` first) on a
 * fresh data dir, uploads a real PDF of about 95 MB as a streamed multipart request, downloads it
 * whole, and samples the server's resident memory (VmRSS) every 20 ms.
 *
 *   npm run file-memory -w bench              # both stores
 *   npm run file-memory -w bench -- s3        # one store
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import S3rver from 's3rver';
import sharp from 'sharp';
import { peakDuring, rssOf, waitUntilReady } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 3390);
const waitReady = () => waitUntilReady(PORT);
const ADMIN = { email: 'admin@bookshop.local', password: 'file-memory-bench' };
const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
const MB = 1024 * 1024;

/** A real PDF (one page of text) carrying ~95 MB of incompressible bytes in an image-like stream. */
async function bigPdf(file: string): Promise<number> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('A large book', { x: 72, y: 720, size: 24, font: await doc.embedFont(StandardFonts.Helvetica) });
  doc.context.register(doc.context.stream(randomBytes(95 * MB)));
  const bytes = await doc.save({ useObjectStreams: false });
  writeFileSync(file, bytes);
  return bytes.length;
}

async function measure(store: 'local' | 's3', pdfFile: string, pdfBytes: number) {
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-file-memory-'));
  let s3: S3rver | undefined;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
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
  };
  if (store === 's3') {
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(work, 's3'),
      configureBuckets: [{ name: 'bench', configs: [] }],
    });
    const address = await s3.run();
    Object.assign(env, {
      FILE_STORE: 's3',
      S3_BUCKET: 'bench',
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  }
  const server: ChildProcess = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitReady();
    const pid = server.pid!;
    const login = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    // Warm up: one small request of each kind, then let the heap settle.
    await fetch(`http://127.0.0.1:${PORT}/api/books`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(pid);

    let bookId = '';
    const uploadPeak = await peakDuring(pid, async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        title: 'A Large Book',
        author: 'Bench Author',
        category: 'Arts & Photography',
        price: '9.99',
        story: 'It is long.',
        description: 'A book of about a hundred megabytes.',
      }))
        form.append(name, value);
      const cover = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#7a4b2a' } })
        .png()
        .toBuffer();
      form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
      form.append('pdf', await openAsBlob(pdfFile, { type: 'application/pdf' }), 'large.pdf');
      const response = await fetch(`http://127.0.0.1:${PORT}/api/books/`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
      bookId = ((await response.json()) as { book: { _id: string } }).book._id;
    });
    const afterUpload = rssOf(pid);

    let received = 0;
    const downloadPeak = await peakDuring(pid, async () => {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/books/${bookId}/pdf`, { headers: auth });
      if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
      // Read slowly-enough to be a real client but without holding the bytes.
      for await (const chunk of response.body) received += (chunk as Uint8Array).length;
    });
    if (received !== pdfBytes) throw new Error(`downloaded ${received} of ${pdfBytes} bytes`);
    return { store, idle, uploadPeak, afterUpload, downloadPeak };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await s3?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const stores = (process.argv[2] ? [process.argv[2]] : ['local', 's3']) as Array<'local' | 's3'>;
  const scratch = mkdtempSync(path.join(tmpdir(), 'ebook-big-pdf-'));
  const pdfFile = path.join(scratch, 'large.pdf');
  const pdfBytes = await bigPdf(pdfFile);
  console.log(`PDF of ${(pdfBytes / MB).toFixed(1)} MB; server resident memory (MB):`);
  console.log('store | idle | peak during upload | peak during download | growth upload / download');
  try {
    for (const store of stores) {
      const r = await measure(store, pdfFile, pdfBytes);
      const mb = (bytes: number) => (bytes / MB).toFixed(0);
      console.log(
        `${r.store} | ${mb(r.idle)} | ${mb(r.uploadPeak)} | ${mb(r.downloadPeak)} | +${mb(r.uploadPeak - r.idle)} / +${mb(r.downloadPeak - r.afterUpload)}`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
