/**
 * Whether an error means the database cannot be reached right now (down, restarting, the connection
 * cut), as opposed to a query's own fault. Such a request fails fast with 503 and the pool reconnects
 * by itself once the database is back.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// SQLSTATE class 08 (connection exception) and 57P01–57P03 (shut down, crash, starting up).
const SQLSTATE = /^(08\d{3}|57P0[1-3])$/;
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error|not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
