/**
 * The sample of an EPUB ("Read A Little"), built in the document pool: the first documents of the
 * reading order up to about 10% of the book's text (at least the first one with text, never more than
 * half the book), the images, styles and fonts they use, a closing "end of the sample" page, a table of
 * contents of what is in it, and a package document of its own with the catalogue's title and author.
 * Links to later chapters lead to the closing page. Nothing else of the book is copied: the result is
 * opened again and checked to contain only what was chosen (verified, as a PDF sample is).
 *
 * The sample is always EPUB 3 (content documents of an EPUB 2 get the HTML doctype).
 */
import { posix } from 'node:path';
import { CONTAINER_XML, navDocument, packageDocument, type PackageItem } from '../../lib/build-epub.js';
import { EpubRefusal, openEpub, resolveHref, type ManifestItem } from '../files/epub-documents.js';
import { escapeXml, writeEpubArchive, xhtmlPage } from '../../lib/epub-writer.js';

/** The share of the book's text a sample aims at, and the most it may ever hold. */
export const EPUB_SAMPLE_SHARE = 0.1;
export const EPUB_SAMPLE_MAX_SHARE = 0.5;

const XHTML = 'application/xhtml+xml';
const END_ID = 'sample-end';
const NAV_ID = 'sample-nav';

export interface EpubSample {
  bytes: Uint8Array;
  /** Documents of the reading order in the sample, and in the book. */
  chapters: number;
  total: number;
}

const tooShort = () => new EpubRefusal('SAMPLE_UNAVAILABLE', 'This book is too short for a sample.');

function textLength(xhtml: string): number {
  const body = /<body[\s>][\s\S]*<\/body>/i.exec(xhtml)?.[0] ?? xhtml;
  return body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, 'x')
    .replace(/\s+/g, ' ')
    .trim().length;
}

/** The heading (or title) of a content document, for the sample's table of contents. */
function headingOf(xhtml: string, fallback: string): string {
  const found = /<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i.exec(xhtml) ?? /<title[^>]*>([\s\S]*?)<\/title>/i.exec(xhtml);
  const text = (found?.[1] ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, 200) || fallback;
}

/** Every reference a document makes (attributes and CSS url()/@import), as written. */
const REFERENCE = /\b((?:xlink:)?href|src|poster|data)\s*=\s*(["'])([^"']*)\2/gi;
const CSS_REFERENCE = /url\(\s*(["']?)([^"')]+)\1\s*\)|@import\s+(["'])([^"']+)\3/gi;

function isExternal(reference: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('#') || reference === '';
}

export async function cutEpubSample(
  bytes: Uint8Array,
  catalogue: { title: string; author: string },
): Promise<EpubSample> {
  const book = await openEpub(bytes);
  const documents = book.spine
    .filter((entry) => entry.linear && entry.item.mediaType === XHTML)
    .map((entry) => entry.item);
  const texts = new Map(documents.map((item) => [item.path, book.entries.get(item.path)!.toString('utf8')]));
  const lengths = documents.map((item) => textLength(texts.get(item.path)!));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  if (total === 0 || documents.length < 2) throw tooShort();
  const kept: ManifestItem[] = [];
  let taken = 0;
  for (const [index, item] of documents.entries()) {
    const length = lengths[index]!;
    const hasText = taken > 0;
    if (hasText && taken + length > total * EPUB_SAMPLE_SHARE) break;
    kept.push(item);
    taken += length;
  }
  if (taken > total * EPUB_SAMPLE_MAX_SHARE || kept.length === documents.length) throw tooShort();

  const byPath = new Map(book.manifest.map((item) => [item.path, item]));
  const keptDocs = new Set(kept.map((item) => item.path));
  const resources = new Map<string, ManifestItem>();
  if (book.cover) resources.set(book.cover.path, book.cover);
  const out = new Map<string, Buffer>();
  const endPath = posix.join(book.opfDir, `${END_ID}.xhtml`);

  /** Keeps a resource (and what a style sheet uses in turn). */
  const keepResource = (item: ManifestItem) => {
    if (resources.has(item.path) || !book.entries.has(item.path)) return;
    resources.set(item.path, item);
    if (item.mediaType === 'text/css') {
      const css = book.entries.get(item.path)!.toString('utf8');
      for (const match of css.matchAll(CSS_REFERENCE)) {
        const reference = match[2] ?? match[4] ?? '';
        if (isExternal(reference)) continue;
        const target = byPath.get(resolveHref(posix.dirname(item.path), reference));
        if (target && target.mediaType !== XHTML) keepResource(target);
      }
    }
  };

  for (const item of kept) {
    const dir = posix.dirname(item.path);
    let text = texts.get(item.path)!;
    text = text.replace(REFERENCE, (whole, name: string, quote: string, reference: string) => {
      if (isExternal(reference)) return whole;
      const path = resolveHref(dir, reference);
      const target = byPath.get(path);
      if (target && target.mediaType !== XHTML && target.mediaType !== 'application/x-dtbncx+xml') {
        keepResource(target);
        return whole;
      }
      if (keptDocs.has(path)) return whole;
      // A later chapter (or anything else of the book that is not in the sample): the closing page.
      return `${name}=${quote}${posix.relative(dir, endPath)}${quote}`;
    });
    for (const match of text.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) {
      for (const css of (match[1] ?? '').matchAll(CSS_REFERENCE)) {
        const reference = css[2] ?? css[4] ?? '';
        const target = isExternal(reference) ? undefined : byPath.get(resolveHref(dir, reference));
        if (target && target.mediaType !== XHTML) keepResource(target);
      }
    }
    // EPUB 3 content documents use the HTML doctype (an EPUB 2 book's XHTML 1.1 one is replaced).
    text = text.replace(/<!DOCTYPE[^>]*>/i, '<!DOCTYPE html>');
    out.set(item.path, Buffer.from(text, 'utf8'));
  }

  const language = book.metadata.language || 'en';
  const manifest: PackageItem[] = [
    { id: NAV_ID, href: `${NAV_ID}.xhtml`, mediaType: XHTML, properties: 'nav' },
    ...kept.map((item) => ({
      id: item.id,
      href: posix.relative(book.opfDir || '.', item.path),
      mediaType: XHTML,
      properties: contentProperties(out.get(item.path)!.toString('utf8')),
    })),
    ...[...resources.values()].map((item) => ({
      id: item.id,
      href: posix.relative(book.opfDir || '.', item.path),
      mediaType: item.mediaType,
      properties: item === book.cover ? 'cover-image' : undefined,
    })),
    { id: END_ID, href: `${END_ID}.xhtml`, mediaType: XHTML },
  ];
  const spine = [...kept.map((item) => item.id), END_ID];
  const toc = kept.map((item, index) => ({
    href: posix.relative(book.opfDir || '.', item.path),
    title: headingOf(texts.get(item.path)!, `Part ${index + 1}`),
  }));
  toc.push({ href: `${END_ID}.xhtml`, title: 'End of the sample' });

  const entries: [string, Buffer][] = [
    ['META-INF/container.xml', Buffer.from(CONTAINER_XML.replace('OEBPS/content.opf', escapeXml(book.opfPath)))],
    [
      book.opfPath,
      Buffer.from(
        packageDocument(
          {
            title: catalogue.title,
            authors: [catalogue.author],
            language,
            identifier: `${book.metadata.identifier || 'urn:ebook-store:book'}#sample`,
          },
          manifest,
          spine,
        ),
      ),
    ],
    [posix.join(book.opfDir, `${NAV_ID}.xhtml`), Buffer.from(navDocument(catalogue.title, language, toc))],
    ...[...out.entries()],
    ...[...resources.keys()].map((path): [string, Buffer] => [path, book.entries.get(path)!]),
    [
      endPath,
      Buffer.from(
        xhtmlPage('3.0', {
          title: 'End of the sample',
          lang: language,
          body: `<section>
<h1>End of the sample</h1>
<p>This is the end of the sample of ${escapeXml(catalogue.title)} by ${escapeXml(catalogue.author)}. The whole book is in the store.</p>
</section>`,
        }),
      ),
    ],
  ];
  const sample = await writeEpubArchive(entries);
  await verify(
    sample,
    entries.map(([path]) => path),
    documents.filter((item) => !keptDocs.has(item.path)),
  );
  return { bytes: sample, chapters: kept.length, total: documents.length };
}

/** The manifest properties EPUB 3 requires of a content document from what it contains. */
function contentProperties(xhtml: string): string | undefined {
  const properties = [
    /<script[\s>]/i.test(xhtml) ? 'scripted' : '',
    /<(\w+:)?svg[\s>]/i.test(xhtml) ? 'svg' : '',
    /<(\w+:)?math[\s>]/i.test(xhtml) ? 'mathml' : '',
    /<(img|audio|video|source)\b[^>]*\bsrc\s*=\s*["']https?:/i.test(xhtml) ? 'remote-resources' : '',
  ].filter(Boolean);
  return properties.length > 0 ? properties.join(' ') : undefined;
}

/**
 * Opens the sample again: it must read as a valid EPUB holding exactly the entries written, and none
 * of the documents left out (nor their text).
 */
async function verify(sample: Uint8Array, expected: string[], left: ManifestItem[]): Promise<void> {
  const reread = await openEpub(new Uint8Array(sample));
  const names = [...reread.entries.keys()].filter((name) => name !== 'mimetype').sort();
  const leak = left.some((item) => reread.entries.has(item.path));
  if (leak || names.join('\n') !== [...expected].sort().join('\n')) {
    throw new EpubRefusal('SAMPLE_UNAVAILABLE', 'The sample could not be verified.');
  }
}
