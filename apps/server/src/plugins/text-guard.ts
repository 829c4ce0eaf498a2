/**
 * One rule for text at the edge: no NUL character and no lone surrogate (text that is not valid
 * Unicode) in any path parameter, query, JSON body string or key, header, or multipart field.
 * PostgreSQL cannot store a NUL ("invalid byte sequence for encoding UTF8: 0x00", a 500) and a lone
 * surrogate would be silently replaced, so both are refused with 400 before validation runs.
 * Multipart fields are read inside the handler; readers call `assertValidText` on each.
 */
import { Stream } from 'node:stream';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.js';

const MAX_DEPTH = 32;

function isInvalidText(value: string): boolean {
  return value.includes('\0') || !(value as string & { isWellFormed(): boolean }).isWellFormed();
}

/** The path of the first invalid string in a parsed value, or undefined when all text is valid. */
function findInvalidText(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isInvalidText(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  // A body read as a stream (a catalogue CSV) is checked by its reader, row by row.
  if (Buffer.isBuffer(value) || value instanceof Stream) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (isInvalidText(key)) return innerPath;
    const found = findInvalidText(inner, innerPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function invalidText(where: string) {
  return badRequest(`${where} contains a character that is not allowed (NUL or invalid Unicode).`, 'INVALID_TEXT');
}

/** For text read outside the hooks (multipart fields). */
export function assertValidText(value: string, field: string): void {
  if (isInvalidText(value)) throw invalidText(field);
}

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const where =
        findInvalidText(request.params, 'path') ??
        findInvalidText(request.query, 'query') ??
        findInvalidText(request.body, 'body') ??
        findInvalidText(request.headers, 'header');
      if (where !== undefined) throw invalidText(where);
    });
  },
  { name: 'text-guard' },
);
