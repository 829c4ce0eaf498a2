/**
 * An EPUB read where it lies, on the server, by HTTP Range: its zip's central directory first (one
 * request for the file's last 256 KB), then each entry only when the reader asks for it. A 20 MB book
 * shows its first chapter after reading the package, the navigation and that chapter, not the whole
 * file. zip.js reads the zip (inflating with the browser's own DecompressionStream, no worker).
 */
import {
  configure,
  Reader,
  Uint8ArrayReader,
  Uint8ArrayWriter,
  ZipReader,
  type FileEntry,
} from '@zip.js/zip.js/lib/zip-native.js';

// The reader's Content-Security-Policy allows no blob: workers, and entries are small: inflate here.
configure({ useWebWorkers: false });

/**
 * The file's end read first: the central directory of a book of several hundred entries, and often
 * the package and navigation written last, in one request.
 */
const TAIL_BYTES = 256 * 1024;
/** Bytes read at least per request: an entry with its neighbours. */
const MIN_READ_BYTES = 64 * 1024;
/** Entries kept inflated (chapters read again by counting, or read ahead). */
const KEPT_ENTRIES = 16;
/** How many of the last reads are kept (a small entry's header and data come in one read). */
const KEPT_READS = 12;

/** The server said no (or could not answer): its status, 0 for a network failure. */
export class ArchiveFetchError extends Error {
  constructor(readonly status: number) {
    super(`EPUB request failed: ${status}`);
    this.name = 'ArchiveFetchError';
  }
}

interface Segment {
  start: number;
  bytes: Uint8Array;
}

interface Tail {
  size: number;
  etag: string | null;
  segment: Segment;
}

/** The file behind `url`, read by ranges; the reads are counted and the last few kept. */
class RangeReader extends Reader<string> {
  private kept: Segment[];
  private readonly etag: string | null;

  constructor(
    private readonly url: string,
    tail: Tail,
    private readonly signal: AbortSignal | undefined,
    private readonly counter: { bytes: number },
  ) {
    super(url);
    this.size = tail.size;
    this.etag = tail.etag;
    this.kept = [tail.segment];
  }

  /** Keeps bytes read beside this reader (the file's start, asked for with its end). */
  keep(segment: Segment): void {
    this.kept.push(segment);
  }

  override async readUint8Array(index: number, length: number): Promise<Uint8Array> {
    const end = Math.min(this.size, index + length);
    const hit = this.kept.find((segment) => segment.start <= index && segment.start + segment.bytes.length >= end);
    if (hit) return hit.bytes.subarray(index - hit.start, end - hit.start);
    const readEnd = Math.min(this.size, Math.max(end, index + MIN_READ_BYTES));
    const headers: Record<string, string> = { range: `bytes=${index}-${readEnd - 1}` };
    // A file replaced between two reads answers whole (200), never a range of the new bytes.
    if (this.etag) headers['if-range'] = this.etag;
    const response = await fetchOrFail(this.url, { headers, signal: this.signal });
    if (response.status !== 206) {
      await response.body?.cancel();
      throw new ArchiveFetchError(response.status);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    this.counter.bytes += bytes.length;
    if (bytes.length !== readEnd - index) throw new ArchiveFetchError(response.status);
    this.kept = [{ start: index, bytes }, ...this.kept].slice(0, KEPT_READS);
    return bytes.subarray(0, end - index);
  }
}

async function fetchOrFail(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ArchiveFetchError(0);
  }
}

const MIME_TYPES: Record<string, string> = {
  css: 'text/css',
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avif: 'image/avif',
  otf: 'font/otf',
  ttf: 'font/ttf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
};

export function mimeTypeOf(path: string): string {
  return MIME_TYPES[path.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

export interface EpubArchive {
  /** Whether the zip has this entry (a path inside the zip, no leading slash). */
  has(path: string): boolean;
  bytes(path: string): Promise<Uint8Array<ArrayBuffer>>;
  text(path: string): Promise<string>;
  /** A blob: URL of the entry, made once and revoked by close(). */
  blobUrl(path: string, make?: (path: string) => Promise<Blob>): Promise<string>;
  /** Bytes of the EPUB read from the server so far. */
  readonly bytesRead: number;
  close(): void;
}

/**
 * Opens the EPUB at `url`: a request for its last 256 KB (its length, and the central directory of
 * any ordinary book) and, at the same time, one for its first 64 KB (the container and often more). A server that ignores Range sends the whole file, which is then read from memory.
 * 202 (a copy being prepared) is answered by `whenPreparing`, which waits and lets the read start again.
 */
export async function openEpubArchive(
  url: string,
  { signal, whenPreparing }: { signal?: AbortSignal; whenPreparing?: () => Promise<void> } = {},
): Promise<EpubArchive> {
  const counter = { bytes: 0 };
  // The start of the file (mimetype, container.xml, and often the package) comes at the same time.
  let head: Promise<Response | null> | null = fetchOrFail(url, {
    headers: { range: `bytes=0-${MIN_READ_BYTES - 1}` },
    signal,
  }).catch(() => null);
  const dropHead = () => {
    void head?.then((unused) => unused?.body?.cancel());
    head = null;
  };
  let response: Response;
  for (;;) {
    response = await fetchOrFail(url, { headers: { range: `bytes=-${TAIL_BYTES}` }, signal });
    if (response.status !== 202 || !whenPreparing) break;
    await response.body?.cancel();
    dropHead();
    await whenPreparing();
  }
  if (response.status !== 200 && response.status !== 206) {
    dropHead();
    throw new ArchiveFetchError(response.status);
  }
  const data = new Uint8Array(await response.arrayBuffer());
  counter.bytes += data.length;
  let reader: Reader<unknown>;
  if (response.status === 200) {
    dropHead();
    reader = new Uint8ArrayReader(data);
  } else {
    const range = /bytes (\d+)-(\d+)\/(\d+)/.exec(response.headers.get('content-range') ?? '');
    if (!range) throw new ArchiveFetchError(response.status);
    const etag = response.headers.get('etag');
    const ranged = new RangeReader(
      url,
      { size: Number(range[3]), etag, segment: { start: Number(range[1]), bytes: data } },
      signal,
      counter,
    );
    const start = await head;
    if (start?.status === 206 && start.headers.get('etag') === etag) {
      const bytes = new Uint8Array(await start.arrayBuffer());
      counter.bytes += bytes.length;
      ranged.keep({ start: 0, bytes });
    } else {
      await start?.body?.cancel();
    }
    reader = ranged;
  }
  const zip = new ZipReader(reader);
  const entries = new Map<string, FileEntry>();
  for (const entry of await zip.getEntries()) {
    if (!entry.directory) entries.set(entry.filename, entry);
  }
  const urls = new Map<string, Promise<string>>();
  const made: string[] = [];

  const read = (path: string) => {
    const entry = entries.get(path);
    if (!entry) return Promise.reject(new Error(`Not in the EPUB: ${path}`));
    return entry.getData(new Uint8ArrayWriter(), { signal });
  };
  const inflated = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  const bytes = (path: string) => {
    let known = inflated.get(path);
    if (!known) {
      known = read(path);
      known.catch(() => inflated.delete(path));
      inflated.delete(path);
      if (inflated.size >= KEPT_ENTRIES) inflated.delete(inflated.keys().next().value!);
    }
    inflated.set(path, known);
    return known;
  };
  return {
    has: (path) => entries.has(path),
    bytes,
    text: async (path) => new TextDecoder().decode(await bytes(path)),
    blobUrl(path, make) {
      let known = urls.get(path);
      if (!known) {
        known = (make ? make(path) : read(path).then((data) => new Blob([data], { type: mimeTypeOf(path) }))).then(
          (blob) => {
            const blobUrl = URL.createObjectURL(blob);
            made.push(blobUrl);
            return blobUrl;
          },
        );
        urls.set(path, known);
      }
      return known;
    },
    get bytesRead() {
      return counter.bytes;
    },
    close() {
      for (const blobUrl of made) URL.revokeObjectURL(blobUrl);
      made.length = 0;
      urls.clear();
      inflated.clear();
      void zip.close();
    },
  };
}
