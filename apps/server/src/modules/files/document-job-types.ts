/**
 * What the document pool's worker is asked (document-jobs.ts) and what it answers (src/document.worker.ts).
 */
import type { EpubMetadata, ErrorCode } from '@ebook/shared';

/** One book of a calibre library, as its metadata.db describes it (read by modules/imports/calibre-db.ts). */
export interface CalibreBook {
  id: number;
  uuid: string | null;
  title: string;
  authors: string[];
  series: string | null;
  seriesIndex: number | null;
  tags: string[];
  /** ISO 639 codes, in calibre's order. */
  languages: string[];
  isbn: string | null;
  /** HTML, as calibre keeps it. */
  comments: string | null;
  /** ISO date, or null when calibre has none (it stores year 101 for "unknown"). */
  pubdate: string | null;
  publisher: string | null;
  /** The book's folder, relative to the library (Author/Title (id)). */
  path: string;
  hasCover: boolean;
  /** Each format's file name without extension, and its format (PDF, EPUB, MOBI…). */
  formats: { format: string; name: string }[];
  /** The price custom column's value as text, when one is named and set. */
  price: string | null;
}

/** What inspection learns of a PDF at upload. */
export interface PdfFacts {
  pages: number;
  title: string | null;
  author: string | null;
}

export interface StampMessage {
  name: string;
  email: string;
  orderId: string;
  /** BK-2026-000123, on every page. */
  orderNumber: string;
  /** ISO date. */
  soldAt: string;
  storeName: string;
}

export type DocumentJob =
  | { kind: 'inspect'; bytes: Uint8Array }
  | { kind: 'inspect-epub'; bytes: Uint8Array }
  | { kind: 'sample'; bytes: Uint8Array; chosen: number | null; title: string; author: string }
  | { kind: 'epub-sample'; bytes: Uint8Array; title: string; author: string }
  | { kind: 'stamp'; bytes: Uint8Array; stamp: StampMessage }
  | { kind: 'stamp-epub'; bytes: Uint8Array; stamp: StampMessage }
  /** A calibre library's metadata.db (modules/imports/calibre-db.ts). */
  | { kind: 'read-calibre'; bytes: Uint8Array; priceColumn?: string };

export interface DocumentResults {
  inspect: PdfFacts;
  'inspect-epub': EpubMetadata;
  sample: { bytes: Uint8Array; pages: number; total: number };
  'epub-sample': { bytes: Uint8Array; chapters: number; total: number };
  stamp: Uint8Array;
  'stamp-epub': Uint8Array;
  'read-calibre': CalibreBook[];
}

export type WorkerAnswer = { ok: true; result: unknown } | { ok: false; code: ErrorCode; msg: string };
