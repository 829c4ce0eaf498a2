/** Business constants of the store, shared by the server and the web app. */

export const PAGE_SIZE = {
  library: 9,
  home: 12,
  adminBooks: 5,
  members: 5,
  adminOrders: 20,
  userBooks: 5,
  max: 100,
} as const;

/** The library's price filter. A plain list, so the library page checks it without loading zod. */
export const BOOK_TYPES = ['all', 'free', 'paid'] as const;
export const SEARCH_DEBOUNCE_MS = 300;
export const CAROUSEL_INTERVAL_MS = 3000;
export const CAROUSEL_VISIBLE = 4;
export const BOOK_SAVED_REDIRECT_MS = 2000;
export const RECENT_ORDERS_DAYS = 2;
export const NAV_SCROLL_THRESHOLD_PX = 10;

export const PASSWORD_MIN_LENGTH = 8;
/** The phone fields' country until the store says otherwise (DEFAULT_COUNTRY on the server). */
export const DEFAULT_PHONE_COUNTRY = 'lk';

export const CARD_NUMBER_DIGITS = 16;
export const CARD_NUMBER_INPUT_MAX = 19;
export const EXPIRY_INPUT_MAX = 5;
export const EXPIRY_MIN_YEAR = 26;
export const CVV_LENGTH = 3;

export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const PDF_MAX_BYTES = 100 * 1024 * 1024;
export const EPUB_MAX_BYTES = 100 * 1024 * 1024;
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Category suggestions offered by the book form (specification, Book form). */
export const CATEGORY_SUGGESTIONS = [
  'Arts & Photography',
  'Biographies & Memoirs',
  'Christian Books & Bibles',
  'Research & Publishing Guides',
  'Sports & Outdoors',
  'Food & Drink',
] as const;

/**
 * 'unlisted': a book someone owns that the admin deleted. It left the catalogue for good (no new
 * sales), but its owners keep reading and downloading it.
 * 'incomplete': an imported book that needs a file (its PDF or cover); not listed until the admin adds
 * it with the edit form, which then makes it 'added'.
 */
export const BOOK_STATUSES = ['added', 'pending', 'approved', 'rejected', 'unlisted', 'incomplete'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];
/**
 * Statuses a visitor can see in the public catalogue: the one statement of "public" for the server's
 * access policy (apps/server/src/modules/books/books.policy.ts), its SQL and partial indexes, and the web.
 */
export const PUBLIC_BOOK_STATUSES: readonly BookStatus[] = ['added', 'approved'];

export function isPublicStatus(status: BookStatus): boolean {
  return PUBLIC_BOOK_STATUSES.includes(status);
}

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];
