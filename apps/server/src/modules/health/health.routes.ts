import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unavailable } from '../../lib/errors.js';

/** Liveness (the process answers) and readiness (the database answers). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: checks the database',
        response: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'pg']) }) },
      },
    },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        app.log.error({ err: error }, 'database not ready');
        throw unavailable('The database is not available.', 'DATABASE_UNAVAILABLE');
      }
      return { status: 'ready' as const, database: app.database.driver };
    },
  );
};

export default healthRoutes;
