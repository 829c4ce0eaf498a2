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
import { openEpub } from '../files/inspect-epub.js';
import { EpubRefusal, writeEpubArchive } from '../files/epub-archive.js';
import { footerText, type Stamp } from './stamp-pdf.js';

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An XHTML content document of the package's EPUB version (XHTML 1.1 for EPUB 2, HTML5 for EPUB 3). */
export function xhtmlPage(version: string, { title, lang, body }: { title: string; lang: string; body: string }) {
  const epub3 = version.startsWith('3');
  const doctype = epub3
    ? '<!DOCTYPE html>'
    : '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">';
  const langAttributes = epub3 ? ` lang="${escapeXml(lang)}" xml:lang="${escapeXml(lang)}"` : '';
  return `<?xml version="1.0" encoding="utf-8"?>
${doctype}
<html xmlns="http://www.w3.org/1999/xhtml"${epub3 ? ' xmlns:epub="http://www.idpf.org/2007/ops"' : ''}${langAttributes}>
<head><title>${escapeXml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

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
<p>This copy of ${escapeXml(book.metadata.title || 'this book')} was sold to ${escapeXml(stamp.name)} (${escapeXml(stamp.email)}) on ${sold}, order ${escapeXml(stamp.orderId)}, by ${escapeXml(stamp.storeName)}.</p>
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
