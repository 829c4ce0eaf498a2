import fp from 'fastify-plugin';
import { SampleMaker } from './samples.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    samples: SampleMaker;
  }
}

/** The server's sample maker: one cut at a time, waited for before the database closes. */
export default fp(
  async (app) => {
    const maker = new SampleMaker({ db: app.db, store: app.fileStore, caches: app.caches, jobs: app.documentJobs });
    app.decorate('samples', maker);
    app.addHook('preClose', async () => {
      await maker.idle();
    });
  },
  { name: 'samples', dependencies: ['db', 'caches', 'document-jobs'] },
);
