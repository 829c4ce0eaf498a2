/**
 * Builds the Fastify app: external plugins, then our decorators, then the API routes under /api, the
 * OPDS catalogue under /opds, then the web app. Tests import this and call `app.inject`.
 */
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PDF_MAX_BYTES } from '@ebook/shared';
import type { Config } from './config/index.js';
import type { Database } from './db/client.js';
import { type FileStore } from './lib/file-store.js';
import { fileStoreFromConfig } from './lib/file-store-from-config.js';
import { serverPackageRoot } from './lib/paths.js';
import authPlugin from './plugins/auth.js';
import breachedPasswords from './plugins/breached-passwords.js';
import caches from './modules/books/catalogue-caches.js';
import catalogueIndex from './modules/books/catalogue-index-keeper.js';
import dbPlugin from './plugins/db.js';
import errorHandler from './plugins/error-handler.js';
import openapi from './plugins/openapi.js';
import rateLimit from './plugins/rate-limit.js';
import security from './plugins/security.js';
import textGuard from './plugins/text-guard.js';
import uploadGuard from './plugins/upload-guard.js';
import webApp from './plugins/web-app.js';
import { registerModules } from './modules/index.js';
import mailPlugin from './modules/mail/mailer.js';
import documentJobs from './modules/files/document-jobs.js';
import stampedCopies from './modules/downloads/stamped-copies.js';
import opdsRoutes from './modules/opds/opds.routes.js';
import paymentReconciler from './modules/orders/payment-reconciler.js';
import samplesPlugin from './modules/reading/samples.plugin.js';
import dbMaintenance from './plugins/db-maintenance.js';
import { paymentGatewayPlugin } from './modules/payment/gateway/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    fileStore: FileStore;
  }
}

/** The body limit of every route that does not set its own (login, cart, payment and the like). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * API answers (JSON, the OPDS feeds' XML, text) compressed on the fly, brotli or gzip as the client
 * accepts: a library page of 24 books is 18 KB of JSON, 3 KB in brotli. Books, covers and files are
 * left alone: they are compressed already (PDF, EPUB, images, octet-stream), and a Range answer's
 * offsets describe the bytes as stored (@fastify/compress never touches a 206 or a Content-Range).
 * Brotli at quality 4: close to gzip's cost with smaller output; 11 would cost tens of ms a reply.
 */
const compressOptions = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  customTypes: (type: string) => /^(?:application\/(?:[\w.+-]+\+)?(?:json|xml)|text\/(?!event-stream))/.test(type),
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};
const HEADERS_TIMEOUT_MS = 20_000;

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  fileStore?: FileStore;
}

export async function buildApp({ config, database, logger = false, fileStore }: BuildAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // Small JSON by default; upload routes raise it for signed-in callers only (auth runs first).
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.IDLE_TIMEOUT_SECONDS * 1000,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: { customOptions: { removeAdditional: false } },
    // The router's own refusals (an undecodable or overlong path) answer like every other error.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .status(tooLong ? 414 : 400)
        .send(
          tooLong
            ? { msg: 'The address is too long.', code: 'URI_TOO_LONG' }
            : { msg: 'The address is not valid.', code: 'BAD_URL' },
        );
    },
  }).withTypeProvider<ZodTypeProvider>();

  // A client that sends its headers slowly (slowloris) is cut off; node's default is 60 s.
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Answered before its body was read (refused): close the connection instead of reading the rest.
    if (request.raw.complete === false) reply.header('connection', 'close');
  });

  app.decorate('config', config);
  app.decorate('fileStore', fileStore ?? fileStoreFromConfig(config));
  app.addHook('onClose', async () => app.fileStore.close?.());

  await app.register(errorHandler);
  await app.register(security);
  await app.register(textGuard);
  // Before the web app's static files (which are precompressed at build: .br and .gz beside each).
  await app.register(compress, compressOptions);
  await app.register(rateLimit, { redisUrl: config.REDIS_URL });
  await app.register(multipart, {
    limits: { fileSize: PDF_MAX_BYTES, files: 4, fields: 40, fieldSize: 64 * 1024, parts: 50 },
  });
  await app.register(openapi);
  await app.register(dbPlugin, { database });
  await app.register(caches);
  await app.register(catalogueIndex);
  await app.register(dbMaintenance);
  await app.register(authPlugin, { jwtSecret: config.JWT_SECRET });
  await app.register(mailPlugin);
  await app.register(paymentGatewayPlugin);
  await app.register(paymentReconciler);
  await app.register(documentJobs);
  await app.register(stampedCopies);
  await app.register(samplesPlugin);
  await app.register(breachedPasswords);
  await app.register(uploadGuard, {
    perMember: config.UPLOADS_PER_MEMBER,
    largeJsonAtOnce: config.LARGE_JSON_UPLOADS_AT_ONCE,
  });

  await app.register(registerModules, { prefix: '/api' });
  // E-reader apps (OPDS): outside /api, with their own authentication (HTTP Basic and app passwords).
  await app.register(opdsRoutes, { prefix: '/opds' });

  const distDir = config.WEB_DIST_DIR ?? path.resolve(serverPackageRoot(), '..', 'web', 'dist');
  await app.register(webApp, { distDir });

  return app;
}

/**
 * Fastify's trust function for TRUST_PROXY: the listed addresses, or the nearest N hops (Fastify
 * itself ignores a bare hop count). Hop 0 is the connection's own peer.
 */
function trustedProxies(
  setting: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  if (setting === 0) return false;
  return (_address, hop) => hop < setting;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
