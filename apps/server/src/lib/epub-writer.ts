/**
 * Writing EPUB files: the zip container (`mimetype` first and stored, fixed times: the same input gives
 * the same bytes) and XHTML content documents. Used by the demo catalogue, samples and stamped copies.
 */
import type { Readable } from 'node:stream';
import yazl from 'yazl';

export const EPUB_MIMETYPE = 'application/epub+zip';

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

/** A fixed date for every entry the store writes: the same input makes the same bytes. */
const FIXED_TIME = new Date(Date.UTC(2000, 0, 1));

/**
 * Writes an EPUB: `mimetype` first and stored (the EPUB rule), then the other entries deflated, in
 * the order given, with fixed times (deterministic output).
 */
export async function writeEpubArchive(entries: Iterable<[string, Buffer]>): Promise<Uint8Array> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(EPUB_MIMETYPE), 'mimetype', { compress: false, mtime: FIXED_TIME });
  for (const [name, content] of entries) {
    if (name === 'mimetype') continue;
    zip.addBuffer(content, name, { compress: true, mtime: FIXED_TIME });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  const whole = Buffer.concat(chunks);
  // A buffer of its own, so it can be moved out of the worker.
  return new Uint8Array(whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength));
}
