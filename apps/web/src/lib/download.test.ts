import { describe, expect, it } from 'vitest';
import { pdfFileName } from './download';

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
