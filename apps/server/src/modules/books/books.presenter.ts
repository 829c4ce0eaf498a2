import { averageRating, centsToAmount, type Book, type BookFormat, type BookSuggestion } from '@ebook/shared';
import type { BookRow } from '../../db/schema/index.js';

/**
 * The fields of a book the API returns. `pdf` is the download address; the server decides access.
 * `submittedBy` (admin lists) is the submitter's name, 'Admin' when an admin added the book (no
 * submitter, or an admin submitter), 'Unknown' when the account is gone; the server decides it.
 */
export function presentBook(
  book: Omit<BookRow, 'searchVector' | 'titleKey'>,
  extra: { submittedBy?: string | null } = {},
): Book {
  return {
    _id: book.id,
    title: book.title,
    author: book.author,
    category: book.category,
    price: centsToAmount(book.priceCents),
    priceCents: book.priceCents,
    isFree: book.priceCents === 0,
    story: book.story,
    description: book.description,
    image: book.coverFileId ? `/api/books/${book.id}/cover` : null,
    thumbnail: book.coverFileId ? `/api/books/${book.id}/cover?size=card&v=${coverVersion(book.coverFileId)}` : null,
    pdf: book.pdfFileId ? `/api/books/${book.id}/pdf` : null,
    formats: formatsOf(book),
    sample: sampleUrl(book),
    samplePages: book.samplePages,
    status: book.status,
    rating: { average: averageRating(book.reviewCount, book.ratingTotal), count: book.reviewCount },
    userId: book.userId,
    ...(extra.submittedBy !== undefined && { submittedBy: extra.submittedBy }),
    meta: book.meta,
    version: book.version,
    rejectionReason: book.rejectionReason,
    createdAt: book.createdAt.toISOString(),
    updatedAt: book.updatedAt.toISOString(),
  };
}

/** The formats of the files the book has, PDF first. */
export function formatsOf(book: Pick<BookRow, 'pdfFileId' | 'epubFileId'>): BookFormat[] {
  const formats: BookFormat[] = [];
  if (book.pdfFileId) formats.push('pdf');
  if (book.epubFileId) formats.push('epub');
  return formats;
}

/** The sample's address while a sample is or can be made (cut on its first request), else null. */
export function sampleUrl(book: Pick<BookRow, 'id' | 'pdfFileId' | 'sampleStatus'>): string | null {
  return book.pdfFileId && book.sampleStatus !== 'failed' ? `/api/books/${book.id}/sample` : null;
}

/** A search-as-you-type suggestion: enough to show a small cover, the title and the author. */
export function presentSuggestion(book: {
  id: string;
  title: string;
  author: string;
  coverFileId: string | null;
}): BookSuggestion {
  return {
    _id: book.id,
    title: book.title,
    author: book.author,
    thumbnail: book.coverFileId ? `/api/books/${book.id}/cover?size=card&v=${coverVersion(book.coverFileId)}` : null,
  };
}

/** A book with its submitter's name, for the admin's and the member's lists. */
export function presentSubmitted(row: {
  book: Omit<BookRow, 'searchVector' | 'titleKey'>;
  submitterName: string | null;
  submitterRole: 'admin' | 'member' | null;
}): Book {
  const submittedBy = !row.book.userId || row.submitterRole === 'admin' ? 'Admin' : (row.submitterName ?? 'Unknown');
  return presentBook(row.book, { submittedBy });
}

/** Names the cover's content in thumbnail URLs, so they can be cached for a year. */
export function coverVersion(coverFileId: string): string {
  return coverFileId.replaceAll('-', '').slice(-10);
}
