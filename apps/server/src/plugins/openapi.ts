import { errorResponseSchema } from '@ebook/shared';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The `{ msg, code }` every 4xx answers with, declared once and referenced by every operation. */
const ERROR_RESPONSE_REF = '#/components/responses/Error';

/** The OpenAPI document, generated from the routes' zod schemas, and its browsable reference. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'E-book library and store API',
          description:
            'Every error is `{ msg, code }` (the ErrorResponse schema; `code` is one of its list). Authenticate with `Authorization: Bearer <token>` from POST /api/auth/login, or the session cookie it sets.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
          schemas: { ErrorResponse: errorResponseJsonSchema() },
          responses: {
            Error: {
              description: 'The request was refused: `{ msg, code }`.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
            },
          },
        },
        security: [{ bearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: withErrorResponses,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  },
  { name: 'openapi' },
);

function errorResponseJsonSchema() {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorResponseSchema, { target: 'openapi-3.0' });
  return schema as Record<string, unknown>;
}

type Operation = { responses?: Record<string, unknown> };

/** Every operation may be refused: a `4XX` response (a route's own 4xx codes still come first). */
const withErrorResponses: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const paths = (document.openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      operation.responses = { ...operation.responses, '4XX': { $ref: ERROR_RESPONSE_REF } };
    }
  }
  return document.openapiObject;
};
