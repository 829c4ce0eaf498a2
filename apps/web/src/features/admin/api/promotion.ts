import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromotionInput, PromotionSetting } from '@ebook/shared';
import { api } from '@/lib/api-client';
import { ADMIN_STALE_TIME } from './get-overview';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/admin/promotion: the store-wide promotion as set, and whether it runs now. */
export const getPromotionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.admin.promotion,
    queryFn: ({ signal }) => api.get<PromotionSetting>('/admin/promotion', { signal }),
    staleTime: ADMIN_STALE_TIME,
  });

export function usePromotionSetting() {
  return useQuery(getPromotionQueryOptions());
}

/** PUT /api/admin/promotion; the shop's prices (GET /api/store) follow. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PromotionInput) => api.put<PromotionSetting & { msg: string }>('/admin/promotion', input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.promotion }),
        queryClient.invalidateQueries({ queryKey: queryKeys.store }),
      ]);
    },
  });
}
