import { envelopeOf, healthSchema, translate } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../db/sql.ts';
import { ok } from '../http/envelope.ts';

const startedAt = Date.now();

/** Whether Meridian answers and its database with it; load balancers and the portal read it. */
export const healthRoutes: FastifyPluginAsyncZod<{ services: readonly string[] }> = async (app, { services }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Version, database engine and whether the database answers',
        response: { 200: envelopeOf(healthSchema), 503: envelopeOf(healthSchema) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const database = await pingDatabase(app.db.kysely)
        .then(() => 'up' as const)
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'health: database does not answer');
          return 'down' as const;
        });
      const data = {
        version: app.config.version,
        engine: app.db.engine,
        database,
        services: [...services],
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      if (database === 'up') return ok(request, data);
      return reply.code(503).send({ code: 503, message: translate('http.unavailable', request.lang), data });
    },
  );
};
