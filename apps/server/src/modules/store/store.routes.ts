import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeInfoSchema } from '@ebook/shared';
import { googleConfigured } from '../auth/index.js';
import { listPublicBooks } from '../books/index.js';
import { getRunningPromotion } from '../promotion/index.js';

/**
 * GET /api/store: public facts about the store the web app needs before it shows a price: the
 * currency, the promotion running now, the payment gateway configured (the simulated one is a test
 * mode) and the catalogue's counts (from the catalogue's few-second facet cache).
 */
const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store',
    {
      schema: {
        tags: ['store'],
        summary:
          "Currency (STORE_CURRENCY), the store's name, e-mail and phone, the phone fields' country (DEFAULT_COUNTRY), running promotion, payment gateway and catalogue counts",
        response: { 200: storeInfoSchema },
      },
    },
    async (_request, reply) => {
      const [promotion, all, free] = await Promise.all([
        getRunningPromotion(app.db),
        listPublicBooks(app.db, app.caches, { page: 1, limit: 1, type: 'all' }),
        listPublicBooks(app.db, app.caches, { page: 1, limit: 1, type: 'free' }),
      ]);
      // A promotion starts and ends at the admin's word: a browser asks again rather than keep it.
      reply.header('Cache-Control', 'no-cache');
      const { STORE_CURRENCY, STORE_NAME, STORE_EMAIL, STORE_PHONE, DEFAULT_COUNTRY } = app.config;
      return {
        currency: STORE_CURRENCY,
        name: STORE_NAME,
        email: STORE_EMAIL,
        phone: STORE_PHONE,
        defaultCountry: DEFAULT_COUNTRY,
        promotion,
        gateway: app.paymentGateway.name,
        googleSignIn: googleConfigured(app.config),
        stats: { books: all.total, freeBooks: free.total, categories: all.categories.length },
      };
    },
  );
};

export default storeRoutes;
