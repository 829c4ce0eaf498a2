/**
 * How a file goes over HTTP, for every file the store serves (books, stamped copies, samples, covers,
 * thumbnails, profile pictures): a strong ETag named by the content and a Last-Modified date, the
 * conditional requests of RFC 9110 (304, 412, If-Range), one byte range (206, 416), and the
 * Content-Disposition of a downloaded book.
 */
import type { Readable } from 'node:stream';
import type { ErrorResponse } from '@ebook/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preconditionFailed } from '../../lib/errors.js';
import { evaluatePreconditions, ifRangeAllowsRange, lastModifiedSeconds } from './conditional-requests.js';

export interface ByteRange {
  start: number;
  end: number;
}

export interface FileResponse {
  /** The strong entity tag: see contentTag. */
  etag: string;
  /** When what this URL sends last changed (a later date is safe: it only costs a download). */
  lastModified: Date;
  size: number;
  contentType: string;
  cacheControl: string;
  disposition?: string;
  /** The bytes: all of them, or one range. */
  body(range?: ByteRange): Readable | Buffer;
}

/** The strong entity tag of stored content: files are named by their SHA-256, so new bytes, new tag. */
export function contentTag(sha256: string): string {
  return `"${sha256.slice(0, 32)}"`;
}

/** The latest of some dates (the moments that may have changed what a URL sends). */
export function latest(...dates: Date[]): Date {
  return new Date(Math.max(...dates.map((date) => date.getTime())));
}

/**
 * Sends a file as RFC 9110 says: 412 PRECONDITION_FAILED when If-Match or If-Unmodified-Since fails,
 * 304 when If-None-Match or If-Modified-Since says the client has it, the range a GET asks for (206,
 * or 416 outside the file) unless an If-Range names something else, and otherwise the whole file.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileResponse): FastifyReply {
  const now = new Date();
  const validators = { etag: file.etag, lastModified: file.lastModified };
  const precondition = evaluatePreconditions(request.headers, request.method, validators, now);
  if (precondition === 'failed') {
    throw preconditionFailed('The file has changed since you last fetched it.');
  }
  // Range is defined for GET only (a HEAD answers as the whole file would).
  const range =
    request.method === 'GET' && ifRangeAllowsRange(request.headers, validators)
      ? parseRange(request.headers.range, file.size)
      : null;
  if (precondition === 'send' && range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${file.size}`)
      .send({ msg: 'The requested range is not in the file.', code: 'RANGE_NOT_SATISFIABLE' } satisfies ErrorResponse);
  }
  reply
    .header('ETag', file.etag)
    .header('Last-Modified', new Date(lastModifiedSeconds(file.lastModified, now) * 1000).toUTCString())
    .header('Cache-Control', file.cacheControl)
    .header('Accept-Ranges', 'bytes');
  if (precondition === 'not-modified') return reply.status(304).send();
  reply.header('Content-Type', file.contentType);
  if (file.disposition) reply.header('Content-Disposition', file.disposition);
  if (!range || range === 'unsatisfiable') return reply.header('Content-Length', file.size).send(file.body());
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(file.body(range));
}

/** A safe ASCII file name for Content-Disposition, plus the exact title in RFC 5987 form. */
export function bookDisposition(title: string, extension: 'pdf' | 'epub' = 'pdf'): string {
  const ascii =
    title
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\/:*?<>|%;]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150) || 'book';
  const full = encodeURIComponent(`${title.replace(/[\r\n/\\]/g, ' ').trim() || 'book'}.${extension}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${full}`;
}

/** Parses a single `bytes=` range; null = no usable range header, 'unsatisfiable' = 416. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // several ranges or another unit: send the whole file
  const [, first, last] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
