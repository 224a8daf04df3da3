import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the routes' Zod schemas: JSON at `/api/docs`, a viewer at
 * `/api/docs/ui`. Register before the routes so that every route is seen.
 */
export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Meridian API',
        description: 'Device Cloud and Mind. Every answer is { code, message, data }; code 200 is success.',
        version,
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs/ui', staticCSP: true });
  app.get('/api/docs', { schema: { hide: true }, config: { access: 'public', sends: 'file' } }, async () =>
    app.swagger(),
  );
}
