/** Test helpers for books: real files (made with sharp and pdf-lib) and the API calls that add books. */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Book } from '@ebook/shared';
import type { App } from '../app.js';
import { books, files } from '../db/schema/index.js';
import type { FileStore } from '../lib/file-store.js';
import type { Actor } from './factories.js';

export async function makePng(color = '#7a4b2a', width = 60, height = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export async function makePdf(text = 'A test book', pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let page = 1; page <= pages; page += 1) {
    doc.addPage([300, 400]).drawText(`${text} — page ${page}`.replace('—', '-'), { x: 20, y: 360, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

export interface BookBody {
  title: string;
  author: string;
  category: string;
  price: number | string;
  story: string;
  description: string;
  meta?: Record<string, unknown>;
  status?: string;
  samplePages?: number | string | null;
  image?: string;
  pdf?: string;
  epub?: string;
}

let counter = 0;

export async function bookBody(overrides: Partial<BookBody> = {}): Promise<BookBody> {
  counter += 1;
  return {
    title: `Quiet Harbour ${counter}`,
    author: 'Jane Tester',
    category: 'Arts & Photography',
    price: 4.99,
    story: 'The tide came in at dawn.',
    description: 'A calm book about the sea.',
    meta: { sku: `SKU-${counter}`, tags: 'sea, calm', pages: 120, language: 'English' },
    image: dataUrl('image/png', await makePng()),
    pdf: dataUrl('application/pdf', await makePdf()),
    ...overrides,
  };
}

/** Creates a book through the API as the given actor and returns it. */
export async function postBook(app: App, actor: Actor, overrides: Partial<BookBody> = {}): Promise<Book> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/books/',
    headers: actor.headers,
    payload: await bookBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json<{ book: Book }>().book;
}

/** Every stored original (by sha256, sorted), whichever file store the app runs on. */
export async function storedFiles(store: FileStore): Promise<string[]> {
  const found: string[] = [];
  for await (const sha256 of store.list()) found.push(sha256);
  return found.sort();
}

/** What a refused upload must leave unchanged: the counts of books and files, and the stored bytes. */
export async function storeSnapshot(app: App) {
  return {
    books: await app.db.$count(books),
    files: await app.db.$count(files),
    stored: await storedFiles(app.fileStore),
  };
}

/** A book form's text fields, as a multipart form sends them. */
export async function bookFields(title: string): Promise<Record<string, string>> {
  const body = await bookBody({ title });
  return {
    title: body.title,
    author: body.author,
    category: body.category,
    price: String(body.price),
    story: body.story,
    description: body.description,
  };
}

/** A multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; mime: string; bytes: Buffer }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----book${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.mime}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
