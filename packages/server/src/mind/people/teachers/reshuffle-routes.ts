import { envelopeOf, pageOf, reshuffleApply, reshuffleAudit, reshuffleQuery, reshuffleRow } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import { applyChange, decide, listChanges } from './reshuffle.ts';

const tags = ['teachers'];

/** Teacher reshuffle: a request (dimission, retirement, rehire, transfer), its review by someone else, and the history. */
export const reshuffleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-user/teacher/reshuffle/apply',
    {
      config: { access: '/system/teacher:reshuffle' },
      schema: {
        tags,
        summary: 'Request a dimission, retirement, rehire or transfer',
        body: reshuffleApply,
        response: { 200: envelopeOf(reshuffleRow) },
      },
    },
    async (request) => ok(request, await applyChange(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/teacher/reshuffle/page',
    {
      config: { access: '/system/teacher:view' },
      schema: {
        tags,
        summary: 'Reshuffle requests of the scope: pending first, then the history',
        body: reshuffleQuery,
        response: { 200: envelopeOf(pageOf(reshuffleRow)) },
      },
    },
    async (request) => ok(request, await listChanges(actorOf(request), request.body)),
  );

  app.post(
    '/apis-user/teacher/reshuffle/audit',
    {
      config: { access: '/system/teacher:audit' },
      schema: {
        tags,
        summary: "Approve (and so apply) or reject a pending request; never one's own",
        body: reshuffleAudit,
        response: { 200: envelopeOf(reshuffleRow) },
      },
    },
    async (request) => ok(request, await decide(actorOf(request), request.body)),
  );
};
