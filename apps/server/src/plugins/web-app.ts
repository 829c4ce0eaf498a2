import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app (apps/web/dist) on the same port as the API. Hashed assets are cached for
 * a year; index.html is revalidated so a new release is picked up at once. The build writes a brotli
 * (.br) and a gzip (.gz) copy beside every text file (apps/web/vite.config.ts): the one the browser
 * accepts is sent as it is, with its Content-Encoding and `Vary: Accept-Encoding`.
 */
export default fp<{ distDir: string }>(
  async (app, { distDir }) => {
    if (!existsSync(path.join(distDir, 'index.html'))) {
      app.log.warn({ distDir }, 'web app not built; run `npm run build` to serve it');
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  },
  { name: 'web-app' },
);
