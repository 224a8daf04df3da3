import { deviceToken, envelopeOf, INGEST_MAX_BYTES, ingestReport, ingestResult, queryId } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { makeDeviceToken, ingestReport as receiveReport } from './http.ts';

const tags = ['Device Cloud ingest'];

/** The HTTP ingest endpoint of NB and cellular devices, and the device page's call that makes their token. */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/iot/ingest',
    {
      // Public to the session guard: the device signs in with its own token, checked by the service.
      config: { access: 'public' },
      bodyLimit: INGEST_MAX_BYTES,
      schema: {
        tags,
        summary: 'A device reports values (Authorization: Device <token>); answered once they are stored',
        body: ingestReport,
        response: { 200: envelopeOf(ingestResult) },
      },
    },
    async (request) => ok(request, await receiveReport(request, request.body)),
  );

  app.post(
    '/iot/devices/:id/ingest-token',
    {
      config: { access: '/iot/devices:edit' },
      schema: {
        tags,
        summary: 'Makes the device’s HTTP ingest token (shown once; the previous one stops working)',
        params: z.object({ id: queryId }),
        response: { 200: envelopeOf(deviceToken) },
      },
    },
    async (request) => ok(request, await makeDeviceToken(actorOf(request), request.params.id)),
  );
};
