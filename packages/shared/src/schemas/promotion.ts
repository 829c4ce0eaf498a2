import { z } from 'zod';

export const PROMOTION_MIN_PERCENT = 1;
export const PROMOTION_MAX_PERCENT = 90;
export const PROMOTION_PERCENT_MESSAGE = `The discount must be a whole percentage from ${PROMOTION_MIN_PERCENT} to ${PROMOTION_MAX_PERCENT}.`;
export const PROMOTION_END_MESSAGE = 'The end date must be in the future.';

/** The running promotion as everyone sees it (GET /api/store), or null when none runs. */
export const runningPromotionSchema = z.object({ percentOff: z.number().int(), endsAt: z.string() });
export type RunningPromotion = z.infer<typeof runningPromotionSchema>;

/** PUT /api/admin/promotion: the admin's setting. A past end date is refused only when switching on. */
export const promotionInputSchema = z.object({
  percentOff: z.coerce
    .number({ error: PROMOTION_PERCENT_MESSAGE })
    .int(PROMOTION_PERCENT_MESSAGE)
    .min(PROMOTION_MIN_PERCENT, PROMOTION_PERCENT_MESSAGE)
    .max(PROMOTION_MAX_PERCENT, PROMOTION_PERCENT_MESSAGE),
  endsAt: z.iso.datetime({ offset: true, error: 'The end date must be a date and time.' }),
  active: z.boolean(),
});
export type PromotionInput = z.infer<typeof promotionInputSchema>;

/** GET /api/admin/promotion: the setting (null before any was made) and whether it runs now. */
export const promotionSettingSchema = z.object({
  promotion: z
    .object({ percentOff: z.number().int(), endsAt: z.string(), active: z.boolean(), running: z.boolean() })
    .nullable(),
});
export type PromotionSetting = z.infer<typeof promotionSettingSchema>;
