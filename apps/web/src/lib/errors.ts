/**
 * What a dialog says when a request fails, in one place. It is chosen by the error's code (the
 * catalogue in @ebook/shared) and status, never by the wording of its message: the server's `msg` is
 * shown as it is unless the specification words that code differently.
 */
import { ApiError, type ApiErrorCode } from './api-client';

/** The specification's own text for a code, where it is not the server's `msg`. */
const DIALOG_TEXTS: Partial<Record<ApiErrorCode, string>> = {
  IDEMPOTENCY_KEY_REUSED:
    'This payment was already started with different details. Please review your order and pay again.',
};

/**
 * Server failures (5xx) whose `msg` is still written for the member: the payment may yet complete, and
 * trying again is safe.
 */
const EXPLAINED_FAILURES: ReadonlySet<ApiErrorCode> = new Set(['ORDER_PENDING', 'PAYMENT_UNAVAILABLE']);

/** The error's code when it is the API's answer (or the network's failure), else undefined. */
export function errorCode(error: unknown): ApiErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * The text for a refusal the server explained (a 4xx, or one of the explained failures); undefined
 * for a server error or an unreachable server, where the dialog says its own fallback:
 * `errorText(error) ?? 'Server error. Please try again later.'`.
 */
export function errorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const refused = error.status > 0 && error.status < 500;
  return refused || EXPLAINED_FAILURES.has(error.code) ? textOf(error) : undefined;
}

/**
 * The failure in its own words, whatever it was (a refusal, a server error, the network), for the
 * small print under a dialog's title and text; undefined when it is not the API's.
 */
export function errorReason(error: unknown): string | undefined {
  return error instanceof ApiError ? textOf(error) : undefined;
}

const textOf = (error: ApiError) => DIALOG_TEXTS[error.code] ?? error.message;
