/** A visitor's place in each book, kept in this browser only (members keep theirs on the server). */
const key = (bookId: string) => `reading:${bookId}`;

export function readLocalPage(bookId: string): number | null {
  try {
    const raw = localStorage.getItem(key(bookId));
    const page = raw ? (JSON.parse(raw) as { page?: unknown }).page : null;
    return typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : null;
  } catch {
    return null;
  }
}

export function writeLocalPage(bookId: string, page: number, pages: number): void {
  try {
    localStorage.setItem(key(bookId), JSON.stringify({ page, pages, at: Date.now() }));
  } catch {
    // Storage full or disabled: the place is simply not kept.
  }
}

const epubKey = (bookId: string) => `reading-epub:${bookId}`;

/** A visitor's place in an EPUB (a CFI locator and the share read). */
export function readLocalEpubPlace(bookId: string): { locator: string; percentage: number } | null {
  try {
    const raw = localStorage.getItem(epubKey(bookId));
    const place = raw ? (JSON.parse(raw) as { locator?: unknown; percentage?: unknown }) : null;
    if (!place || typeof place.locator !== 'string' || !place.locator.startsWith('epubcfi(')) return null;
    return { locator: place.locator, percentage: typeof place.percentage === 'number' ? place.percentage : 0 };
  } catch {
    return null;
  }
}

export function writeLocalEpubPlace(bookId: string, locator: string, percentage: number): void {
  try {
    localStorage.setItem(epubKey(bookId), JSON.stringify({ locator, percentage, at: Date.now() }));
  } catch {
    // Storage full or disabled: the place is simply not kept.
  }
}
