/**
 * One book as an OPDS acquisition entry: metadata (the publication year as dc:issued), cover links,
 * how to get the book in each of its formats (EPUB first: e-reader apps take the first type they
 * read), and a paid book's sample in each format.
 */
import { discountedCents } from '@ebook/shared';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { type BookRecord, isPublicStatus, coverVersion, sampleUrl } from '../books/index.js';
import { FORMAT_MIME } from '../downloads/index.js';
import { DC_NS, link, OPDS_NS, xmlText } from './opds-xml.js';

/**
 * open-access: a free book, anyone may download it; owned: the reader may download it (bought, or
 * theirs to see as submitter or admin); buy: a paid book, with its price and the web page to buy it on.
 */
export type Acquisition = 'open-access' | 'owned' | 'buy';

const REL_ACQUISITION = 'http://opds-spec.org/acquisition';
const REL_OPEN_ACCESS = 'http://opds-spec.org/acquisition/open-access';
const REL_BUY = 'http://opds-spec.org/acquisition/buy';
const REL_SAMPLE = 'http://opds-spec.org/acquisition/sample';
const REL_IMAGE = 'http://opds-spec.org/image';
const REL_THUMBNAIL = 'http://opds-spec.org/image/thumbnail';

/** Language names members type, as the codes e-reader apps expect (a code is kept as it is). */
const LANGUAGE_CODES: Record<string, string> = {
  arabic: 'ar',
  chinese: 'zh',
  dutch: 'nl',
  english: 'en',
  french: 'fr',
  german: 'de',
  greek: 'el',
  hindi: 'hi',
  italian: 'it',
  japanese: 'ja',
  korean: 'ko',
  latin: 'la',
  polish: 'pl',
  portuguese: 'pt',
  russian: 'ru',
  sinhala: 'si',
  spanish: 'es',
  swedish: 'sv',
  tamil: 'ta',
};
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

export function languageCode(language: string | null | undefined): string | undefined {
  const value = language?.trim();
  if (!value) return undefined;
  if (LANGUAGE_TAG.test(value) && value.length <= 12) return value.toLowerCase();
  return LANGUAGE_CODES[value.toLowerCase()];
}

/** A price in minor units as an xsd:decimal, such as 4.99 (no float arithmetic). */
export function decimalPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface BookEntryContext {
  currency: string;
  /** The web page of a book (for the buy link and the alternate link). */
  webPage: (bookId: string) => string;
  /** The media type of each cover file on the page, by file id. */
  coverTypes: Map<string, string>;
  /** The store-wide promotion running now: prices are what the checkout would charge. */
  percentOff: number | null;
}

export function addBookEntry(
  feed: XMLBuilder,
  book: BookRecord,
  acquisition: Acquisition,
  ctx: BookEntryContext,
): void {
  const entry = feed.ele('entry');
  entry.ele('title').txt(xmlText(book.title));
  entry.ele('id').txt(`urn:uuid:${book.id}`);
  entry.ele('updated').txt(book.updatedAt.toISOString());
  // No atom:published: apps show it as the publication date, and the date a book was listed is not.
  // The publication year is dc:issued.
  entry.ele('author').ele('name').txt(xmlText(book.author));
  const language = languageCode(book.meta.language);
  if (language) entry.ele(DC_NS, 'dc:language').txt(language);
  const year = book.meta.publishYear;
  if (typeof year === 'number' && year >= 1 && year <= 9999) {
    entry.ele(DC_NS, 'dc:issued').txt(String(year).padStart(4, '0'));
  }
  const category = xmlText(book.category);
  entry.ele('category', { term: category, label: category });
  entry.ele('summary', { type: 'text' }).txt(xmlText(book.description));

  if (book.coverFileId) {
    const coverType = ctx.coverTypes.get(book.coverFileId);
    link(entry, {
      rel: REL_IMAGE,
      href: `/api/books/${book.id}/cover?v=${coverVersion(book.coverFileId)}`,
      ...(coverType && { type: coverType }),
    });
    link(entry, {
      rel: REL_THUMBNAIL,
      href: `/api/books/${book.id}/cover?size=card&v=${coverVersion(book.coverFileId)}`,
      type: 'image/webp',
    });
  }
  link(entry, { rel: 'alternate', href: ctx.webPage(book.id), type: 'text/html', title: 'On the web' });

  if (acquisition === 'buy') {
    link(entry, { rel: REL_BUY, href: ctx.webPage(book.id), type: 'text/html' })
      .ele(OPDS_NS, 'opds:price', { currencycode: ctx.currency })
      .txt(decimalPrice(discountedCents(book.priceCents, ctx.percentOff)));
  } else {
    const rel = acquisition === 'open-access' ? REL_OPEN_ACCESS : REL_ACQUISITION;
    if (book.epubFileId) link(entry, { rel, href: `/opds/books/${book.id}/epub`, type: FORMAT_MIME.epub });
    if (book.pdfFileId) link(entry, { rel, href: `/opds/books/${book.id}/file`, type: FORMAT_MIME.pdf });
  }
  // A paid book's first chapters or pages, for anyone (the sample routes serve public books without a
  // session).
  if (book.priceCents > 0 && isPublicStatus(book.status)) {
    if (book.epubFileId && book.epubSampleStatus !== 'failed') {
      link(entry, {
        rel: REL_SAMPLE,
        href: `/api/books/${book.id}/epub-sample`,
        type: FORMAT_MIME.epub,
        title: 'Sample',
      });
    }
    const sample = sampleUrl(book);
    if (sample) link(entry, { rel: REL_SAMPLE, href: sample, type: FORMAT_MIME.pdf, title: 'Sample' });
  }
}
