/**
 * A chapter's pictures, style sheets and fonts, read from the EPUB only when that chapter is drawn:
 * each local URL in the (already cleaned) chapter becomes a blob: URL of its entry, and a style sheet
 * has its own url()s turned so too. A URL naming nothing in the book is removed, so the frame never
 * asks the network for it.
 */
import type { EpubArchive } from './epub-archive';
import { stripRemoteCss } from './epub-clean';

const URL_ATTRIBUTES = ['src', 'href', 'xlink:href', 'poster'];
const LINK_ELEMENTS = ['a', 'area'];
const KEEP = /^\s*(?:#|data:|blob:)/i;
const CSS_URL = /url\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/** The zip path that `reference` names, seen from the entry `from` (null when it leaves the book). */
export function entryPath(reference: string, from: string): string | null {
  try {
    const base = new URL(`https://book.invalid/${from}`);
    const target = new URL(reference, base);
    if (target.origin !== base.origin) return null;
    return decodeURIComponent(target.pathname.slice(1));
  } catch {
    return null;
  }
}

async function replaceCssUrls(css: string, from: string, archive: EpubArchive): Promise<string> {
  const cleaned = stripRemoteCss(css);
  const targets = new Map<string, string>();
  for (const [, , target = ''] of cleaned.matchAll(CSS_URL)) {
    if (KEEP.test(target) || targets.has(target)) continue;
    const path = entryPath(target, from);
    targets.set(target, path && archive.has(path) ? await archive.blobUrl(path) : '');
  }
  return cleaned.replace(CSS_URL, (whole, _quote: string, target: string) => {
    const replacement = targets.get(target);
    if (replacement === undefined) return whole;
    return replacement ? `url("${replacement}")` : 'none';
  });
}

/** A style sheet of the book as a blob, its own url()s (fonts, pictures) pointing at blobs too. */
function styleSheet(archive: EpubArchive) {
  return async (path: string) =>
    new Blob([await replaceCssUrls(await archive.text(path), path, archive)], { type: 'text/css' });
}

/** Points every local file the chapter at `chapterPath` uses at its blob: URL (see the header). */
export async function localiseAssets(document: Document, chapterPath: string, archive: EpubArchive): Promise<void> {
  const work: Promise<void>[] = [];
  for (const element of Array.from(document.getElementsByTagName('*'))) {
    const tag = element.localName;
    if (tag === 'style') {
      work.push(
        replaceCssUrls(element.textContent ?? '', chapterPath, archive).then((css) => {
          element.textContent = css;
        }),
      );
    }
    const style = element.getAttribute('style');
    if (style && /url\s*\(/i.test(style)) {
      work.push(
        replaceCssUrls(style, chapterPath, archive).then((css) => {
          element.setAttribute('style', css);
        }),
      );
    }
    if (LINK_ELEMENTS.includes(tag)) continue;
    element.removeAttribute('srcset');
    for (const attribute of Array.from(element.attributes)) {
      if (!URL_ATTRIBUTES.includes(attribute.name.toLowerCase()) || KEEP.test(attribute.value)) continue;
      const path = entryPath(attribute.value, chapterPath);
      if (!path || !archive.has(path)) {
        element.removeAttributeNode(attribute);
        continue;
      }
      const make = tag === 'link' ? styleSheet(archive) : undefined;
      work.push(
        archive.blobUrl(path, make).then((blobUrl) => {
          attribute.value = blobUrl;
        }),
      );
    }
  }
  await Promise.all(work);
}
