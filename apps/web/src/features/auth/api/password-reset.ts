import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, ResetPasswordInput } from '@ebook/shared';
import { api } from '@/lib/api-client';

export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ msg: string }> {
  return api.post('/auth/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function resetPassword(input: ResetPasswordInput): Promise<{ msg: string }> {
  return api.post('/auth/reset-password', input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
