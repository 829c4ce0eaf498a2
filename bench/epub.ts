/**
 * What an EPUB of about 20 MB costs the built server (`npm run build` first): 40 chapters of text,
 * each with a photograph-like JPEG (noise, so it does not compress), are uploaded as a paid book (the
 * upload's time is the ingest: staging, and the checks, metadata and cover in the document pool), a
 * member buys it, and their first download (which stamps the copy) and second download (the kept copy)
 * are timed while the server's resident memory (the document workers included) is sampled.
 *
 *   npm run epub -w bench
 */
import sharp from 'sharp';
import { buildEpub } from '@ebook/server/testing';
import { addBook, buyer, megabytes, printMemorySteps, rssOf, startStore, withMemory } from './store-bench.js';

const PORT = Number(process.env.BENCH_PORT ?? 3392);
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

async function main() {
  const epub = await bigEpub();
  const store = await startStore(PORT, 'ebook-epub-bench');
  try {
    const cover = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#2a4b7a' } })
      .png()
      .toBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(store.pid);

    let bookId = '';
    const ingest = await withMemory(store, async () => {
      bookId = await addBook(
        store,
        {
          title: 'The Heavy Atlas',
          author: 'Bench Author',
          category: 'Arts & Photography',
          price: '9.99',
          story: 'It is heavy.',
          description: 'An EPUB of about twenty megabytes.',
        },
        {
          image: { blob: new Blob([new Uint8Array(cover)], { type: 'image/png' }), name: 'cover.png' },
          epub: { blob: new Blob([new Uint8Array(epub)], { type: 'application/epub+zip' }), name: 'book.epub' },
        },
      );
      return epub.length;
    });
    const token = await buyer(store, bookId);

    const download = async () => {
      for (;;) {
        const response = await fetch(`${store.base}/api/books/${bookId}/epub`, {
          headers: { authorization: `Bearer ${token}` },
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
    const stamp = await withMemory(store, download);
    const kept = await withMemory(store, download);
    const sample = await withMemory(store, async () => {
      const response = await store.call(`/api/books/${bookId}/epub-sample`);
      return (await response.arrayBuffer()).byteLength;
    });
    console.log(
      `EPUB of ${CHAPTERS} chapters, ${(epub.length / MB).toFixed(1)} MB; server resident memory idle ${megabytes(idle)} MB`,
    );
    printMemorySteps([
      ['upload and ingest (checks, metadata, cover)', ingest],
      ['buyer, first download (stamps)', stamp],
      ['buyer, second download (kept copy)', kept],
      ['sample, first request (cut)', sample],
    ]);
  } finally {
    await store.stop();
  }
}

await main();
