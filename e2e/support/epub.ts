import JSZip from 'jszip';

export interface EpubChapter {
  title: string;
  /** The chapter's <body> content (XHTML). */
  body: string;
  /** Extra markup for the chapter's <head>. */
  head?: string;
  /** Attributes for the chapter's <body> element. */
  bodyAttributes?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A small EPUB 3 built in memory: a package, a navigation document and one XHTML file per chapter. */
export async function buildEpub(title: string, author: string, chapters: EpubChapter[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`,
  );
  const items = chapters.map((_, index) => `chapter-${index + 1}.xhtml`);
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:${crypto.randomUUID()}</dc:identifier>
    <dc:title>${escape(title)}</dc:title>
    <dc:creator>${escape(author)}</dc:creator>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${items.map((href, index) => `    <item id="c${index + 1}" href="${href}" media-type="application/xhtml+xml"/>`).join('\n')}
  </manifest>
  <spine>
${items.map((_, index) => `    <itemref idref="c${index + 1}"/>`).join('\n')}
  </spine>
</package>`,
  );
  zip.file(
    'OEBPS/nav.xhtml',
    `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
<body><nav epub:type="toc"><ol>
${chapters.map((chapter, index) => `<li><a href="${items[index]}">${escape(chapter.title)}</a></li>`).join('\n')}
</ol></nav></body></html>`,
  );
  chapters.forEach((chapter, index) => {
    zip.file(
      `OEBPS/${items[index]}`,
      `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>${escape(chapter.title)}</title>${chapter.head ?? ''}</head>
<body ${chapter.bodyAttributes ?? ''}><h1>${escape(chapter.title)}</h1>${chapter.body}</body></html>`,
    );
  });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', mimeType: 'application/epub+zip' });
}
