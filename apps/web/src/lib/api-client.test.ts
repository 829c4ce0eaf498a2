import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/server';
import { ApiError, api, buildUrl } from './api-client';

describe('api client', () => {
  it('builds /api addresses and drops empty query values', () => {
    expect(buildUrl('/books', { page: 2, q: 'moby dick', category: '', type: undefined })).toBe(
      '/api/books?page=2&q=moby+dick',
    );
    expect(buildUrl('/books')).toBe('/api/books');
  });

  it("turns an error response into an ApiError with the server's msg and code", async () => {
    stubServer(() => new Response(JSON.stringify({ msg: 'Book not found.', code: 'NOT_FOUND' }), { status: 404 }));
    const error = await api.get('/books/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Book not found.' });
  });

  it("keeps only codes of the catalogue: an answer that is not the API's is HTTP_ERROR", async () => {
    stubServer(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(api.get('/books')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'Request failed (502)',
    });
    stubServer(() => new Response(JSON.stringify({ msg: 'Odd.', code: 'NOT_A_CODE' }), { status: 400 }));
    await expect(api.get('/books')).rejects.toMatchObject({ status: 400, code: 'HTTP_ERROR', message: 'Odd.' });
  });

  it('reports an unreachable server as a network error', async () => {
    stubServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/books')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
