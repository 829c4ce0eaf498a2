/**
 * What the document pool's worker is asked (document-jobs.ts) and what it answers (src/document.worker.ts).
 */
import type { EpubMetadata, ErrorCode } from '@ebook/shared';

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
  | { kind: 'stamp-epub'; bytes: Uint8Array; stamp: StampMessage };

export interface DocumentResults {
  inspect: PdfFacts;
  'inspect-epub': EpubMetadata;
  sample: { bytes: Uint8Array; pages: number; total: number };
  'epub-sample': { bytes: Uint8Array; chapters: number; total: number };
  stamp: Uint8Array;
  'stamp-epub': Uint8Array;
}

export type WorkerAnswer = { ok: true; result: unknown } | { ok: false; code: ErrorCode; msg: string };
