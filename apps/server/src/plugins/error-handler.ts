import { isErrorCode, type ErrorCode, type ErrorResponse } from '@ebook/shared';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, causes } from '../lib/errors.js';

interface Issue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/**
 * Turns every error into `{ msg, code }` (`ErrorResponse`, a code from the catalogue) with the right
 * status; 5xx details stay in the log.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
        return reply
          .status(error.statusCode)
          .send({ msg: error.message, code: error.code, details: error.details } satisfies ErrorResponse);
      }
      if (error instanceof ZodError) {
        const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
        return reply.status(400).send({
          msg: issues[0]?.message ?? 'Invalid request',
          code: 'VALIDATION_ERROR',
          details: issues,
        } satisfies ErrorResponse);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = (error.validation as Issue[]).map((issue) => ({
          path: issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '',
          message: issue.message ?? 'Invalid value',
        }));
        return reply.status(400).send({
          msg: issues[0]?.message ?? 'Invalid request',
          code: 'VALIDATION_ERROR',
          details: issues,
        } satisfies ErrorResponse);
      }
      const status = error.statusCode ?? 500;
      if (status < 500) {
        return reply
          .status(status)
          .send({ msg: clientMessage(error, status), code: clientCode(error, status) } satisfies ErrorResponse);
      }
      if (hasCode(error, 'ENOSPC') || hasCode(error, 'EDQUOT')) {
        // A write found the disk full: what it staged is already removed (the file store's rule).
        request.log.error({ err: error }, 'out of storage space');
        return reply.status(507).send({
          msg: 'The store has run out of storage space. Please try again later.',
          code: 'INSUFFICIENT_STORAGE',
        } satisfies ErrorResponse);
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('Retry-After', '5')
          .send({
            msg: 'The store is briefly unavailable. Please try again in a moment.',
            code: 'DATABASE_UNAVAILABLE',
          } satisfies ErrorResponse);
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ msg: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } satisfies ErrorResponse);
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({
        msg: `No route for ${request.method} ${request.url.split('?')[0]}`,
        code: 'NOT_FOUND',
      } satisfies ErrorResponse);
    });
  },
  { name: 'error-handler' },
);

function hasCode(error: unknown, code: string): boolean {
  return [...causes(error)].some((cause) => (cause as { code?: unknown }).code === code);
}

function clientMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
  }
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  return error.message || 'Bad request';
}

/** The framework's and plugins' own 4xx (`FST_…` codes) answer with the catalogue's general codes. */
function clientCode(error: FastifyError, status: number): ErrorCode {
  if (status === 429) return 'RATE_LIMITED';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  return isErrorCode(error.code) ? error.code : 'BAD_REQUEST';
}
