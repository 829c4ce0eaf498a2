/**
 * Stamping a sold EPUB (in the document pool): a colophon page at the end of the reading order ("This
 * copy was sold to … · Order …") and the same facts in the package metadata (dc:rights, which readers
 * such as calibre show). Everything else of the book is kept byte for byte; only the package document
 * gains the entries and the archive is written again.
 *
 * The result depends only on the input and the stamp (no clock, fixed zip times), so stamping the same
 * copy twice gives the same bytes and the file store keeps one.
 */
import { posix } from 'node:path';
import { openEpub, EpubRefusal } from '../files/epub-documents.js';
import { escapeXml, writeEpubArchive, xhtmlPage } from '../../lib/epub-writer.js';
import { footerText, type Stamp } from './stamp.js';

/** Inserts `text` before the last closing tag `name` (with any namespace prefix) of the package document. */
export function insertBeforeClosing(opf: string, name: string, text: string): string {
  const pattern = new RegExp(`</(?:[\\w.-]+:)?${name}\\s*>`, 'g');
  let last: RegExpExecArray | null = null;
  for (let match = pattern.exec(opf); match; match = pattern.exec(opf)) last = match;
  if (!last) throw new EpubRefusal('EPUB_INVALID', `The EPUB is not valid: its package document has no ${name}.`);
  return opf.slice(0, last.index) + text + opf.slice(last.index);
}

/** The namespace prefix the package document uses for Dublin Core elements ('dc' as a rule). */
function dcPrefix(opf: string): string {
  const declared = /xmlns:([\w.-]+)\s*=\s*["']http:\/\/purl\.org\/dc\/elements\/1\.1\/?["']/.exec(opf);
  return declared?.[1] ?? 'dc';
}

/** A name not yet used by the archive or the manifest, beside the package document. */
function freeName(taken: (candidate: string) => boolean, base: string, extension: string): string {
  for (let index = 0; ; index += 1) {
    const candidate = index === 0 ? `${base}${extension}` : `${base}-${index}${extension}`;
    if (!taken(candidate)) return candidate;
  }
}

export async function stampEpub(bytes: Uint8Array, stamp: Stamp): Promise<Uint8Array> {
  const book = await openEpub(bytes);
  const ids = new Set(book.manifest.map((item) => item.id));
  const href = freeName(
    (candidate) => book.entries.has(posix.join(book.opfDir, candidate)),
    'store-colophon',
    '.xhtml',
  );
  const id = freeName((candidate) => ids.has(candidate), 'store-colophon', '');
  const sold = stamp.soldAt.toISOString().slice(0, 10);
  const page = xhtmlPage(book.version, {
    title: 'Colophon',
    lang: book.metadata.language || 'en',
    body: `<div>
<h1>This copy</h1>
<p>This copy of ${escapeXml(book.metadata.title || 'this book')} was sold to ${escapeXml(stamp.name)} (${escapeXml(stamp.email)}) on ${sold}, order ${escapeXml(stamp.orderNumber)}, by ${escapeXml(stamp.storeName)}.</p>
<p>It is for the buyer's personal use.</p>
</div>`,
  });
  const dc = dcPrefix(book.opf);
  let opf = insertBeforeClosing(book.opf, 'metadata', `<${dc}:rights>${escapeXml(footerText(stamp))}</${dc}:rights>\n`);
  opf = insertBeforeClosing(opf, 'manifest', `<item id="${id}" href="${href}" media-type="application/xhtml+xml"/>\n`);
  opf = insertBeforeClosing(opf, 'spine', `<itemref idref="${id}"/>\n`);
  const entries: [string, Buffer][] = [];
  for (const [name, content] of book.entries) {
    entries.push([name, name === book.opfPath ? Buffer.from(opf, 'utf8') : content]);
  }
  entries.push([posix.join(book.opfDir, href), Buffer.from(page, 'utf8')]);
  return writeEpubArchive(entries);
}
