/**
 * Real calibre libraries for the import tests, made by Debian's calibre (`calibredb`), never by hand:
 * PDF and EPUB files are generated with the real titles and authors of ../shared/data's Amazon
 * catalogue (read from the file inside), added with one `calibredb add`, then given tags, ISBNs,
 * comments, series and a price custom column with `calibredb set_metadata` / `set_custom`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { makeEpub } from './epubs.js';

const run = promisify(execFile);

export interface LibraryBook {
  title: string;
  author: string;
  category: string;
  isbn: string;
}

/** The first `count` books of the real Amazon catalogue (title, author, category, ISBN). */
export function amazonBooks(count: number, skip = 0): LibraryBook[] {
  const text = readFileSync(new URL('./fixtures/amazon-book30-600.csv', import.meta.url), 'utf8');
  const rows: string[][] = parse(text);
  const seen = new Set<string>();
  const picked: LibraryBook[] = [];
  for (const row of rows.slice(skip)) {
    const [isbn, , , title, author, , category] = row;
    // calibre reads the title and author from the file: plain ones, each title once.
    if (!title || !author || seen.has(title.toLowerCase()) || !/^[\w ,.'&:-]+$/.test(title + author)) continue;
    seen.add(title.toLowerCase());
    picked.push({ title, author, category: category!, isbn: isbn!.padStart(10, '0') });
    if (picked.length === count) break;
  }
  return picked;
}

export async function pdfWithMetadata(title: string, author: string, pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(author);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  for (let page = 1; page <= pages; page += 1) {
    doc.addPage([300, 400]).drawText(`${title.slice(0, 40)} - page ${page}`, { x: 20, y: 360, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

function coverJpeg(index: number): Promise<Buffer> {
  const shade = (index * 37) % 200;
  return sharp({ create: { width: 120, height: 180, channels: 3, background: { r: shade, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();
}

/**
 * Runs calibredb on the library. calibre lets one of its programs run at a time on a machine: when
 * another test's calibredb holds that lock, this one tries again (it waits for the other to end).
 */
export async function calibredb(library: string, args: string[]) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run('calibredb', ['--with-library', library, ...args], {
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, CALIBRE_CONFIG_DIRECTORY: path.join(library, '..', '.calibre-config') },
      });
    } catch (error) {
      const busy = String((error as { stderr?: string }).stderr ?? '').includes('Another calibre program');
      if (!busy || attempt >= 300) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * A calibre library in `dir`/library of the given books: even ones as PDF, odd ones as EPUB, added in
 * one `calibredb add` call. Returns the library folder.
 */
export async function buildLibrary(dir: string, list: LibraryBook[]): Promise<string> {
  const sources = path.join(dir, 'sources');
  const library = path.join(dir, 'library');
  mkdirSync(sources, { recursive: true });
  mkdirSync(library, { recursive: true });
  const files: string[] = [];
  for (const [index, book] of list.entries()) {
    const name = path.join(sources, `book-${String(index).padStart(4, '0')}`);
    if (index % 2 === 0) {
      writeFileSync(`${name}.pdf`, await pdfWithMetadata(book.title, book.author));
      files.push(`${name}.pdf`);
    } else {
      const epub = await makeEpub({
        title: book.title,
        authors: [book.author],
        identifier: `urn:uuid:${index}-test`,
        subjects: [book.category],
        description: '',
        publisher: undefined,
        chapterCount: 2,
        // calibre takes an EPUB's cover image as the book's cover.
        cover: { bytes: await coverJpeg(index), mediaType: 'image/jpeg' },
      });
      writeFileSync(`${name}.epub`, epub);
      files.push(`${name}.epub`);
    }
  }
  await calibredb(library, ['add', '--duplicates', ...files]);
  await completeUnreadBooks(library, list, sources);
  return library;
}

/**
 * calibre reads an added file's metadata, and renders a PDF's cover, in workers with a time limit: on
 * a busy machine one can run out, and that book is added under its file name with no cover. Such books
 * are given their title, author and cover here, so that a test gets the library it asked for whatever
 * the machine's load.
 */
async function completeUnreadBooks(library: string, list: LibraryBook[], sources: string) {
  const { stdout } = await calibredb(library, ['list', '--for-machine', '--fields', 'title,cover']);
  const rows = JSON.parse(stdout) as { id: number; title: string; cover?: string }[];
  for (const row of rows.filter((entry) => !entry.cover || /^book-\d{4}$/.test(entry.title))) {
    const named = /^book-(\d{4})$/.exec(row.title);
    const index = named
      ? Number(named[1])
      : list.findIndex((book) => book.title.toLowerCase() === row.title.toLowerCase());
    const book = list[index];
    if (!book) throw new Error(`calibre lists a book that was not added: ${row.title}`);
    const cover = path.join(sources, `cover-${index}.jpg`);
    writeFileSync(cover, await coverJpeg(index));
    await calibredb(library, [
      'set_metadata',
      String(row.id),
      '--field',
      `title:${book.title}`,
      '--field',
      `authors:${book.author}`,
      '--field',
      `cover:${cover}`,
    ]);
  }
}
