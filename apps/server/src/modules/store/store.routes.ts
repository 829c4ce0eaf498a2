import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeInfoSchema } from '@ebook/shared';

/** GET /api/store: public facts about the store the web app needs before it shows a price. */
const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store',
    {
      schema: {
        tags: ['store'],
        summary: "The store's currency (STORE_CURRENCY), name, e-mail and phone",
        response: { 200: storeInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      const { STORE_CURRENCY, STORE_NAME, STORE_EMAIL, STORE_PHONE } = app.config;
      return { currency: STORE_CURRENCY, name: STORE_NAME, email: STORE_EMAIL, phone: STORE_PHONE };
    },
  );
};

export default storeRoutes;
