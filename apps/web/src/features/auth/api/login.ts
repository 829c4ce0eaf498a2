import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { storeUser } from '@/lib/auth/auth-storage';
import { queryKeys } from '@/lib/query-keys';

export function login(input: LoginInput): Promise<LoginResponse> {
  return api.post<LoginResponse>('/auth/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      // The token stays in the HttpOnly cookie; only the user is kept, for display.
      storeUser(user);
      queryClient.setQueryData(queryKeys.me, user);
      // Books carry `owned` for the signed-in reader: what a visitor fetched says nothing of it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.books.all });
    },
  });
}
