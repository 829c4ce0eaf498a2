/**
 * How much of a 100 MB, 1,000-page PDF the reader downloads before its first page shows, and how long
 * it takes; also how long the server takes to cut the sample of it. Starts the built store (npm run
 * build first) on a throwaway DATA_DIR behind a counting proxy, uploads a generated book (each page a
 * 100 KB incompressible greyscale image, as a scanned book), opens it in Chromium, and counts every
 * byte the proxy sends for the PDF, aborted transfers included.
 *   npm run reader-range -w bench   (READER_BENCH_PORT, default 3231; the proxy uses the next port)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

const PORT = Number(process.env.READER_BENCH_PORT ?? 3231);
const PROXY_PORT = PORT + 1;
const PAGES = 1000;
const IMAGE_SIDE = 316; // 316 x 316 grey bytes: about 100 KB a page
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function makeBook(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < PAGES; index += 1) {
    const page = doc.addPage([595, 842]);
    const image = doc.context.flateStream(randomBytes(IMAGE_SIDE * IMAGE_SIDE), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: IMAGE_SIDE,
      Height: IMAGE_SIDE,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
    });
    const name = page.node.newXObject('Scan', doc.context.register(image));
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(400, 0, 0, 400, 97, 300),
      drawObject(name),
      popGraphicsState(),
    );
    page.drawText(`Page ${index + 1} of ${PAGES}`, { x: 60, y: 780, size: 24, font });
  }
  return doc.save();
}

async function waitForReady(url: string) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the store did not start');
}

/** Forwards to the store and counts the bytes of PDF responses sent to the browser. */
function countingProxy(counts: { pdfBytes: number; pdfRequests: string[] }) {
  return http.createServer((request, response) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: PORT, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        const isPdf = /\/api\/books\/[^/]+\/(pdf|sample)/.test(request.url ?? '');
        if (isPdf) counts.pdfRequests.push(`${answer.statusCode} ${request.headers.range ?? 'whole file'}`);
        answer.on('data', (chunk: Buffer) => {
          if (response.destroyed) return answer.destroy();
          if (isPdf) counts.pdfBytes += chunk.length;
          response.write(chunk);
        });
        answer.on('end', () => response.end());
      },
    );
    response.on('close', () => upstream.destroy());
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
}

async function main() {
  const started = Date.now();
  const pdf = await makeBook();
  console.log(`generated ${PAGES} pages, ${(pdf.length / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'reader-bench-'));
  const password = 'reader-bench-password';
  const server = spawn(
    process.execPath,
    [path.join(root, 'apps/server/dist/server.js'), '--allow-simulated-payments'],
    {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        // The engine this bench's figures were measured on (DATABASE_ENGINE=postgres for the default).
        DATABASE_ENGINE: process.env.DATABASE_ENGINE ?? 'pglite',
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'warn',
      },
      stdio: 'inherit',
    },
  );
  const counts = { pdfBytes: 0, pdfRequests: [] as string[] };
  const proxy = countingProxy(counts).listen(PROXY_PORT);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForReady(`${base}/api/ready`);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@bookshop.local', password }),
    });
    const { token } = (await login.json()) as { token: string };
    const cover = await (
      await import('sharp')
    )
      .default({
        create: { width: 300, height: 400, channels: 3, background: '#553322' },
      })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: 'A Very Long Scanned Book',
      author: 'Bench Author',
      category: 'Reference',
      price: 'Free',
      story: 'Range requests.',
      description: 'A 100 MB, 1,000-page PDF.',
    })) {
      form.append(key, value);
    }
    form.append('image', new Blob([cover], { type: 'image/png' }), 'cover.png');
    form.append('pdf', new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), 'book.pdf');
    const created = await fetch(`${base}/api/books/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
    const { book } = (await created.json()) as { book: { _id: string } };

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const opened = Date.now();
    await page.goto(`http://127.0.0.1:${PROXY_PORT}/#/read/${book._id}`);
    await page.getByTestId('reader-page').and(page.locator('[data-rendered-page="1"]')).waitFor({ timeout: 120_000 });
    const firstPageMs = Date.now() - opened;
    const firstPageBytes = counts.pdfBytes;
    const firstRequests = [...counts.pdfRequests];
    await page.keyboard.press('End');
    await page.locator('[data-rendered-page="1000"]').waitFor({ timeout: 120_000 });
    await browser.close();

    const sampleStarted = Date.now();
    const sample = await fetch(`${base}/api/books/${book._id}/sample`);
    const sampleBytes = (await sample.arrayBuffer()).byteLength;
    const sampleMs = Date.now() - sampleStarted;
    const again = Date.now();
    await (await fetch(`${base}/api/books/${book._id}/sample`)).arrayBuffer();

    console.log(`file: ${pdf.length} bytes`);
    console.log(`first page shown after ${firstPageMs} ms, ${firstPageBytes} bytes of the PDF sent`);
    console.log(
      `  (${((firstPageBytes / pdf.length) * 100).toFixed(2)}% of the file) in ${firstRequests.length} responses:`,
    );
    for (const line of firstRequests) console.log(`    ${line}`);
    console.log(`after End (page 1000 shown): ${counts.pdfBytes} bytes in ${counts.pdfRequests.length} responses`);
    console.log(
      `sample cut on first request: ${sample.status}, ${sampleBytes} bytes in ${sampleMs} ms; next request ${Date.now() - again} ms`,
    );
  } finally {
    proxy.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-gateway`, { recursive: true, force: true });
  }
}

await main();
