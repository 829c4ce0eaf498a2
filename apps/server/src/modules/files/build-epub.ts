/**
 * Writing EPUB 3 books the store makes itself: the demo catalogue's books (made at seed) and the parts
 * a sample is rebuilt from (a package document and a navigation document). Output is deterministic: a
 * fixed modification date and fixed zip times, so the same book gives the same bytes.
 */
import { escapeXml, xhtmlPage } from '../downloads/stamp-epub.js';
import { writeEpubArchive } from './epub-archive.js';

export const CONTAINER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

/** The modification date the store writes (EPUB 3 requires one): fixed, so output is deterministic. */
export const FIXED_MODIFIED = '2000-01-01T00:00:00Z';

export interface PackageMetadata {
  title: string;
  authors: string[];
  language: string;
  identifier: string;
  description?: string;
  publisher?: string;
  date?: string;
  subjects?: string[];
  rights?: string;
}

export interface PackageItem {
  id: string;
  href: string;
  mediaType: string;
  properties?: string;
}

/** An EPUB 3 package document. `spine` names manifest ids in reading order. */
export function packageDocument(metadata: PackageMetadata, manifest: PackageItem[], spine: string[]): string {
  const optional = (name: string, value: string | undefined) =>
    value ? `\n    <dc:${name}>${escapeXml(value)}</dc:${name}>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${escapeXml(metadata.language)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${escapeXml(metadata.identifier)}</dc:identifier>
    <dc:title>${escapeXml(metadata.title)}</dc:title>${metadata.authors.map((author) => `\n    <dc:creator>${escapeXml(author)}</dc:creator>`).join('')}
    <dc:language>${escapeXml(metadata.language)}</dc:language>${optional('description', metadata.description)}${optional('publisher', metadata.publisher)}${optional('date', metadata.date)}${(metadata.subjects ?? []).map((subject) => optional('subject', subject)).join('')}${optional('rights', metadata.rights)}
    <meta property="dcterms:modified">${FIXED_MODIFIED}</meta>
  </metadata>
  <manifest>
${manifest
  .map(
    (item) =>
      `    <item id="${escapeXml(item.id)}" href="${escapeXml(item.href)}" media-type="${escapeXml(item.mediaType)}"${item.properties ? ` properties="${escapeXml(item.properties)}"` : ''}/>`,
  )
  .join('\n')}
  </manifest>
  <spine>
${spine.map((id) => `    <itemref idref="${escapeXml(id)}"/>`).join('\n')}
  </spine>
</package>
`;
}

/** An EPUB 3 navigation document: the table of contents, one entry per chapter. */
export function navDocument(title: string, language: string, entries: { href: string; title: string }[]): string {
  return xhtmlPage('3.0', {
    title,
    lang: language,
    body: `<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
${entries.map((entry) => `<li><a href="${escapeXml(entry.href)}">${escapeXml(entry.title)}</a></li>`).join('\n')}
</ol>
</nav>`,
  });
}

export interface DemoChapter {
  title: string;
  paragraphs: string[];
}

export interface DemoBook extends PackageMetadata {
  chapters: DemoChapter[];
  /** A PNG or JPEG cover, shown first. */
  cover?: { bytes: Buffer; mediaType: 'image/png' | 'image/jpeg' };
}

/** A complete EPUB 3: a cover page (when there is a cover), a navigation document and one file per chapter. */
export async function buildEpub(book: DemoBook): Promise<Uint8Array> {
  const manifest: PackageItem[] = [
    { id: 'nav', href: 'nav.xhtml', mediaType: 'application/xhtml+xml', properties: 'nav' },
  ];
  const spine: string[] = [];
  const files: [string, Buffer][] = [['META-INF/container.xml', Buffer.from(CONTAINER_XML)]];
  if (book.cover) {
    const extension = book.cover.mediaType === 'image/png' ? 'png' : 'jpg';
    manifest.push({
      id: 'cover-image',
      href: `images/cover.${extension}`,
      mediaType: book.cover.mediaType,
      properties: 'cover-image',
    });
    manifest.push({ id: 'cover', href: 'text/cover.xhtml', mediaType: 'application/xhtml+xml' });
    spine.push('cover');
    files.push([`OEBPS/images/cover.${extension}`, book.cover.bytes]);
    files.push([
      'OEBPS/text/cover.xhtml',
      Buffer.from(
        xhtmlPage('3.0', {
          title: book.title,
          lang: book.language,
          body: `<section epub:type="cover"><img src="../images/cover.${extension}" alt="${escapeXml(book.title)}"/></section>`,
        }),
      ),
    ]);
  }
  const toc: { href: string; title: string }[] = [];
  book.chapters.forEach((chapter, index) => {
    const id = `chapter-${String(index + 1).padStart(2, '0')}`;
    const href = `text/${id}.xhtml`;
    manifest.push({ id, href, mediaType: 'application/xhtml+xml' });
    spine.push(id);
    toc.push({ href, title: chapter.title });
    files.push([
      `OEBPS/${href}`,
      Buffer.from(
        xhtmlPage('3.0', {
          title: chapter.title,
          lang: book.language,
          body: `<section epub:type="chapter" id="${id}">
<h1>${escapeXml(chapter.title)}</h1>
${chapter.paragraphs.map((paragraph) => `<p>${escapeXml(paragraph)}</p>`).join('\n')}
</section>`,
        }),
      ),
    ]);
  });
  files.push(['OEBPS/nav.xhtml', Buffer.from(navDocument(book.title, book.language, toc))]);
  files.splice(1, 0, ['OEBPS/content.opf', Buffer.from(packageDocument(book, manifest, spine))]);
  return writeEpubArchive(files);
}
