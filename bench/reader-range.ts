/**
 * How much of a 100 MB, 1,000-page PDF the reader downloads before its first page shows, and how long
 * it takes; also how long the server takes to cut the sample of it. Starts the built store (npm run
 * build first) on a throwaway DATA_DIR behind a counting proxy, uploads a generated book (each page a
 * 100 KB incompressible greyscale image, as a scanned book), opens it in Chromium, and counts every
 * byte the proxy sends for the PDF, aborted transfers included.
 *   npm run reader-range -w bench   (READER_BENCH_PORT, default 3231; the proxy uses the next port)
 */
import { randomBytes } from 'node:crypto';
import {
  PDFDocument,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import sharp from 'sharp';
import { addBook, countingProxy, startStore, timeInChromium } from './store-bench.js';

const PORT = Number(process.env.READER_BENCH_PORT ?? 3231);
const PROXY_PORT = PORT + 1;
const PAGES = 1000;
const IMAGE_SIDE = 316; // 316 x 316 grey bytes: about 100 KB a page

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

async function main() {
  const started = Date.now();
  const pdf = await makeBook();
  console.log(`generated ${PAGES} pages, ${(pdf.length / 1e6).toFixed(1)} MB in ${Date.now() - started} ms`);

  const store = await startStore(PORT, 'reader-bench');
  const proxy = countingProxy(store, PROXY_PORT, /\/api\/books\/[^/]+\/(pdf|sample)/);
  try {
    const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#553322' } })
      .png()
      .toBuffer();
    const bookId = await addBook(
      store,
      {
        title: 'A Very Long Scanned Book',
        author: 'Bench Author',
        category: 'Reference',
        price: 'Free',
        story: 'Range requests.',
        description: 'A 100 MB, 1,000-page PDF.',
      },
      {
        image: { blob: new Blob([new Uint8Array(cover)], { type: 'image/png' }), name: 'cover.png' },
        pdf: { blob: new Blob([Buffer.from(pdf)], { type: 'application/pdf' }), name: 'book.pdf' },
      },
    );

    const first = await timeInChromium(
      `${proxy.url}/#/read/${bookId}`,
      (page) =>
        page.getByTestId('reader-page').and(page.locator('[data-rendered-page="1"]')).waitFor({ timeout: 120_000 }),
      async (page, shownMs) => {
        const shown = { ms: shownMs, bytes: proxy.counts.bytes, responses: [...proxy.counts.responses] };
        await page.keyboard.press('End');
        await page.locator('[data-rendered-page="1000"]').waitFor({ timeout: 120_000 });
        return shown;
      },
    );

    const sampleStarted = Date.now();
    const sample = await fetch(`${store.base}/api/books/${bookId}/sample`);
    const sampleBytes = (await sample.arrayBuffer()).byteLength;
    const sampleMs = Date.now() - sampleStarted;
    const again = Date.now();
    await (await fetch(`${store.base}/api/books/${bookId}/sample`)).arrayBuffer();

    console.log(`file: ${pdf.length} bytes`);
    console.log(`first page shown after ${first.ms} ms, ${first.bytes} bytes of the PDF sent`);
    console.log(
      `  (${((first.bytes / pdf.length) * 100).toFixed(2)}% of the file) in ${first.responses.length} responses:`,
    );
    for (const line of first.responses) console.log(`    ${line}`);
    console.log(
      `after End (page 1000 shown): ${proxy.counts.bytes} bytes in ${proxy.counts.responses.length} responses`,
    );
    console.log(
      `sample cut on first request: ${sample.status}, ${sampleBytes} bytes in ${sampleMs} ms; next request ${Date.now() - again} ms`,
    );
  } finally {
    proxy.close();
    await store.stop();
  }
}

await main();
