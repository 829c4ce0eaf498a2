/**
 * Short-lived signed download links: a URL of GET /api/books/:id/pdf (or /epub) that downloads as the
 * member it was made for (or as a visitor) without a session. The format is signed: a link to the PDF
 * does not open the EPUB.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BookFormat } from '@ebook/shared';

/** Signed download links live this long. */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

function signature(
  secret: string,
  format: BookFormat,
  bookId: string,
  userId: string | undefined,
  expires: number,
): string {
  const subject = userId ? `${format}:${bookId}:${userId}:${expires}` : `${format}:${bookId}:${expires}`;
  return createHmac('sha256', secret).update(subject).digest('base64url');
}

/**
 * A link that downloads as `userId` (a visitor's link: only what anyone may download). The right is
 * checked again when the link is used, so a member who is deleted (or loses the book) takes every
 * link made for them along.
 */
export function signDownload(
  secret: string,
  bookId: string,
  userId?: string,
  now = Date.now(),
  format: BookFormat = 'pdf',
) {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
  const sig = signature(secret, format, bookId, userId, expires);
  const user = userId ? `&u=${userId}` : '';
  return {
    url: `/api/books/${bookId}/${format}?exp=${expires}&sig=${sig}${user}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function verifyDownload(
  secret: string,
  {
    bookId,
    userId,
    expires,
    sig,
    format = 'pdf',
  }: { bookId: string; userId: string | undefined; expires: number; sig: string; format?: BookFormat },
): boolean {
  if (expires * 1000 < Date.now()) return false;
  const expected = Buffer.from(signature(secret, format, bookId, userId, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
