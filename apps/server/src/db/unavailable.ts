/**
 * Whether an error means the database cannot be reached right now (down, restarting, the connection
 * cut), as opposed to a query's own fault. Such a request fails fast with 503 and the pool reconnects
 * by itself once the database is back.
 */
import { causes } from '../lib/errors.js';

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// SQLSTATE class 08 (connection exception) and 57P01–57P03 (shut down, crash, starting up).
const SQLSTATE = /^(08\d{3}|57P0[1-3])$/;
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error|not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  return [...causes(error)].some((cause) => {
    const code = (cause as { code?: unknown }).code;
    return (
      (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) || MESSAGES.test(cause.message)
    );
  });
}
