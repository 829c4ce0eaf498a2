/**
 * Typed errors thrown by services. The error handler turns each into `{ msg, code }` with its status;
 * `code` is one of the catalogue's (`ERROR_CODES` in @ebook/shared), so a new code is added there first.
 */
import type { ErrorCode } from '@ebook/shared';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, code: ErrorCode = 'BAD_REQUEST', details?: unknown) =>
  new AppError(400, code, msg, details);
export const unauthorized = (msg = 'Please log in to continue.', code: ErrorCode = 'UNAUTHORIZED') =>
  new AppError(401, code, msg);
export const paymentRequired = (msg: string, code: ErrorCode = 'PAYMENT_DECLINED') => new AppError(402, code, msg);
export const forbidden = (msg = 'You are not allowed to do this.', code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, msg);
export const notFound = (msg = 'Not found.', code: ErrorCode = 'NOT_FOUND') => new AppError(404, code, msg);
export const conflict = (msg: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, msg);
export const preconditionFailed = (msg: string, code: ErrorCode = 'PRECONDITION_FAILED') =>
  new AppError(412, code, msg);
export const payloadTooLarge = (msg: string, code: ErrorCode = 'PAYLOAD_TOO_LARGE') => new AppError(413, code, msg);
export const unsupportedMediaType = (msg: string, code: ErrorCode = 'UNSUPPORTED_MEDIA_TYPE') =>
  new AppError(415, code, msg);
export const unprocessable = (msg: string, code: ErrorCode = 'UNPROCESSABLE') => new AppError(422, code, msg);
export const tooManyRequests = (msg: string, code: ErrorCode = 'RATE_LIMITED') => new AppError(429, code, msg);
export const unavailable = (msg = 'Service temporarily unavailable.', code: ErrorCode = 'UNAVAILABLE') =>
  new AppError(503, code, msg);

/** An error and the errors it wraps (`cause`), outermost first: drivers wrap the error that tells. */
export function* causes(error: unknown, depth = 5): Generator<Error> {
  for (let current = error; current instanceof Error && depth > 0; depth -= 1) {
    yield current;
    current = current.cause;
  }
}
