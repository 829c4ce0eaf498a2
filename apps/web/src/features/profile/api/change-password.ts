import { useMutation } from '@tanstack/react-query';
import type { PasswordChangeInput } from '@ebook/shared';
import { api } from '@/lib/api-client';

/** PUT /api/users/me/password: this session stays, every other one ends. */
export const changePassword = (input: PasswordChangeInput) => api.put<{ msg: string }>('/users/me/password', input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
