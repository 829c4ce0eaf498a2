import { ERROR_CODES } from '@ebook/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.js';

interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties: { code: { enum: string[] } } }>;
    responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
  };
}

let ctx: TestContext;
let document: Document;
beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => ctx.close());

describe('the OpenAPI document declares the error responses from the one schema', () => {
  it('has the ErrorResponse schema with every code of the catalogue, and an Error response using it', () => {
    const schema = document.components.schemas.ErrorResponse!;
    expect(schema).toMatchObject({ type: 'object', required: ['msg', 'code'] });
    expect(schema.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(document.components.responses.Error!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ErrorResponse',
    });
  });

  it('declares a 4XX Error response on every operation', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        operation: `${method.toUpperCase()} ${path}`,
        operation4xx: operation.responses['4XX'],
      })),
    );
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter(({ operation4xx }) => operation4xx?.$ref !== '#/components/responses/Error')).toEqual([]);
  });

  it('a route that names its own refusal (401 on login) declares the same schema', () => {
    const login = document.paths['/api/auth/login']!.post!;
    const { schema } = login.responses['401']!.content!['application/json']!;
    const { properties, required } = document.components.schemas.ErrorResponse as unknown as {
      properties: unknown;
      required: unknown;
    };
    expect(schema).toMatchObject({ properties, required });
    expect(login.responses['200']).toBeDefined();
  });
});
