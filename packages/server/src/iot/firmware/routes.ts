import fastifyMultipart from '@fastify/multipart';
import { envelopeOf, firmwareSearch, firmwareView, pageOf, queryId } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { firmwareDetail, firmwareList, removeFirmware, uploadFirmware } from './service.ts';

const tags = ['Device Cloud firmware'];
const byId = z.object({ id: queryId });
const FIRMWARE = '/iot/firmware';

/** The calls of Firmware Management. */
export const firmwareRoutes: FastifyPluginAsyncZod = async (app) => {
  // The upload call sets its own limits; these refuse multipart anywhere else.
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 0, fields: 0, parts: 1 } });

  app.get(
    '/iot/firmware',
    {
      config: { access: `${FIRMWARE}:view` },
      schema: {
        tags,
        summary: 'Firmware: search by name, series, model or version, by type; paged',
        querystring: firmwareSearch,
        response: { 200: envelopeOf(pageOf(firmwareView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await firmwareList(actorOf(request), filter, { page, size }));
    },
  );
  app.get(
    '/iot/firmware/:id',
    {
      config: { access: `${FIRMWARE}:view` },
      schema: { tags, summary: 'One firmware', params: byId, response: { 200: envelopeOf(firmwareView) } },
    },
    async (request) => ok(request, await firmwareDetail(actorOf(request), request.params.id)),
  );
  app.post(
    '/iot/firmware',
    {
      config: { access: `${FIRMWARE}:add` },
      schema: {
        tags,
        summary:
          'Upload firmware (multipart: file, name, series, model, version, type, optional sha256 and remark); at most 16 MB',
        response: { 200: envelopeOf(firmwareView) },
      },
    },
    async (request) => ok(request, await uploadFirmware(actorOf(request), request)),
  );
  app.delete(
    '/iot/firmware/:id',
    {
      config: { access: `${FIRMWARE}:delete` },
      schema: { tags, summary: 'Delete firmware', params: byId, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await removeFirmware(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
