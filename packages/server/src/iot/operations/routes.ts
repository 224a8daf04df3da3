import { Readable } from 'node:stream';
import { envelopeOf, opsQuery, opsView } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { exportOperations, operationsView } from './service.ts';

const tags = ['Device Cloud operation center'];
const VIEW = '/iot/statistics:view';

/** The operation center (decision 0083): the nightly figures of the caller's accounts. */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/operations',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Operation statistics of the last 30 days or 12 months, as the nightly job counted them',
        querystring: opsQuery,
        response: { 200: envelopeOf(opsView) },
      },
    },
    async (request) => ok(request, await operationsView(actorOf(request), request.query.window)),
  );

  app.get(
    '/iot/operations/export',
    {
      config: { access: VIEW, sends: 'file' },
      schema: { tags, summary: 'The operation statistics of the window as an xlsx download', querystring: opsQuery },
    },
    async (request, reply) => {
      const stream = await exportOperations(actorOf(request), request.query.window);
      const name = `operations-${request.query.window}-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}.xlsx`;
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(stream));
    },
  );
};
