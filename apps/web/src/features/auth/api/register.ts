import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@ebook/shared';
import { api } from '@/lib/api-client';

export function register(input: RegisterInput): Promise<{ msg: string }> {
  return api.post('/auth/register', input);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
