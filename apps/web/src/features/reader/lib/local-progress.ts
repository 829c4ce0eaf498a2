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
