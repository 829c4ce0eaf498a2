import type { Book, BookFormat } from '@ebook/shared';

export type { BookFormat };

/** The formats a book's files come in (a book without the list, as in an older answer: its PDF). */
export function bookFormats(book: Pick<Book, 'pdf'> & { formats?: BookFormat[] }): BookFormat[] {
  return book.formats ?? (book.pdf ? ['pdf'] : []);
}

export function bookHasEpub(book: Pick<Book, 'pdf'> & { formats?: BookFormat[] }): boolean {
  return bookFormats(book).includes('epub');
}

/** "PDF, EPUB": the book page's Format. */
export function formatNames(book: Pick<Book, 'pdf'> & { formats?: BookFormat[] }): string {
  return bookFormats(book)
    .map((format) => format.toUpperCase())
    .join(', ');
}

export interface BookDownload {
  format: BookFormat;
  url: string;
  /** "Download", or "Download PDF" / "Download EPUB" when there is a choice. */
  label: string;
  ariaLabel: string;
}

/** The files a reader may download: one per format (the PDF at its own address, the EPUB at /epub). */
export function bookDownloads(book: {
  _id: string;
  title: string;
  pdf: string | null;
  formats?: BookFormat[];
}): BookDownload[] {
  const formats = bookFormats(book);
  const choice = formats.length > 1;
  return formats.flatMap((format): BookDownload[] => {
    const url = format === 'pdf' ? book.pdf : `/api/books/${encodeURIComponent(book._id)}/epub`;
    if (!url) return [];
    const name = format.toUpperCase();
    return [
      {
        format,
        url,
        label: choice ? `Download ${name}` : 'Download',
        ariaLabel: choice ? `Download ${book.title} as ${name}` : `Download ${book.title}`,
      },
    ];
  });
}
