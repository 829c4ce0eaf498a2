/**
 * pdf.js, set up once: the worker is bundled by Vite, and documents are opened by HTTP Range requests
 * in 64 KB chunks with no streaming or background fetching, so a 100 MB book shows its first page
 * after loading only the chunks that page needs.
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export const RANGE_CHUNK_BYTES = 64 * 1024;

export type { PDFDocumentProxy };

export function openPdf(url: string) {
  return getDocument({
    url,
    disableAutoFetch: true,
    disableStream: true,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    withCredentials: true,
    // Emitted by the build (vite.config.ts): fonts for PDFs that do not embed the standard 14.
    standardFontDataUrl: '/pdfjs/standard_fonts/',
    // Looking for local system fonts first took seconds per page in Chromium; the bundled ones are
    // quick, and a page looks the same on every device.
    useSystemFonts: false,
  });
}

export type OpenFailure = 'login' | 'forbidden' | 'missing' | 'unavailable' | 'broken' | 'network';

/** What went wrong opening a document, in the reader's terms. */
export function openFailure(error: unknown): OpenFailure {
  const { name, status } = (error ?? {}) as { name?: string; status?: number };
  if (name === 'ResponseException') {
    if (status === 401) return 'login';
    if (status === 403) return 'forbidden';
    if (status === 404) return 'missing';
    if (status === 422) return 'unavailable';
    return 'network';
  }
  if (name === 'InvalidPDFException' || name === 'PasswordException' || name === 'UnknownErrorException') {
    return 'broken';
  }
  return 'network';
}

export interface OutlineEntry {
  title: string;
  /** 1-based page, null when the entry points nowhere usable. */
  page: number | null;
  items: OutlineEntry[];
}

type RawOutline = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>;

/** The PDF's outline with page numbers resolved (an empty list when it has none). */
export async function loadOutline(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const raw = (await doc.getOutline()) as RawOutline | null;
  if (!raw) return [];
  const resolve = async (entries: RawOutline): Promise<OutlineEntry[]> =>
    Promise.all(
      entries.map(async (entry) => ({
        title: entry.title,
        page: await pageOfDestination(doc, entry.dest),
        items: await resolve(entry.items as RawOutline),
      })),
    );
  return resolve(raw);
}

async function pageOfDestination(doc: PDFDocumentProxy, dest: unknown): Promise<number | null> {
  try {
    const explicit: unknown[] | null =
      typeof dest === 'string' ? await doc.getDestination(dest) : (dest as unknown[] | null);
    const target = explicit?.[0];
    if (typeof target === 'number') return target + 1;
    if (target && typeof target === 'object')
      return (await doc.getPageIndex(target as { num: number; gen: number })) + 1;
    return null;
  } catch {
    return null;
  }
}
