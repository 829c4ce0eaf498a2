/** The admin's store-wide promotion: read and set it. Everyone sees the running one in GET /api/store. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promotionInputSchema, promotionSettingSchema } from '@ebook/shared';
import { z } from 'zod';
import { getPromotionRow, presentSetting, setPromotion } from './promotion.service.js';

const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/promotion',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The store-wide promotion as set (null before any), and whether it runs now',
        response: { 200: promotionSettingSchema },
      },
    },
    async () => presentSetting(await getPromotionRow(app.db)),
  );

  app.put(
    '/admin/promotion',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Set the promotion: percentOff 1-90, endsAt (ISO date-time, in the future to switch it on), active',
        body: promotionInputSchema,
        response: { 200: promotionSettingSchema.extend({ msg: z.string() }) },
      },
    },
    async (request) => {
      const row = await setPromotion(app.db, request.body);
      return { msg: 'Promotion saved.', ...presentSetting(row) };
    },
  );
};

export default promotionRoutes;
