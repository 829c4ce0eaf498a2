/**
 * How a stored file goes over HTTP: the Content-Disposition of a downloaded book and the one byte
 * range a request may ask for.
 */

/** A safe ASCII file name for Content-Disposition, plus the exact title in RFC 5987 form. */
export function pdfDisposition(title: string): string {
  const ascii =
    title
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\/:*?<>|%;]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 150) || 'book';
  const full = encodeURIComponent(`${title.replace(/[\r\n/\\]/g, ' ').trim() || 'book'}.pdf`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${full}`;
}

/** Parses a single `bytes=` range; null = no usable range header, 'unsatisfiable' = 416. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // several ranges or another unit: send the whole file
  const [, first, last] = match;
  if (first === '' && last === '') return 'unsatisfiable';
  let start: number;
  let end: number;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
