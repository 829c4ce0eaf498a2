import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookMutationResponse } from '@ebook/shared';
import { uploadWithProgress } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SaveBookInput {
  /** Present when editing: PUT /api/books/{id}; otherwise POST /api/books/. */
  bookId?: string;
  form: FormData;
  onProgress: (fraction: number) => void;
}

/** Sends the book form as multipart, reporting upload progress. */
export function saveBook({ bookId, form, onProgress }: SaveBookInput): Promise<BookMutationResponse> {
  return bookId
    ? uploadWithProgress<BookMutationResponse>('PUT', `/books/${encodeURIComponent(bookId)}`, form, onProgress)
    : uploadWithProgress<BookMutationResponse>('POST', '/books/', form, onProgress);
}

export function useSaveBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBook,
    // Every list that can show the book (library, dashboards, pending approvals) is now stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.books.all }),
  });
}
