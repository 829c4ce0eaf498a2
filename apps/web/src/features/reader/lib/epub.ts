/**
 * epub.js, set up for untrusted books. The EPUB is fetched once (same-origin, session cookie) and
 * opened from memory; every chapter is cleaned before it is shown (no script, no event handler, no
 * form, no remote URL) and drawn in an iframe that epub.js sandboxes without `allow-scripts`
 * (`allowScriptedContent: false`). The iframe's document inherits the page's Content-Security-Policy,
 * which allows images, styles and fonts from this site and blob:/data: URLs only.
 */
import ePub, { type Book, type NavItem, type Rendition } from 'epubjs';
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
  /** Bytes read from the server before the book could be shown. */
  bytes: number;
}

function failureOfStatus(status: number): OpenFailure {
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'missing';
  if (status === 422) return 'unavailable';
  return 'network';
}

/** Fetches the EPUB at `url` and opens it (its package and navigation read). */
export async function openEpub(url: string, signal?: AbortSignal): Promise<OpenedEpub> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new EpubOpenError('network');
  }
  if (!response.ok) throw new EpubOpenError(failureOfStatus(response.status));
  const data = await response.arrayBuffer().catch(() => {
    throw new EpubOpenError('network');
  });
  const book = ePub(data as unknown as string, { replacements: 'blobUrl' });
  book.spine.hooks.content.register((document: Document) => cleanChapter(document));
  try {
    await book.opened;
    await book.loaded.navigation;
  } catch {
    book.destroy();
    throw new EpubOpenError('broken');
  }
  return { book, bytes: data.byteLength };
}

/** Counts the book in locations (in the background) so that places can be given as percentages. */
export async function countLocations(book: Book): Promise<void> {
  await book.locations.generate(LOCATION_CHARS);
}

const REMOTE = /^\s*(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const LOCAL_SCHEMES = /^\s*(?:data:|blob:|#)/i;
const URL_ATTRIBUTES = ['src', 'href', 'xlink:href', 'srcset', 'poster', 'data', 'action', 'formaction', 'background'];
const ACTIVE_ELEMENTS = [
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'portal',
];

function isRemote(value: string): boolean {
  return REMOTE.test(value) && !LOCAL_SCHEMES.test(value);
}

/**
 * Makes a chapter inert before it is shown: scripts, frames, objects and <meta> removed, every `on*`
 * handler dropped, forms unable to submit (their controls disabled), and every URL that leaves the
 * book (http:, //host, javascript:...) removed, in attributes and in style sheets. Links to other
 * websites keep their text. The sandbox and the CSP would stop all of this anyway; cleaning it
 * means none of it is even attempted.
 */
export function cleanChapter(document: Document): void {
  for (const name of ACTIVE_ELEMENTS) {
    for (const element of Array.from(document.getElementsByTagName(name))) element.remove();
  }
  for (const element of Array.from(document.getElementsByTagName('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) element.removeAttribute(attribute.name);
      else if (URL_ATTRIBUTES.includes(name) && isRemote(attribute.value)) element.removeAttribute(attribute.name);
      else if (name === 'style' && /url\s*\(|@import|expression/i.test(attribute.value)) {
        element.setAttribute(attribute.name, stripRemoteCss(attribute.value));
      }
    }
    const tag = element.localName;
    if (['input', 'button', 'select', 'textarea'].includes(tag)) element.setAttribute('disabled', '');
    if (tag === 'style') element.textContent = stripRemoteCss(element.textContent ?? '');
    if (tag === 'link' && element.getAttribute('rel')?.toLowerCase().includes('stylesheet') === false) {
      element.remove();
    }
  }
}

/** Removes remote url(...) and @import from CSS (local ones are kept). */
export function stripRemoteCss(css: string): string {
  return css
    .replace(/@import[^;]*;?/gi, '')
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (whole, _quote: string, target: string) =>
      isRemote(target) ? 'none' : whole,
    )
    .replace(/expression\s*\(/gi, '(');
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
