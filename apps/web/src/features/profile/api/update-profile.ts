import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { storeUser } from '@/lib/auth/auth-storage';
import { queryKeys } from '@/lib/query-keys';

export interface ProfileChanges {
  name: string;
  phone: string;
  /** A new picture file, or undefined to keep the current one. */
  picture?: File;
}

/** PUT /api/users/me as multipart, so the picture streams as a file. */
export const updateProfile = ({ name, phone, picture }: ProfileChanges) => {
  const form = new FormData();
  form.set('name', name);
  form.set('phone', phone);
  if (picture) form.set('profileImage', picture);
  return api.put<{ msg: string; user: User }>('/users/me', form);
};

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      storeUser(user);
      queryClient.setQueryData(queryKeys.profile, user);
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
}
