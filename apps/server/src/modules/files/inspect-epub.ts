/**
 * Inspection of an uploaded EPUB (run in the document pool, never on the request thread): the zip is
 * read within limits (epub-archive.ts), then it must have the `mimetype` entry saying
 * application/epub+zip, META-INF/container.xml naming a package document, and a package document with
 * metadata, a manifest and a spine whose files exist. Answers the package's metadata and whether it
 * names a cover image, to prefill the book form.
 */
import { posix } from 'node:path';
import type { EpubMetadata } from '@ebook/shared';
import { XMLParser } from 'fast-xml-parser';
import {
  assertNotProtected,
  EPUB_LIMITS,
  EPUB_MIMETYPE,
  EpubRefusal,
  readEpubArchive,
  type EpubEntries,
  type EpubLimits,
} from './epub-archive.js';

export interface ManifestItem {
  id: string;
  href: string;
  /** The entry's name in the archive. */
  path: string;
  mediaType: string;
  properties: string[];
}

export interface EpubPackage {
  entries: EpubEntries;
  /** The package document's entry name, its folder ('' at the root) and its text. */
  opfPath: string;
  opfDir: string;
  opf: string;
  /** '2.0' or '3.0' (as declared). */
  version: string;
  metadata: EpubMetadata;
  manifest: ManifestItem[];
  /** Manifest items in reading order. */
  spine: { item: ManifestItem; linear: boolean }[];
  /** The EPUB 3 navigation document, the EPUB 2 NCX, and the cover image, when there are. */
  nav: ManifestItem | null;
  ncx: ManifestItem | null;
  cover: ManifestItem | null;
}

const invalid = (what: string) => new EpubRefusal('EPUB_INVALID', `The EPUB is not valid: ${what}.`);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) =>
    ['item', 'itemref', 'rootfile', 'title', 'creator', 'identifier', 'subject', 'meta'].includes(name),
});

type XmlNode = Record<string, unknown>;

/** Parses XML the EPUB carries; entity declarations (expansion bombs) are refused. */
export function parseXml(text: string, what: string): XmlNode {
  if (/<!ENTITY/i.test(text)) throw invalid(`${what} declares entities`);
  try {
    return parser.parse(text, true) as XmlNode;
  } catch {
    throw invalid(`${what} is not well-formed XML`);
  }
}

export async function inspectEpub(bytes: Uint8Array, limits: EpubLimits = EPUB_LIMITS): Promise<EpubMetadata> {
  const book = await openEpub(bytes, limits);
  return book.metadata;
}

/** Reads, checks and parses an EPUB (see the module's comment). */
export async function openEpub(bytes: Uint8Array, limits: EpubLimits = EPUB_LIMITS): Promise<EpubPackage> {
  const entries = await readEpubArchive(bytes, limits);
  const mimetype = entries.get('mimetype');
  if (!mimetype) throw invalid('it has no mimetype file');
  if (mimetype.toString('latin1').trim() !== EPUB_MIMETYPE) throw invalid(`its mimetype is not ${EPUB_MIMETYPE}`);
  assertNotProtected(entries);
  const container = entries.get('META-INF/container.xml');
  if (!container) throw invalid('it has no META-INF/container.xml');
  const rootfiles = asArray(
    child(child(parseXml(container.toString('utf8'), 'container.xml'), 'container'), 'rootfiles')?.rootfile,
  );
  const rootfile =
    rootfiles.find((node) => attr(node, 'media-type') === 'application/oebps-package+xml') ?? rootfiles[0];
  const opfPath = rootfile ? attr(rootfile, 'full-path') : '';
  if (!opfPath) throw invalid('container.xml names no package document');
  const opfBytes = entries.get(opfPath);
  if (!opfBytes) throw invalid('its package document is missing');
  const opf = opfBytes.toString('utf8');
  const pkg = child(parseXml(opf, 'the package document'), 'package');
  const metadataNode = child(pkg, 'metadata');
  const manifestNode = child(pkg, 'manifest');
  const spineNode = child(pkg, 'spine');
  if (!pkg || !metadataNode || !manifestNode || !spineNode) {
    throw invalid('its package document lacks metadata, a manifest or a spine');
  }
  const opfDir = posix.dirname(opfPath) === '.' ? '' : posix.dirname(opfPath);
  const manifest: ManifestItem[] = asArray(manifestNode.item).map((node) => {
    const href = attr(node, 'href');
    return {
      id: attr(node, 'id'),
      href,
      path: resolveHref(opfDir, href),
      mediaType: attr(node, 'media-type'),
      properties: attr(node, 'properties').split(/\s+/).filter(Boolean),
    };
  });
  const byId = new Map(manifest.map((item) => [item.id, item]));
  const spine = asArray(spineNode.itemref).map((node) => {
    const item = byId.get(attr(node, 'idref'));
    if (!item) throw invalid('its spine names a file the manifest does not list');
    if (!entries.has(item.path)) throw invalid(`its file ${item.href} is missing`);
    return { item, linear: attr(node, 'linear') !== 'no' };
  });
  if (spine.length === 0) throw invalid('its spine is empty');
  const metas = asArray(metadataNode.meta);
  const coverId = metas.find((node) => attr(node, 'name') === 'cover')?.['@content'];
  const cover =
    manifest.find((item) => item.properties.includes('cover-image')) ??
    (typeof coverId === 'string' ? byId.get(coverId) : undefined) ??
    null;
  const ncxId = attr(spineNode, 'toc');
  return {
    entries,
    opfPath,
    opfDir,
    opf,
    version: attr(pkg, 'version') || '2.0',
    metadata: readMetadata(metadataNode, attr(pkg, 'unique-identifier'), !!cover && entries.has(cover.path)),
    manifest,
    spine,
    nav: manifest.find((item) => item.properties.includes('nav')) ?? null,
    ncx: (ncxId ? byId.get(ncxId) : manifest.find((item) => item.mediaType === 'application/x-dtbncx+xml')) ?? null,
    cover: cover && entries.has(cover.path) && cover.mediaType.startsWith('image/') ? cover : null,
  };
}

function readMetadata(node: XmlNode, uniqueId: string, hasCover: boolean): EpubMetadata {
  const identifiers = asArray(node.identifier);
  const unique = identifiers.find((id) => attr(id, 'id') === uniqueId) ?? identifiers[0];
  const isbn = identifiers.map((id) => isbnOf(textOf(id))).find(Boolean) ?? '';
  return {
    title: clean(textOf(asArray(node.title)[0])),
    authors: asArray(node.creator)
      .map((creator) => clean(textOf(creator)))
      .filter(Boolean)
      .slice(0, 20),
    language: clean(textOf(asArray(node.language)[0] ?? node.language)),
    identifier: clean(textOf(unique)),
    isbn,
    description: clean(stripTags(textOf(asArray(node.description)[0] ?? node.description)), 5000),
    publisher: clean(textOf(asArray(node.publisher)[0] ?? node.publisher)),
    date: clean(textOf(asArray(node.date)[0] ?? node.date)),
    subjects: asArray(node.subject)
      .map((subject) => clean(textOf(subject)))
      .filter(Boolean)
      .slice(0, 50),
    hasCover,
  };
}

/** An ISBN-10 or ISBN-13 (digits, a final X allowed in ISBN-10) with a valid check digit, or ''. */
export function isbnOf(text: string): string {
  const candidate = text
    .replace(/^(urn:)?isbn:?/i, '')
    .replace(/[\s-]/g, '')
    .toUpperCase();
  if (/^\d{13}$/.test(candidate)) {
    const sum = [...candidate].reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1), 0);
    return sum % 10 === 0 ? candidate : '';
  }
  if (/^\d{9}[\dX]$/.test(candidate)) {
    const sum = [...candidate].reduce(
      (total, digit, index) => total + (digit === 'X' ? 10 : Number(digit)) * (10 - index),
      0,
    );
    return sum % 11 === 0 ? candidate : '';
  }
  return '';
}

/** An href of the package document as an entry name (relative to its folder, without fragment). */
export function resolveHref(base: string, href: string): string {
  let path = href.split('#')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // kept as written
  }
  return posix.normalize(posix.join(base, path)).replace(/^\.\//, '');
}

export function asArray(value: unknown): XmlNode[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((item) =>
    typeof item === 'object' && item !== null ? (item as XmlNode) : { '#text': String(item) },
  );
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const value = node?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null) return undefined;
  return typeof first === 'object' ? (first as XmlNode) : { '#text': String(first) };
}

export function attr(node: XmlNode | undefined, name: string): string {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : '';
}

export function textOf(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node !== 'object') return String(node);
  const text = (node as XmlNode)['#text'];
  return text === undefined ? '' : String(text);
}

function stripTags(text: string): string {
  return text.replace(/<[^>]*>/g, ' ');
}

function clean(text: string, max = 500): string {
  return text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}
