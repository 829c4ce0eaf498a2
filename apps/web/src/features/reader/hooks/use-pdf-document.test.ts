import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '@/test/server';
import { usePdfDocument } from './use-pdf-document';

// pdf.js needs a real browser (the reader's browser tests open PDFs); here no PDF is ever opened.
const getDocument = vi.hoisted(() => vi.fn());
vi.mock('pdfjs-dist', () => ({ GlobalWorkerOptions: {}, getDocument }));

describe('usePdfDocument', () => {
  it('says the file is being prepared while the server answers 202, and why it cannot be read after', async () => {
    // The second answer waits until the test has seen 'preparing': on a busy machine the retry could
    // otherwise be answered before React rendered the state between.
    let answerAgain!: () => void;
    const again = new Promise<Response>((resolve) => {
      answerAgain = () => resolve(new Response(null, { status: 503 }));
    });
    const answers = [Promise.resolve(new Response(null, { status: 202, headers: { 'retry-after': '0.01' } })), again];
    const fetch = stubServer(() => answers.shift() ?? new Response(null, { status: 503 }));
    const seen: string[] = [];
    const { result } = renderHook(() => {
      const state = usePdfDocument('/api/books/b1/sample');
      if (seen.at(-1) !== state.status) seen.push(state.status);
      return state;
    });
    await waitFor(() => expect(result.current.status).toBe('preparing'));
    answerAgain();
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(seen).toEqual(['loading', 'preparing', 'error']);
    expect(result.current).toEqual({ status: 'error', failure: 'unavailable' });
    expect(getDocument).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledWith('/api/books/b1/sample', expect.objectContaining({ method: 'HEAD' }));
  });
});
