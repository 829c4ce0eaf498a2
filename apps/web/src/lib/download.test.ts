import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadWhenReady, DownloadError, pdfFileName } from './download';

describe('pdfFileName', () => {
  it('names the file after the title', () => {
    expect(pdfFileName('The Time Machine')).toBe('The Time Machine.pdf');
  });

  it('replaces characters no file system accepts and never returns an empty name', () => {
    expect(pdfFileName('War/Peace: "Vol 1"?')).toBe('War Peace Vol 1.pdf');
    expect(pdfFileName('a\u0000b\tc')).toBe('a b c.pdf');
    expect(pdfFileName('///')).toBe('book.pdf');
  });
});

describe('downloadWhenReady', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits while the copy is prepared (202, Retry-After), then hands it to the download manager', async () => {
    const answers = [
      new Response(null, { status: 202, headers: { 'retry-after': '0.01' } }),
      new Response(null, { status: 200 }),
    ];
    const fetch = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetch);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const preparing = vi.fn();
    await downloadWhenReady('/api/books/b1/pdf', 'Book.pdf', preparing);
    expect(preparing).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledWith('/api/books/b1/pdf', expect.objectContaining({ method: 'HEAD' }));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('a copy that cannot be prepared (503) is an error, and nothing is downloaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await expect(downloadWhenReady('/api/books/b1/pdf', 'Book.pdf')).rejects.toBeInstanceOf(DownloadError);
    expect(click).not.toHaveBeenCalled();
  });
});
