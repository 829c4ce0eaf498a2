/**
 * The server's logger settings: what a log line may carry. Secrets never reach the log: the
 * Authorization and Cookie headers are redacted, a signed link's signature is cut from the logged
 * URL, and a database error is logged without its bound parameters or details (which hold e-mails,
 * phones, password hashes).
 */
import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';

/** Query parameters that carry a credential; their values are replaced in logged URLs. */
const SECRET_QUERY = /([?&](?:sig|signature|token|access_token|key|password|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** A database error's fields that say what went wrong without saying with which values. */
const SAFE_DATABASE_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'] as const;

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  [key: string]: unknown;
}

function isDatabaseError(error: Record<string, unknown>): boolean {
  return 'params' in error || 'parameters' in error || ('severity' in error && 'routine' in error);
}

/** pino's error serializer, except that database errors keep only their safe fields. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const record = error as unknown as Record<string, unknown>;
  if (!isDatabaseError(record) && !(record.cause instanceof Error && depth < 3)) return stdSerializers.err(error);
  // Drizzle appends "params: …" to its message (and so to its stack).
  const message = error.message.split('\nparams:')[0]!;
  const logged: LoggedError = {
    type: error.constructor.name,
    message,
    stack: error.stack?.replace(error.message, message),
  };
  if (isDatabaseError(record)) {
    for (const field of SAFE_DATABASE_FIELDS) if (record[field] !== undefined) logged[field] = record[field];
  } else {
    for (const [key, value] of Object.entries(record)) if (key !== 'cause') logged[key] = value;
  }
  if (record.cause !== undefined && depth < 3) logged.cause = serializeError(record.cause, depth + 1);
  return logged;
}

export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: serializeRequest as (value: unknown) => unknown,
      err: serializeError,
    },
  };
}
