/**
 * The error catalogue: every `code` the API answers with, and the one shape of an error answer. The
 * server's AppError takes only these codes, the OpenAPI document declares the shape for every
 * operation, and the web app chooses its dialogs by code, never by the message's wording. The shape
 * (zod) is in schemas/error-response.ts: the web app's first load needs the codes, not zod.
 */
export const ERROR_CODES = [
  // Any route: the request itself, the session, the framework's and the error handler's own answers.
  'BAD_REQUEST',
  'BAD_URL',
  'URI_TOO_LONG',
  'VALIDATION_ERROR',
  'INVALID_TEXT',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'FOREIGN_ORIGIN',
  'NOT_FOUND',
  'CONFLICT',
  'UNPROCESSABLE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RANGE_NOT_SATISFIABLE',
  'PRECONDITION_FAILED',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  'INSUFFICIENT_STORAGE',
  // Accounts, sessions and passwords.
  'INVALID_CREDENTIALS',
  'WEAK_PASSWORD',
  'SAME_PASSWORD',
  'RESET_TOKEN_INVALID',
  'RESET_TOKEN_USED',
  'RESET_TOKEN_EXPIRED',
  'USER_NOT_FOUND',
  'MEMBER_NOT_FOUND',
  'CANNOT_DELETE_SELF',
  'CANNOT_DELETE_ADMIN',
  'CANNOT_SUSPEND_ADMIN',
  'ACCOUNT_SUSPENDED',
  'TOO_MANY_APP_PASSWORDS',
  'APP_PASSWORD_NOT_FOUND',
  // Books, their files and uploads.
  'BOOK_NOT_FOUND',
  'BOOK_UNAVAILABLE',
  'BOOK_LOCKED',
  'BOOK_NOT_PENDING',
  'BOOK_CHANGED',
  'NOT_YOUR_BOOK',
  'NOT_PURCHASED',
  'CATEGORY_NOT_FOUND',
  'FILE_NOT_FOUND',
  'FILE_MISSING',
  'SAMPLE_UNAVAILABLE',
  'SAMPLE_RECUT_LIMIT',
  'PDF_UNREADABLE',
  'PDF_TOO_COMPLEX',
  'PDF_ENCRYPTED',
  'EPUB_UNREADABLE',
  'EPUB_TOO_LARGE',
  'EPUB_UNSAFE_PATH',
  'EPUB_ENCRYPTED',
  'EPUB_INVALID',
  'DOCUMENTS_BUSY',
  'COPY_PREPARING',
  'SAMPLE_PREPARING',
  'COPY_UNAVAILABLE',
  'LINK_REVOKED',
  'INVALID_FILE',
  'INVALID_META',
  'IMAGE_TOO_LARGE',
  'TOO_MANY_PENDING_BOOKS',
  'UPLOAD_QUOTA_EXCEEDED',
  'TOO_MANY_UPLOADS',
  'UPLOADS_BUSY',
  'PAGE_TOO_DEEP',
  'SEARCH_RATE_LIMITED',
  // Cart, wishlist, reviews.
  'BOOK_IS_FREE',
  'ALREADY_OWNED',
  'ALREADY_IN_CART',
  'NOT_IN_CART',
  'CART_CHANGED',
  'NOT_IN_WISHLIST',
  'NOT_OWNED',
  'ALREADY_REVIEWED',
  'CANNOT_REVIEW_OWN_BOOK',
  'REVIEW_NOT_FOUND',
  // Cards, checkout and payment.
  'CARD_NOT_FOUND',
  'CARD_ALREADY_SAVED',
  'CARD_NUMBER_INVALID',
  'CVV_INVALID',
  'CARD_DECLINED',
  'INSUFFICIENT_FUNDS',
  'PAYMENT_DECLINED',
  'PAYMENT_UNAVAILABLE',
  'PAYMENT_REFUNDED',
  'ORDER_PENDING',
  'CHECKOUT_EXPIRED',
  'TOTAL_MISMATCH',
  'IDEMPOTENCY_KEY_REUSED',
  // Orders and refunds, for the admin.
  'ORDER_NOT_FOUND',
  'ALREADY_REFUNDED',
  'REFUND_UNAVAILABLE',
  // Messages and notifications.
  'MESSAGE_NOT_FOUND',
  'NOTIFICATION_NOT_FOUND',
  // Catalogue imports.
  'IMPORT_UNREADABLE',
  'IMPORT_NOT_FOUND',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const errorCodes: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && errorCodes.has(value);
}
