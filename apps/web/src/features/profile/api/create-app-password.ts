import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAppPasswordInput, CreatedAppPassword } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/users/me/app-passwords: the answer is the only time the password is shown. */
export const createAppPassword = (input: CreateAppPasswordInput) =>
  api.post<CreatedAppPassword>('/users/me/app-passwords', input);

export function useCreateAppPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appPasswords }),
  });
}
