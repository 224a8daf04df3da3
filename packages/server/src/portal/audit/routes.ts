import { auditQuery, envelopeOf, pageOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../orgs/actor.ts';
import { flushRefusals } from './refusals.ts';
import { searchAudit } from './search.ts';

const entry = z.object({
  id: z.number(),
  at: z.number(),
  userId: z.number().nullable(),
  account: z.string().nullable(),
  action: z.string(),
  result: z.enum(['ok', 'fail']),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** The audit log search for administrators. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  // Refusals still being counted are written before the database closes.
  app.addHook('onClose', () => flushRefusals(app.db.kysely));
  app.post(
    '/apis-authz/audit/page',
    {
      config: { access: '/system/audit:view' },
      schema: {
        tags: ['audit'],
        summary: "Search the audit log of the caller's scope by account, action, result and time, newest first",
        body: auditQuery,
        response: { 200: envelopeOf(pageOf(entry)) },
      },
    },
    async (request) => ok(request, await searchAudit(actorOf(request), request.body)),
  );
};
