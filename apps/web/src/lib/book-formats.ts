import type { Book } from '@ebook/shared';

export type BookFormat = 'pdf' | 'epub';

/** The formats a book's files come in (a book from before EPUB has its PDF). */
export function bookFormats(book: Book): BookFormat[] {
  const formats = (book as Book & { formats?: BookFormat[] }).formats;
  return Array.isArray(formats) ? formats : ['pdf'];
}

export function bookHasEpub(book: Book): boolean {
  return bookFormats(book).includes('epub');
}
