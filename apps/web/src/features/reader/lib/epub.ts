/**
 * epub.js, set up for untrusted books. The EPUB is read on the server by Range (same-origin, session
 * cookie), entry by entry; every chapter is cleaned before it is shown (no script, no event handler, no
 * form, no remote URL) and drawn in an iframe that epub.js sandboxes without `allow-scripts`
 * (`allowScriptedContent: false`). The iframe's document inherits the page's Content-Security-Policy,
 * which allows images, styles and fonts from this site and blob:/data: URLs only.
 */
import ePub, { type Book, type NavItem, type Rendition } from 'epubjs';
import { waitUntilReady } from '@/lib/download';
import { ArchiveFetchError, mimeTypeOf, openEpubArchive, type EpubArchive } from './epub-archive';
import { localiseAssets } from './epub-assets';
import { cleanChapter } from './epub-clean';
import type { OpenFailure } from './pdf';

export type { Book, NavItem, Rendition };

export const THEMES = ['light', 'sepia', 'dark'] as const;
export type ReaderTheme = (typeof THEMES)[number];

/** The page colours of each theme (the reader's frame follows them). */
export const THEME_COLOURS: Record<ReaderTheme, { background: string; text: string; link: string }> = {
  light: { background: '#ffffff', text: '#1c1917', link: '#1d4ed8' },
  sepia: { background: '#f4ecd8', text: '#433422', link: '#7c4a03' },
  dark: { background: '#1c1917', text: '#e7e5e4', link: '#93c5fd' },
};

export const FONT_SIZES = [80, 90, 100, 115, 130, 150, 175, 200] as const;
export const LINE_SPACINGS = [1.2, 1.5, 1.8, 2.1] as const;

/** Characters per location when counting the book for percentages (epub.js's own default). */
const LOCATION_CHARS = 1600;

export class EpubOpenError extends Error {
  constructor(readonly failure: OpenFailure) {
    super(failure);
    this.name = 'EpubOpenError';
  }
}

export interface OpenedEpub {
  book: Book;
  /** The zip on the server, read by Range; close it with the book. */
  archive: EpubArchive;
}

function failureOfStatus(status: number): OpenFailure {
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'missing';
  if (status === 422 || status === 503) return 'unavailable';
  return 'network';
}

const XML_TYPES = ['xml', 'opf', 'ncx'];

function parseMarkup(text: string, type: DOMParserSupportedType): Document {
  return new DOMParser().parseFromString(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, type);
}

/** The zip path of a URL epub.js asks for (it sees the book as a folder at the site's root). */
function zipPathOf(url: string): string {
  return decodeURIComponent(new URL(url, window.location.origin).pathname.slice(1));
}

/**
 * epub.js's request method, answered from the zip: the package, navigation and chapters as parsed
 * documents (as epub.js's own archive does), anything else as text or a blob.
 */
function requestFrom(archive: EpubArchive) {
  return async (url: string, type?: string | null): Promise<unknown> => {
    const path = zipPathOf(url);
    const kind = type || (path.split('.').pop() ?? '').toLowerCase();
    if (kind === 'blob') return new Blob([await archive.bytes(path)], { type: mimeTypeOf(path) });
    const text = await archive.text(path);
    if (kind === 'json') return JSON.parse(text) as unknown;
    if (XML_TYPES.includes(kind)) return parseMarkup(text, 'text/xml');
    if (kind === 'xhtml') return parseMarkup(text, 'application/xhtml+xml');
    if (kind === 'html' || kind === 'htm') return parseMarkup(text, 'text/html');
    return text;
  };
}

interface SectionLike {
  url: string;
  contents?: Element;
  document?: Document;
  output?: string;
  next?: () => SectionLike | undefined;
}

/**
 * Reads the chapter after `section` ahead (its text, and its pictures, style sheets and fonts as
 * blob: URLs), so that turning into it does not wait for the server. Errors are left for the turn.
 */
function readAhead(section: SectionLike, archive: EpubArchive): void {
  const next = section.next?.();
  if (!next) return;
  const path = zipPathOf(next.url);
  if (!archive.has(path)) return;
  setTimeout(() => {
    archive
      .text(path)
      .then((text) => {
        const document = parseMarkup(text, 'application/xhtml+xml');
        cleanChapter(document);
        return localiseAssets(document, path, archive);
      })
      .catch(() => undefined);
  }, 0);
}

/**
 * Opens the EPUB at `url` (its package and navigation read) without downloading it: the zip is read
 * by Range (epub-archive.ts), and a chapter's pictures, style sheets and fonts only when it is drawn
 * (epub-assets.ts). A copy the server is still preparing (202) is waited for first (`onPreparing`).
 */
export async function openEpub(
  url: string,
  { signal, onPreparing }: { signal?: AbortSignal; onPreparing?: () => void } = {},
): Promise<OpenedEpub> {
  let archive: EpubArchive;
  try {
    archive = await openEpubArchive(url, {
      signal,
      whenPreparing: async () => {
        onPreparing?.();
        const status = await waitUntilReady(url);
        if (status === 503) throw new ArchiveFetchError(503);
      },
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ArchiveFetchError) throw new EpubOpenError(failureOfStatus(error.status));
    throw new EpubOpenError('broken');
  }
  // A folder at the site's root, read through requestFrom: no request for it leaves the page.
  const book = ePub('/', { requestMethod: requestFrom(archive), replacements: 'none' } as never);
  book.spine.hooks.content.register((document: Document) => cleanChapter(document));
  // Only a chapter being drawn fetches its files (counting locations loads chapters, not pictures).
  book.spine.hooks.serialize.register(async (_output: string, section: SectionLike) => {
    // Held here: counting locations may load and unload the same section while its files are read.
    const { document, contents } = section;
    if (!document || !contents) return;
    await localiseAssets(document, zipPathOf(section.url), archive);
    section.output = new XMLSerializer().serializeToString(contents);
    readAhead(section, archive);
  });
  try {
    await book.opened;
    await book.loaded.navigation;
  } catch {
    book.destroy();
    archive.close();
    throw new EpubOpenError('broken');
  }
  return { book, archive };
}

/** Counts the book in locations (in the background) so that places can be given as percentages. */
export async function countLocations(book: Book): Promise<void> {
  await book.locations.generate(LOCATION_CHARS);
}

/** The book's table of contents. */
export interface TocEntry {
  title: string;
  href: string;
  items: TocEntry[];
}

export function tableOfContents(items: NavItem[]): TocEntry[] {
  return items.map((item) => ({
    title: item.label.trim() || 'Untitled',
    href: item.href,
    items: tableOfContents(item.subitems ?? []),
  }));
}

/** The styles epub.js injects into each chapter for a theme, font size and line spacing. */
export function themeStyles(theme: ReaderTheme): Record<string, Record<string, string>> {
  const colours = THEME_COLOURS[theme];
  return {
    'html, body': { background: `${colours.background} !important`, color: `${colours.text} !important` },
    a: { color: `${colours.link} !important` },
    'img, svg': { 'max-width': '100%' },
  };
}
