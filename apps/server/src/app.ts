/**
 * Builds the Fastify app: external plugins, then our decorators, then the API routes under /api,
 * then the web app. Tests import this and call `app.inject`.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PDF_MAX_BYTES } from '@ebook/shared';
import type { Config } from './config/index.js';
import type { Database } from './db/client.js';
import { LocalFileStore, type FileStore } from './lib/file-store.js';
import { serverPackageRoot } from './lib/paths.js';
import authPlugin from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import errorHandler from './plugins/error-handler.js';
import openapi from './plugins/openapi.js';
import rateLimit from './plugins/rate-limit.js';
import security from './plugins/security.js';
import webApp from './plugins/web-app.js';
import { registerModules } from './modules/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    fileStore: FileStore;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  fileStore?: FileStore;
}

export async function buildApp({ config, database, logger = false, fileStore }: BuildAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  app.decorate('config', config);
  app.decorate('fileStore', fileStore ?? new LocalFileStore(config.filesDir));

  await app.register(errorHandler);
  await app.register(security);
  await app.register(rateLimit, { redisUrl: config.REDIS_URL });
  await app.register(multipart, {
    limits: { fileSize: PDF_MAX_BYTES, files: 4, fields: 40, fieldSize: 64 * 1024, parts: 50 },
  });
  await app.register(openapi);
  await app.register(dbPlugin, { database });
  await app.register(authPlugin, { jwtSecret: config.JWT_SECRET });

  await app.register(registerModules, { prefix: '/api' });

  const distDir = config.WEB_DIST_DIR ?? path.resolve(serverPackageRoot(), '..', 'web', 'dist');
  await app.register(webApp, { distDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
