/**
 * How long a 20 MB EPUB takes to show its first chapter in the reader, how many bytes of it were read
 * before it showed, and how long page turns take. Starts the built store (npm run build first) on a
 * throwaway DATA_DIR behind a counting proxy, uploads a generated book (120 chapters of text and 40
 * incompressible pictures of about 500 KB, as an illustrated book), opens it in Chromium, and counts
 * every byte the proxy sends for the EPUB, aborted transfers included. Page turns are timed in the
 * page, from the key press to the reader showing the new place.
 *   npm run epub-reader -w bench   (EPUB_BENCH_PORT, default 3241; the proxy uses the next port)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { chromium } from 'playwright';
import sharp from 'sharp';

const PORT = Number(process.env.EPUB_BENCH_PORT ?? 3241);
const PROXY_PORT = PORT + 1;
const CHAPTERS = 120;
const PICTURES = 40;
const TURNS = 30;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const WORDS =
  'the harbour light keeper storm tide village letter ferry quay nets gulls winter lamp ship sail shutters slate wind morning beach timber glass box'.split(
    ' ',
  );

function paragraph(seed: number): string {
  const words: string[] = [];
  for (let index = 0; index < 90; index += 1) words.push(WORDS[(seed * 7 + index * 13) % WORDS.length]!);
  return `<p>${words.join(' ')}.</p>`;
}

async function makeBook(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
  );
  const manifest: string[] = ['<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'];
  const spine: string[] = [];
  const toc: string[] = [];
  for (let picture = 0; picture < PICTURES; picture += 1) {
    const png = await sharp({
      create: {
        width: 420,
        height: 420,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    zip.file(`OEBPS/images/picture-${picture}.png`, png, { compression: 'STORE' });
    manifest.push(`<item id="p${picture}" href="images/picture-${picture}.png" media-type="image/png"/>`);
  }
  for (let chapter = 1; chapter <= CHAPTERS; chapter += 1) {
    const picture =
      chapter % 3 === 0 ? `<p><img src="images/picture-${chapter % PICTURES}.png" alt="Picture ${chapter}"/></p>` : '';
    const body = Array.from({ length: 30 }, (_, index) => paragraph(chapter * 31 + index)).join('\n');
    zip.file(
      `OEBPS/chapter-${chapter}.xhtml`,
      `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter ${chapter}</title></head><body><h1>Chapter ${chapter}</h1>${picture}${body}</body></html>`,
    );
    manifest.push(`<item id="c${chapter}" href="chapter-${chapter}.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="c${chapter}"/>`);
    toc.push(`<li><a href="chapter-${chapter}.xhtml">Chapter ${chapter}</a></li>`);
  }
  zip.file(
    'OEBPS/nav.xhtml',
    `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body><nav epub:type="toc"><ol>${toc.join('')}</ol></nav></body></html>`,
  );
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:3b0f3a4e-2f4a-4d7c-9a51-6d1f2e0c0b11</dc:identifier><dc:title>A Long Illustrated Book</dc:title><dc:creator>Bench Author</dc:creator><dc:language>en</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta></metadata><manifest>${manifest.join('')}</manifest><spine>${spine.join('')}</spine></package>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
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

/** Forwards to the store and counts the bytes of EPUB responses sent to the browser. */
function countingProxy(counts: { epubBytes: number; epubRequests: string[] }) {
  return http.createServer((request, response) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: PORT, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        const isEpub = /\/api\/books\/[^/]+\/epub/.test(request.url ?? '');
        if (isEpub) counts.epubRequests.push(`${answer.statusCode} ${request.headers.range ?? 'whole file'}`);
        answer.on('data', (chunk: Buffer) => {
          if (response.destroyed) return answer.destroy();
          if (isEpub) counts.epubBytes += chunk.length;
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const started = Date.now();
  const epub = await makeBook();
  console.log(`generated ${CHAPTERS} chapters, ${(epub.length / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'epub-bench-'));
  const password = 'epub-bench-password';
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
  const counts = { epubBytes: 0, epubRequests: [] as string[] };
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
    const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#224455' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: 'A Long Illustrated Book',
      author: 'Bench Author',
      category: 'Reference',
      price: 'Free',
      story: 'Reflowed text.',
      description: 'A 20 MB EPUB.',
    })) {
      form.append(key, value);
    }
    form.append('image', new Blob([cover], { type: 'image/png' }), 'cover.png');
    form.append('epub', new Blob([new Uint8Array(epub)], { type: 'application/epub+zip' }), 'book.epub');
    const uploadStarted = Date.now();
    const created = await fetch(`${base}/api/books/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
    const uploadMs = Date.now() - uploadStarted;
    const { book } = (await created.json()) as { book: { _id: string } };

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const opened = Date.now();
    await page.goto(`http://127.0.0.1:${PROXY_PORT}/#/read/${book._id}`);
    await page
      .frameLocator('[data-testid="epub-view"] iframe')
      .getByRole('heading', { name: 'Chapter 1' })
      .waitFor({ timeout: 120_000 });
    const firstChapterMs = Date.now() - opened;
    const firstChapterBytes = counts.epubBytes;
    const firstRequests = [...counts.epubRequests];

    // Page turns: from the key press to the new place shown (the reader's data-locator changing).
    const turns: number[] = [];
    for (let turn = 0; turn < TURNS; turn += 1) {
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const view = document.querySelector('[data-testid="epub-view"]')!;
            const before = view.getAttribute('data-locator');
            const observer = new MutationObserver(() => {
              if (view.getAttribute('data-locator') === before) return;
              observer.disconnect();
              resolve(performance.now() - start);
            });
            observer.observe(view, { attributes: true, attributeFilter: ['data-locator'] });
            const start = performance.now();
            window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
          }),
      );
      turns.push(ms);
    }
    await browser.close();

    console.log(`file: ${epub.length} bytes; upload (checks, metadata, cover) answered in ${uploadMs} ms`);
    console.log(`first chapter shown after ${firstChapterMs} ms, ${firstChapterBytes} bytes of the EPUB sent`);
    console.log(
      `  (${((firstChapterBytes / epub.length) * 100).toFixed(1)}% of the file) in ${firstRequests.length} responses:`,
    );
    for (const line of firstRequests) console.log(`    ${line}`);
    console.log(
      `${TURNS} page turns: median ${median(turns).toFixed(1)} ms, slowest ${Math.max(...turns).toFixed(1)} ms ` +
        `(chapter changes included)`,
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
