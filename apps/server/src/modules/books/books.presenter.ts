import { centsToAmount, type Book } from '@ebook/shared';
import type { BookRow } from '../../db/schema/index.js';

/** The fields of a book the API returns. `pdf` is the download address; the server decides access. */
export function presentBook(book: BookRow, extra: { submittedBy?: string | null } = {}): Book {
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
    thumbnail: book.coverFileId ? `/api/books/${book.id}/cover?size=card` : null,
    pdf: book.pdfFileId ? `/api/books/${book.id}/pdf` : null,
    status: book.status,
    userId: book.userId,
    ...(extra.submittedBy !== undefined && { submittedBy: extra.submittedBy }),
    meta: book.meta,
    createdAt: book.createdAt.toISOString(),
    updatedAt: book.updatedAt.toISOString(),
  };
}
