/**
 * Reads the body of POST /api/books and PUT /api/books/{id}: either multipart (our web app, files
 * streamed straight to the file store) or JSON with the files as data URLs / base64 (the
 * specification's client). Files are staged on disk and checked by content; the caller commits or
 * discards them.
 */
import type { FastifyRequest } from 'fastify';
import type { DocumentJobs } from '../files/document-jobs.js';
import { inspectEpubUpload, inspectUpload, type InspectedEpub, type InspectedPdf } from '../files/inspect-upload.js';
import { badRequest } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { assertValidText } from '../../plugins/text-guard.js';
import { sameFormat } from '../../lib/images.js';
import {
  acceptFile,
  acceptImage,
  decodeBase64File,
  type AcceptedFile,
  type AcceptedImage,
} from '../files/files.service.js';

export type StagedCover = AcceptedImage;

export interface BookInput {
  /** Raw fields, validated later with bookFieldsSchema. */
  fields: Record<string, unknown>;
  cover?: StagedCover;
  /** Inspected in the document pool: readable within the limits, with its page count. */
  pdf?: InspectedPdf | AcceptedFile;
  /** Inspected in the document pool: a safe, valid EPUB, with its metadata. */
  epub?: InspectedEpub | AcceptedFile;
}

/** Drops every staged file (on any failure of the request). */
export async function discardInput(input: Partial<BookInput>): Promise<void> {
  await Promise.all([input.cover?.discard(), input.pdf?.discard(), input.epub?.discard()]);
}

/**
 * The body's fields and files; a PDF and an EPUB are inspected (document pool) before the function
 * returns, and refused with 422 (and every staged file discarded) when they break a rule.
 */
export async function readBookInput(request: FastifyRequest, store: FileStore, jobs: DocumentJobs): Promise<BookInput> {
  const input = request.isMultipart() ? await readMultipart(request, store) : await readJson(request.body, store);
  try {
    if (input.pdf) input.pdf = await inspectUpload(jobs, input.pdf);
    if (input.epub) input.epub = await inspectEpubUpload(jobs, input.epub);
  } catch (error) {
    await discardInput(input);
    throw error;
  }
  return input;
}

const TEXT_FIELDS = ['title', 'author', 'category', 'price', 'story', 'description', 'status', 'samplePages'];

async function readMultipart(request: FastifyRequest, store: FileStore): Promise<BookInput> {
  const input: BookInput = { fields: {} };
  const meta: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'image') {
          if (input.cover) throw badRequest('Only one cover image may be sent.');
          input.cover = await stageCover(store, part.file);
        } else if (part.fieldname === 'pdf') {
          if (input.pdf) throw badRequest('Only one PDF may be sent.');
          input.pdf = await acceptFile(store, part.file, 'pdf');
        } else if (part.fieldname === 'epub') {
          if (input.epub) throw badRequest('Only one EPUB may be sent.');
          input.epub = await acceptFile(store, part.file, 'epub');
        } else {
          part.file.resume();
          throw badRequest(`Unexpected file field ${part.fieldname}.`);
        }
        continue;
      }
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      assertValidText(value, part.fieldname);
      if (part.fieldname === 'meta') {
        Object.assign(meta, parseMetaJson(value));
      } else if (part.fieldname.startsWith('meta.') || /^meta\[\w+\]$/.test(part.fieldname)) {
        const key = part.fieldname.replace(/^meta\.|^meta\[|\]$/g, '');
        if (value !== '') meta[key] = value;
      } else if (TEXT_FIELDS.includes(part.fieldname)) {
        input.fields[part.fieldname] = value;
      }
      // Unknown text fields (e.g. image/pdf as the current URL) are ignored.
    }
  } catch (error) {
    await discardInput(input);
    throw error;
  }
  input.fields.meta = meta;
  return input;
}

async function readJson(body: unknown, store: FileStore): Promise<BookInput> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Send the book as JSON or multipart.');
  const raw = body as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) if (raw[name] !== undefined) fields[name] = raw[name];
  fields.meta = typeof raw.meta === 'string' ? parseMetaJson(raw.meta) : (raw.meta ?? {});
  const input: BookInput = { fields };
  try {
    const image = fileField(raw.image, 'image');
    if (image) input.cover = await stageCover(store, decodeBase64File(image, 'image'));
    const pdf = fileField(raw.pdf, 'pdf');
    if (pdf) input.pdf = await acceptFile(store, decodeBase64File(pdf, 'pdf'), 'pdf');
    const epub = fileField(raw.epub, 'epub');
    if (epub) input.epub = await acceptFile(store, decodeBase64File(epub, 'epub'), 'epub');
  } catch (error) {
    await discardInput(input);
    throw error;
  }
  return input;
}

/** A file field's new content, or undefined when absent, empty, or the book's own current URL. */
function fileField(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a data URL or base64 text.`, 'INVALID_FILE');
  if (value.startsWith('/api/books/') || value.startsWith('http://') || value.startsWith('https://')) return undefined;
  return value;
}

function parseMetaJson(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw badRequest('meta must be a JSON object.', 'INVALID_META');
}

/**
 * Stages a cover: it must really decode as an image (magic bytes alone can lie) within the pixel
 * limit, and is kept re-encoded in its own format, without metadata (no EXIF or GPS position).
 */
async function stageCover(store: FileStore, source: Parameters<typeof acceptFile>[1]): Promise<StagedCover> {
  return acceptImage(store, source, 'cover', sameFormat);
}

/**
 * POST /api/books/epub-metadata: the multipart field `epub`, checked like an upload (document pool),
 * answered as its metadata. Nothing is kept: the staged file is discarded in every case.
 */
export async function readEpubMetadata(request: FastifyRequest, store: FileStore, jobs: DocumentJobs) {
  if (!request.isMultipart()) throw badRequest('Send the EPUB as multipart/form-data (field epub).');
  let staged: AcceptedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'epub' || staged) {
        part.file.resume();
        throw badRequest(staged ? 'Only one EPUB may be sent.' : `Unexpected file field ${part.fieldname}.`);
      }
      staged = await acceptFile(store, part.file, 'epub');
    }
    if (!staged) throw badRequest('Send the EPUB in the field epub.', 'VALIDATION_ERROR');
    const inspected = await inspectEpubUpload(jobs, staged);
    return inspected.metadata;
  } finally {
    await staged?.discard();
  }
}
