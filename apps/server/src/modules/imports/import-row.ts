/**
 * One catalogue row turned into the book it describes, or the reason it is skipped. The same rules
 * hold for a CSV row and a calibre book, so the preview and the commit agree.
 */
import { IMPORT_SKIP_REASONS, parsePriceToCents, type BookMeta } from '@ebook/shared';
import type { CatalogueRecord } from './catalogue-csv.js';

export interface ImportBook {
  line: number;
  /** The import key (calibre uuid, or the CSV's id); null when the row has none. */
  key: string | null;
  isbn: string | null;
  title: string;
  author: string;
  category: string;
  priceCents: number;
  /** Empty strings: not given (an update keeps what the book has). */
  description: string;
  story: string;
  meta: BookMeta;
}

export type RowOutcome = { book: ImportBook } | { skip: string; title: string };

export const DEFAULT_AUTHOR = 'Unknown';
export const DEFAULT_CATEGORY = 'General';

/** Trimmed, inner runs of white space as one space. */
function clean(value: string | undefined, max: number): string {
  return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** Trimmed, line breaks kept (descriptions). */
function cleanText(value: string | undefined, max: number): string {
  return (value ?? '').trim().slice(0, max);
}

function wholeNumber(value: string | undefined): number | null | 'bad' {
  const text = (value ?? '').trim();
  if (!text) return null;
  return /^-?\d{1,6}$/.test(text) ? Number(text) : 'bad';
}

/** An ISBN as the store keeps it (the book's SKU): digits and X, without spaces or hyphens. */
export function normaliseIsbn(value: string | undefined): string | null {
  const text = clean(value, 200).replace(/[\s-]/g, '');
  return text ? text.toUpperCase() : null;
}

export function readRow(line: number, fields: CatalogueRecord, defaultPriceCents: number): RowOutcome {
  // The database cannot store a NUL character (the API's text guard refuses it in every other body).
  if (Object.values(fields).some((value) => value.includes('\0'))) {
    return { skip: IMPORT_SKIP_REASONS.badText, title: clean(fields.title, 300).replaceAll('\0', '') };
  }
  const title = clean(fields.title, 1000);
  if (!title) return { skip: IMPORT_SKIP_REASONS.noTitle, title: '' };
  if (title.length > 300) return { skip: IMPORT_SKIP_REASONS.titleTooLong, title: title.slice(0, 300) };
  const priceText = clean(fields.price, 20);
  const priceCents = priceText ? parsePriceToCents(priceText) : defaultPriceCents;
  if (priceCents === null) return { skip: IMPORT_SKIP_REASONS.badPrice, title };
  const publishYear = wholeNumber(fields.publish_year);
  const pages = wholeNumber(fields.pages);
  if (
    publishYear === 'bad' ||
    pages === 'bad' ||
    (publishYear !== null && Math.abs(publishYear) > 3000) ||
    (pages !== null && (pages < 0 || pages > 100_000))
  ) {
    return { skip: IMPORT_SKIP_REASONS.badNumber, title };
  }
  const isbn = normaliseIsbn(fields.isbn);
  const meta: BookMeta = {};
  if (isbn) meta.sku = isbn;
  const tags = clean(fields.tags, 200);
  if (tags) meta.tags = tags;
  const language = clean(fields.language, 200);
  if (language) meta.language = language;
  if (publishYear !== null) meta.publishYear = publishYear;
  if (pages !== null) meta.pages = pages;
  return {
    book: {
      line,
      key: clean(fields.id, 200) || null,
      isbn,
      title,
      author: clean(fields.author, 200) || DEFAULT_AUTHOR,
      category: clean(fields.category, 100) || DEFAULT_CATEGORY,
      priceCents,
      description: cleanText(fields.description, 20_000),
      story: cleanText(fields.story, 20_000),
      meta,
    },
  };
}

/** Title and author as an import compares them within one file (case, spacing and punctuation aside). */
export function titleAuthorKey(book: Pick<ImportBook, 'title' | 'author'>): string {
  const fold = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return `${fold(book.title)}\u0000${fold(book.author)}`;
}
