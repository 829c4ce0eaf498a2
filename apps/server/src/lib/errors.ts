/**
 * Typed errors thrown by services. The error handler turns each into `{ msg, code }` with its status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, code = 'BAD_REQUEST', details?: unknown) =>
  new AppError(400, code, msg, details);
export const unauthorized = (msg = 'Please log in to continue.', code = 'UNAUTHORIZED') => new AppError(401, code, msg);
export const forbidden = (msg = 'You are not allowed to do this.', code = 'FORBIDDEN') => new AppError(403, code, msg);
export const notFound = (msg = 'Not found.', code = 'NOT_FOUND') => new AppError(404, code, msg);
export const conflict = (msg: string, code = 'CONFLICT') => new AppError(409, code, msg);
export const payloadTooLarge = (msg: string, code = 'PAYLOAD_TOO_LARGE') => new AppError(413, code, msg);
export const unsupportedMediaType = (msg: string, code = 'UNSUPPORTED_MEDIA_TYPE') => new AppError(415, code, msg);
export const unprocessable = (msg: string, code = 'UNPROCESSABLE') => new AppError(422, code, msg);
export const paymentRequired = (msg: string, code = 'PAYMENT_DECLINED') => new AppError(402, code, msg);
export const tooManyRequests = (msg: string, code = 'RATE_LIMITED') => new AppError(429, code, msg);
export const unavailable = (msg = 'Service temporarily unavailable.', code = 'UNAVAILABLE') =>
  new AppError(503, code, msg);

/** An error and the errors it wraps (`cause`), outermost first: drivers wrap the error that tells. */
export function* causes(error: unknown, depth = 5): Generator<Error> {
  for (let current = error; current instanceof Error && depth > 0; depth -= 1) {
    yield current;
    current = current.cause;
  }
}
