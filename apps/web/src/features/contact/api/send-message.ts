import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '@ebook/shared';
import { api } from '@/lib/api-client';

/** POST /api/contact: stored for the store's admins and mailed to the store. */
export const sendContactMessage = (input: ContactMessageInput) => api.post<{ msg: string }>('/contact', input);

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
