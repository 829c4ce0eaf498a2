/**
 * What stamping a sold copy costs: a 1,000-page PDF of about 100 MB is uploaded to the built server
 * (`npm run build` first), a member buys it, and their first download (which stamps the copy) and
 * second download (the kept copy) are timed while the server's resident memory is sampled.
 *
 *   npm run stamp-memory -w bench
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import {
  ADMIN_EMAIL,
  addBook,
  buyer,
  megabytes,
  printMemorySteps,
  rssOf,
  startStore,
  withMemory,
} from './store-bench.js';

const PORT = Number(process.env.BENCH_PORT ?? 3391);
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

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'ebook-stamp-memory-'));
  const pdfFile = path.join(work, 'book.pdf');
  const pdfBytes = await bigBook(pdfFile);
  const store = await startStore(PORT, 'stamp-memory-bench');
  try {
    const cover = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#7a4b2a' } })
      .png()
      .toBuffer();
    const bookId = await addBook(
      store,
      {
        title: 'A Thousand Pages',
        author: 'Bench Author',
        category: 'Arts & Photography',
        price: '9.99',
        story: 'It is long.',
        description: 'A book of a thousand pages and about a hundred megabytes.',
      },
      {
        image: { blob: new Blob([new Uint8Array(cover)], { type: 'image/png' }), name: 'cover.png' },
        pdf: { blob: await openAsBlob(pdfFile, { type: 'application/pdf' }), name: 'book.pdf' },
      },
    );
    const admin = await store.login(ADMIN_EMAIL, store.adminPassword);
    const token = await buyer(store, bookId);

    const download = (as: string) => async () => {
      let received = 0;
      const response = await store.call(`/api/books/${bookId}/pdf`, { token: as });
      for await (const chunk of response.body!) received += (chunk as Uint8Array).length;
      return received;
    };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(store.pid);
    const original = await withMemory(store, download(admin));
    const first = await withMemory(store, download(token));
    const second = await withMemory(store, download(token));
    console.log(
      `PDF of ${PAGES} pages, ${(pdfBytes / MB).toFixed(1)} MB; server resident memory idle ${megabytes(idle)} MB`,
    );
    printMemorySteps(
      [
        ['original (admin)', original],
        ['buyer, first (stamps)', first],
        ['buyer, second (kept copy)', second],
      ],
      'MB sent',
    );
  } finally {
    await store.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
