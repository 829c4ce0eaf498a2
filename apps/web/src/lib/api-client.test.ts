import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('builds /api addresses and drops empty query values', () => {
    expect(buildUrl('/books', { page: 2, q: 'moby dick', category: '', type: undefined })).toBe(
      '/api/books?page=2&q=moby+dick',
    );
    expect(buildUrl('/books')).toBe('/api/books');
  });

  it("turns an error response into an ApiError with the server's msg and code", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ msg: 'Book not found.', code: 'NOT_FOUND' }), { status: 404 })),
    );
    const error = await api.get('/books/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Book not found.' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/books')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
