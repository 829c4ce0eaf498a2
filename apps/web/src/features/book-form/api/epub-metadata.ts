import { api } from '@/lib/api-client';
import type { EpubMetadata } from '@ebook/shared';

/** POST /api/books/epub-metadata: what the EPUB's package says about the book (nothing is stored). */
export function readEpubMetadata(epub: File): Promise<EpubMetadata> {
  const form = new FormData();
  form.append('epub', epub, epub.name);
  return api.post<EpubMetadata>('/books/epub-metadata', form);
}
