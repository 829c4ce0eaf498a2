import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookOwnersResponse, DeleteBookResponse } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /api/books/{id}: an admin may delete any book; one that members own is unlisted instead. */
export function deleteBook(id: string): Promise<DeleteBookResponse> {
  return api.delete<DeleteBookResponse>(`/books/${encodeURIComponent(id)}`);
}

/** GET /api/books/{id}/owners: how many members own the book (asked just before the confirmation). */
export function getBookOwners(id: string): Promise<BookOwnersResponse> {
  return api.get<BookOwnersResponse>(`/books/${encodeURIComponent(id)}/owners`);
}

/** The delete confirmation's text: an owned book is unlisted, and the admin is told so first. */
export function deleteConfirmText(owners: number): string {
  if (owners === 0) return 'This will permanently delete the book.';
  const who = owners === 1 ? '1 member owns' : `${owners} members own`;
  return `${who} this book. It will be removed from the library, carts and wishlists, and its owners keep it in My Library.`;
}

/** Reads the book lists again: after a delete, or on finding a book already gone. */
export function useRefreshBookLists() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.books.all }),
    ]);
  };
}

export function useDeleteBook() {
  const refreshBookLists = useRefreshBookLists();
  return useMutation({ mutationFn: deleteBook, onSettled: refreshBookLists });
}
