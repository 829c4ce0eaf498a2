import { useMutation } from '@tanstack/react-query';
import type { RegisterInput, User } from '@ebook/shared';
import { api } from '@/lib/api-client';

export function register(input: RegisterInput): Promise<{ msg: string; user: User }> {
  return api.post('/auth/register', input);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
