/**
 * The demo catalogue, seeded on first run when there are no books: real public-domain titles with a
 * generated cover (an SVG rendered by sharp), a generated PDF (pdf-lib) and a generated EPUB 3
 * (build-epub.ts, with chapters of demo text: demo-text.ts), made concurrently with a small pool so the
 * first start stays quick. Idempotent: it does nothing once any book exists.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import type { StagedFile } from '../../lib/file-store.js';
import { books, files } from '../schema/index.js';
import { SEED_BOOKS, type Category, type SeedBook } from './catalogue-data.js';
import type { SeedContext } from './seed-context.js';
import { buildEpub } from '../../lib/build-epub.js';
import { demoChapterTitle, demoChapters, demoParagraphs } from './demo-text.js';

const COVER = { width: 600, height: 900 };
const POOL_SIZE = 4;

const PALETTES: Record<Category, { from: string; to: string; ink: string; accent: string }> = {
  'Arts & Photography': { from: '#3b1f4a', to: '#8e3b62', ink: '#fdf2f8', accent: '#f9a8d4' },
  'Biographies & Memoirs': { from: '#1f3b4d', to: '#3f7694', ink: '#f0f9ff', accent: '#fcd34d' },
  'Christian Books & Bibles': { from: '#3d2b12', to: '#8a6a2f', ink: '#fffbeb', accent: '#fde68a' },
  'Research & Publishing Guides': { from: '#1e293b', to: '#475569', ink: '#f8fafc', accent: '#93c5fd' },
  'Sports & Outdoors': { from: '#14391f', to: '#3f7a4a', ink: '#f0fdf4', accent: '#bef264' },
  'Food & Drink': { from: '#5a1e12', to: '#b4532a', ink: '#fff7ed', accent: '#fdba74' },
};

export async function seedCatalogue({ db, fileStore, log }: SeedContext): Promise<void> {
  const [existing] = await db.select({ id: books.id }).from(books).limit(1);
  if (existing) return;
  const started = Date.now();
  const discardAll = (items: { cover: StagedFile; pdf: StagedFile; epub: StagedFile }[]) =>
    Promise.all(items.flatMap(({ cover, pdf, epub }) => [cover.discard(), pdf.discard(), epub.discard()]));
  const made = await mapPool(
    SEED_BOOKS,
    POOL_SIZE,
    async (book) => {
      const coverBytes = await renderCover(book);
      const cover = await fileStore.stage(coverBytes, Number.MAX_SAFE_INTEGER);
      let pdf: StagedFile | undefined;
      try {
        pdf = await fileStore.stage(await renderPdf(book), Number.MAX_SAFE_INTEGER);
        const epub = await fileStore.stage(Buffer.from(await renderEpub(book, coverBytes)), Number.MAX_SAFE_INTEGER);
        return { book, cover, pdf, epub };
      } catch (error) {
        await Promise.all([cover.discard(), pdf?.discard()]);
        throw error;
      }
    },
    discardAll,
  );
  const now = Date.now();
  try {
    await db.transaction(async (tx) => {
      // Checked again inside the transaction: two instances starting together seed once.
      const [raced] = await tx.select({ id: books.id }).from(books).limit(1);
      if (raced) return;
      const rows = [];
      for (const [index, { book, cover, pdf, epub }] of made.entries()) {
        const [coverRow] = await tx
          .insert(files)
          .values({ sha256: cover.sha256, mime: 'image/jpeg', sizeBytes: cover.sizeBytes, ...COVER })
          .onConflictDoUpdate({ target: [files.sha256, files.mime], set: { sha256: cover.sha256 } })
          .returning({ id: files.id });
        const [pdfRow] = await tx
          .insert(files)
          .values({ sha256: pdf.sha256, mime: 'application/pdf', sizeBytes: pdf.sizeBytes })
          .onConflictDoUpdate({ target: [files.sha256, files.mime], set: { sha256: pdf.sha256 } })
          .returning({ id: files.id });
        const [epubRow] = await tx
          .insert(files)
          .values({ sha256: epub.sha256, mime: 'application/epub+zip', sizeBytes: epub.sizeBytes })
          .onConflictDoUpdate({ target: [files.sha256, files.mime], set: { sha256: epub.sha256 } })
          .returning({ id: files.id });
        rows.push({
          title: book.title,
          author: book.author,
          category: book.category,
          priceCents: book.priceCents,
          story: book.story,
          description: book.description,
          status: 'added' as const,
          coverFileId: coverRow!.id,
          pdfFileId: pdfRow!.id,
          epubFileId: epubRow!.id,
          meta: metaOf(book, index),
          // Staggered a minute apart in list order, so "newest first" is stable and matches the list.
          createdAt: new Date(now - index * 60_000),
          updatedAt: new Date(now - index * 60_000),
        });
      }
      await tx.insert(books).values(rows);
    });
    await Promise.all(made.flatMap(({ cover, pdf, epub }) => [cover.commit(), pdf.commit(), epub.commit()]));
  } catch (error) {
    await discardAll(made);
    throw error;
  }
  log.info({ books: made.length, ms: Date.now() - started }, 'demo catalogue seeded');
}

function metaOf(book: SeedBook, index: number) {
  const prefix = book.category
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((word) => word[0])
    .join('')
    .toUpperCase();
  return {
    sku: `EB-${prefix}-${String(index + 1).padStart(3, '0')}`,
    tags: book.tags,
    category: book.category,
    format: 'PDF, EPUB',
    pages: book.pages,
    publishYear: book.year,
    language: book.language,
    country: book.country,
    century: centuryOf(book.year),
    availability: 'Available',
  };
}

export function centuryOf(year: number): string {
  const century = Math.floor((year - 1) / 100) + 1;
  const teen = century % 100 >= 11 && century % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[century % 10];
  return `${century}${suffix ?? 'th'}`;
}

/** Runs work over items with at most `size` at a time; on failure, `cleanup` gets what was made. */
async function mapPool<T, R>(
  items: T[],
  size: number,
  work: (item: T) => Promise<R>,
  cleanup: (made: R[]) => Promise<unknown>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  async function runner() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(size, items.length) }, runner));
  } catch (error) {
    await cleanup(results.filter(Boolean));
    throw error;
  }
  return results;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Greedy word wrap by character count (good enough for a cover's serif title). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderCover(book: Pick<SeedBook, 'title' | 'author' | 'category' | 'year'>): Promise<Buffer> {
  const palette = PALETTES[book.category];
  const titleLines = wrap(book.title, 15);
  const titleSize = titleLines.length > 3 ? 42 : 50;
  const titleTop = 300 - ((titleLines.length - 1) * titleSize * 1.15) / 2;
  const title = titleLines
    .map(
      (line, index) =>
        `<text x="300" y="${titleTop + index * titleSize * 1.15}" font-size="${titleSize}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER.width}" height="${COVER.height}" viewBox="0 0 600 900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1">
    <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
  <rect width="600" height="900" fill="url(#g)"/>
  <rect x="28" y="28" width="544" height="844" fill="none" stroke="${palette.accent}" stroke-width="3" opacity="0.8"/>
  <rect x="40" y="40" width="520" height="820" fill="none" stroke="${palette.accent}" stroke-width="1" opacity="0.5"/>
  <circle cx="300" cy="640" r="120" fill="${palette.accent}" opacity="0.12"/>
  <circle cx="300" cy="640" r="70" fill="none" stroke="${palette.accent}" stroke-width="2" opacity="0.5"/>
  <text x="300" y="110" font-family="DejaVu Sans, sans-serif" font-size="20" letter-spacing="4" fill="${palette.accent}" text-anchor="middle">${escapeXml(book.category.toUpperCase())}</text>
  <line x1="220" y1="140" x2="380" y2="140" stroke="${palette.accent}" stroke-width="2"/>
  <g font-family="DejaVu Serif, serif" font-weight="bold" fill="${palette.ink}">${title}</g>
  <text x="300" y="810" font-family="DejaVu Serif, serif" font-style="italic" font-size="30" fill="${palette.ink}" text-anchor="middle">${escapeXml(book.author)}</text>
  <text x="300" y="650" font-family="DejaVu Serif, serif" font-size="34" fill="${palette.accent}" text-anchor="middle">${book.year}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** Standard PDF fonts only encode Latin-1 (WinAnsi); fold anything else to its closest letters. */
function latin(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '');
}

const PAGE = { width: 595, height: 842, margin: 64 };
const BODY = { size: 11, leading: 15.5, charsPerLine: 86 };

/** Distinct pages of prose per book, full and after a chapter heading; the pages cycle through them. */
const PROSE_PAGES = { full: 16, short: 6 };

/**
 * The demo edition as a PDF with as many pages as the book's page count: a title page, a page about
 * the book, then chapters of demo prose (demo-text.ts) with running heads and page numbers, so the
 * sample and the reader show real pages. Setting text is the slow part of making a PDF, so a few
 * pages of prose are set once and drawn as form XObjects on every page (each page still carries its
 * own text, as a reader or a search sees it): a 350-page book costs little more than a short one.
 */
export async function renderPdf(book: SeedBook): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(latin(book.title));
  doc.setAuthor(latin(book.author));
  doc.setCreator('E-book store demo catalogue');
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const grey = rgb(0.4, 0.4, 0.4);

  const cover = doc.addPage([PAGE.width, PAGE.height]);
  let y = 560;
  for (const line of wrap(latin(book.title), 28)) {
    const width = bold.widthOfTextAtSize(line, 30);
    cover.drawText(line, { x: (PAGE.width - width) / 2, y, size: 30, font: bold });
    y -= 38;
  }
  const byline = `${latin(book.author)}, ${book.year}`;
  cover.drawText(byline, {
    x: (PAGE.width - italic.widthOfTextAtSize(byline, 16)) / 2,
    y: y - 20,
    size: 16,
    font: italic,
  });
  const note = 'A public-domain work. Demo edition of the e-book store.';
  cover.drawText(note, { x: (PAGE.width - serif.widthOfTextAtSize(note, 10)) / 2, y: 80, size: 10, font: serif });

  const top = PAGE.height - PAGE.margin - 20;
  const about = doc.addPage([PAGE.width, PAGE.height]);
  about.drawText('About this book', { x: PAGE.margin, y: top, size: 20, font: bold });
  const aboutText = [
    book.description,
    book.story,
    `This demo edition of ${book.title} by ${book.author}, first published in ${book.year} in ${book.language}, is generated by the store so that reading and downloads can be tried out. The full text of this public-domain work is freely available from public libraries.`,
  ].flatMap((text) => [...wrap(latin(text), BODY.charsPerLine), '']);
  about.drawText(aboutText.join('\n'), {
    x: PAGE.margin,
    y: top - 40,
    size: BODY.size,
    lineHeight: BODY.leading,
    font: serif,
  });

  const [full, short] = await setProse(doc, book, top);
  const pageCount = Math.max(book.pages, 4);
  const chapterCount = Math.min(40, Math.max(3, Math.round(pageCount / 20)));
  const pagesPerChapter = (pageCount - 2) / chapterCount;
  let chapter = -1;
  for (let number = 3; number <= pageCount; number += 1) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    const inChapter = Math.floor((number - 3) / pagesPerChapter);
    if (inChapter > chapter) {
      chapter = inChapter;
      page.drawText(latin(demoChapterTitle(chapter)), { x: PAGE.margin, y: top - 60, size: 18, font: bold });
      page.drawPage(short[chapter % short.length]!, { x: 0, y: 0 });
    } else {
      page.drawText(latin(book.title), { x: PAGE.margin, y: PAGE.height - 40, size: 9, font: italic, color: grey });
      page.drawPage(full[number % full.length]!, { x: 0, y: 0 });
    }
    const folio = String(number);
    page.drawText(folio, {
      x: (PAGE.width - serif.widthOfTextAtSize(folio, 9)) / 2,
      y: 36,
      size: 9,
      font: serif,
      color: grey,
    });
  }
  return Buffer.from(await doc.save());
}

/** The book's pages of prose, set once: full pages, and shorter ones to follow a chapter heading. */
async function setProse(doc: PDFDocument, book: SeedBook, top: number) {
  const scratch = await PDFDocument.create();
  const serif = await scratch.embedFont(StandardFonts.TimesRoman);
  const paragraph = demoParagraphs(book, ':pdf');
  let pending: string[] = [];
  const setPage = (from: number) => {
    const lines = Math.floor((from - PAGE.margin) / BODY.leading);
    while (pending.length < lines) pending.push(...wrap(latin(paragraph()), BODY.charsPerLine), '');
    const page = scratch.addPage([PAGE.width, PAGE.height]);
    page.drawText(pending.splice(0, lines).join('\n'), {
      x: PAGE.margin,
      y: from,
      size: BODY.size,
      lineHeight: BODY.leading,
      font: serif,
      color: rgb(0.12, 0.12, 0.12),
    });
    return page;
  };
  const fullPages = Array.from({ length: PROSE_PAGES.full }, () => setPage(top));
  const shortPages = Array.from({ length: PROSE_PAGES.short }, () => {
    pending = [];
    return setPage(top - 100);
  });
  // The scratch document's font is written at its flush; pages copied before would have none.
  await scratch.flush();
  const embedded = await doc.embedPages([...fullPages, ...shortPages]);
  return [embedded.slice(0, PROSE_PAGES.full), embedded.slice(PROSE_PAGES.full)] as const;
}

/**
 * The book as an EPUB 3: its cover, then chapters of demo text (in English, whatever the original's
 * language: it is the store's demo edition), with a table of contents.
 */
export async function renderEpub(book: SeedBook, cover: Buffer): Promise<Uint8Array> {
  return buildEpub({
    title: book.title,
    authors: [book.author],
    language: 'en',
    identifier: `urn:ebook-store:demo:${book.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    description: book.description,
    publisher: 'E-book store demo catalogue',
    // A four-digit year only (older works have none the EPUB date syntax takes).
    date: book.year >= 1000 ? String(book.year) : undefined,
    subjects: [book.category],
    chapters: demoChapters(book),
    cover: { bytes: cover, mediaType: 'image/jpeg' },
  });
}
