/**
 * Hands a same-origin file to the browser's download manager (the session cookie goes with it), so a
 * book streams to disk and is never held in memory.
 */
export function downloadFile(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A file name made from a book title: 'The Time Machine.pdf'. */
export function pdfFileName(title: string): string {
  return bookFileName(title, 'pdf');
}

/** A file name made from a book title and format: 'The Time Machine.epub'. */
export function bookFileName(title: string, format: 'pdf' | 'epub'): string {
  const safe = [...title]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${safe || 'book'}.${format}`;
}

/** A download the server cannot give now (its copy could not be prepared, or took too long). */
export class DownloadError extends Error {}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server can give a file: it answers 202 with Retry-After while it prepares a buyer's
 * stamped copy or cuts a sample, so the file is asked for with HEAD (no body moves) and asked again
 * after the time it says; `onPreparing` lets the page say so. Resolves with the first other status
 * (the caller then fetches the file, or shows why not); a wait past `patienceMs` is a DownloadError.
 */
export async function waitUntilReady(
  url: string,
  { onPreparing, patienceMs = 10 * 60_000 }: { onPreparing?: () => void; patienceMs?: number } = {},
): Promise<number> {
  const giveUpAt = Date.now() + patienceMs;
  for (;;) {
    const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
    if (response.status !== 202) return response.status;
    onPreparing?.();
    if (Date.now() > giveUpAt) {
      throw new DownloadError('Your copy is still being prepared. Please try again in a few minutes.');
    }
    const seconds = Number(response.headers.get('retry-after'));
    await wait(Math.min(30, seconds > 0 ? seconds : 5) * 1000);
  }
}

/**
 * Downloads a bought book once its stamped copy is ready (see waitUntilReady). A copy that cannot be
 * made (503) or is not ready within `patienceMs` is a DownloadError.
 */
export async function downloadWhenReady(
  url: string,
  filename: string,
  onPreparing?: () => void,
  patienceMs = 10 * 60_000,
): Promise<void> {
  const status = await waitUntilReady(url, { onPreparing, patienceMs });
  if (status === 503) {
    throw new DownloadError('Your copy cannot be prepared right now; the store has been told. Please try again later.');
  }
  // Ready, or refused for another reason: the browser's download manager fetches it and says so.
  downloadFile(url, filename);
}
