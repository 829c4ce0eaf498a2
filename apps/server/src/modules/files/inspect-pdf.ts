/**
 * Inspection of an uploaded PDF (run in the document pool, never on the request thread): the file must
 * parse with pdf-lib within limits on objects, pages and nesting, and not be encrypted (samples and
 * stamped copies are made from it). Answers the page count and the title and author it declares.
 *
 * The object count is first estimated from the raw bytes (a scan for "n g obj" and the counts of object
 * streams), so a file of millions of tiny objects is refused before the parser builds any of them.
 */
import { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { DocumentRefusal } from '../../lib/document-refusal.js';
import type { PdfFacts } from './document-job-types.js';

export const PDF_LIMITS = {
  /** Indirect objects (a 1,000-page book with images has a few tens of thousands). */
  maxObjects: 250_000,
  maxPages: 5_000,
  /** Arrays and dictionaries inside one another within one object. */
  maxDepth: 64,
  /** Tokens outside streams (names, numbers, brackets): what the parser builds an object for each. */
  maxTokens: 4_000_000,
};

/** A rule the PDF breaks, answered as 422 with its code. */
export class PdfRefusal extends DocumentRefusal {}

const TOO_COMPLEX = 'The PDF is too complex to be processed (too many objects, pages or levels).';

export async function inspectPdf(bytes: Uint8Array, limits = PDF_LIMITS): Promise<PdfFacts> {
  if (estimateObjects(bytes) > limits.maxObjects) throw new PdfRefusal('PDF_TOO_COMPLEX', TOO_COMPLEX);
  if (countTokens(bytes, limits.maxTokens) > limits.maxTokens) throw new PdfRefusal('PDF_TOO_COMPLEX', TOO_COMPLEX);
  const doc = await loadUntrusted(bytes);
  const objects = doc.context.enumerateIndirectObjects();
  if (objects.length > limits.maxObjects) throw new PdfRefusal('PDF_TOO_COMPLEX', TOO_COMPLEX);
  for (const [, object] of objects) {
    if (depthOf(object, limits.maxDepth) > limits.maxDepth) throw new PdfRefusal('PDF_TOO_COMPLEX', TOO_COMPLEX);
  }
  const pages = doc.getPageCount();
  if (pages > limits.maxPages) throw new PdfRefusal('PDF_TOO_COMPLEX', TOO_COMPLEX);
  if (pages < 1) throw new PdfRefusal('PDF_UNREADABLE', 'The PDF has no pages.');
  return { pages, title: clean(doc.getTitle()), author: clean(doc.getAuthor()) };
}

/** pdf-lib's reading of a file, with its errors turned into refusals. */
export async function loadUntrusted(bytes: Uint8Array): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    if (error instanceof EncryptedPDFError) {
      throw new PdfRefusal('PDF_ENCRYPTED', 'The PDF is encrypted; upload it without a password or restrictions.');
    }
    if (error instanceof RangeError) throw new PdfRefusal('PDF_TOO_COMPLEX', TOO_COMPLEX);
    throw new PdfRefusal('PDF_UNREADABLE', 'The PDF cannot be read; it may be damaged.');
  }
  if (!doc.catalog.get(PDFName.of('Pages')) || doc.getPageCount() < 1) {
    throw new PdfRefusal('PDF_UNREADABLE', 'The PDF cannot be read; it has no pages.');
  }
  return doc;
}

/** Objects the file declares: "n g obj" headers plus the objects packed in object streams. */
function estimateObjects(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let count = 0;
  const header = /\d\s+\d+\s+obj\b/g;
  while (header.exec(text)) count += 1;
  const packed = /\/Type\s*\/ObjStm/g;
  for (let match = packed.exec(text); match; match = packed.exec(text)) {
    const around = text.slice(Math.max(0, match.index - 200), match.index + 200);
    const n = /\/N\s+(\d+)/.exec(around);
    if (n) count += Number(n[1]);
  }
  return count;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Tokens outside streams (counted up to `limit` + 1): one array of millions of numbers has few
 * objects, but the parser would build millions. Stream contents are skipped (they are kept as bytes).
 */
function countTokens(bytes: Uint8Array, limit: number): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let tokens = 0;
  let position = 0;
  while (position < buffer.length && tokens <= limit) {
    const start = buffer.indexOf(STREAM, position);
    const end = start === -1 ? buffer.length : start;
    let inToken = false;
    for (let index = position; index < end; index += 1) {
      const byte = buffer[index]!;
      // Whitespace and delimiters end a token; brackets count as tokens of their own.
      const separator =
        byte <= 0x20 || byte === 0x2f || byte === 0x5b || byte === 0x5d || byte === 0x3c || byte === 0x3e;
      if (separator) {
        if (byte === 0x5b || byte === 0x5d) tokens += 1;
        inToken = false;
      } else if (!inToken) {
        tokens += 1;
        inToken = true;
      }
    }
    if (start === -1) break;
    const after = buffer.indexOf(END_STREAM, start + STREAM.length);
    position = after === -1 ? buffer.length : after + END_STREAM.length;
  }
  return tokens;
}

/** How deeply arrays and dictionaries nest in one object (counted up to `limit` + 1, without recursion). */
function depthOf(root: PDFObject, limit: number): number {
  let deepest = 0;
  const stack: [PDFObject, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [object, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const dict = object instanceof PDFRawStream ? object.dict : object;
    if (dict instanceof PDFDict) for (const [, value] of dict.entries()) stack.push([value, depth + 1]);
    else if (dict instanceof PDFArray) for (const value of dict.asArray()) stack.push([value, depth + 1]);
  }
  return deepest;
}

function clean(text: string | undefined): string | null {
  const trimmed = text
    ?.replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, 500);
  return trimmed ? trimmed : null;
}
