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
  const safe = [...title]
    .map((char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  return `${safe || 'book'}.pdf`;
}
