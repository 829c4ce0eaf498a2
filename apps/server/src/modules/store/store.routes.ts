import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeInfoSchema } from '@ebook/shared';

/** GET /api/store: public facts about the store the web app needs before it shows a price. */
const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store',
    {
      schema: {
        tags: ['store'],
        summary: 'The store currency (STORE_CURRENCY), for formatting prices',
        response: { 200: storeInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { currency: app.config.STORE_CURRENCY };
    },
  );
};

export default storeRoutes;
