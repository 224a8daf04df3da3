import {
  debugReply,
  debugRequest,
  dtuSettings,
  dtuSettingsView,
  envelopeOf,
  pageOf,
  pointWrite,
  pointWritten,
  queryId,
  registrationLogItem,
  registrationLogQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { closeCommands, reachDevice } from './commands.ts';
import { debugDevice, dtuSettingsOf, registrationLog, setDtuSettings, writePoint } from './service.ts';

const tags = ['Device Cloud gateway'];
const VIEW = '/iot/devices:view';
const EDIT = '/iot/devices:edit';
const byDevice = z.object({ id: queryId });

/** The calls that reach a device through the gateway: writes, Data Debugging, DTU settings and the registration log. */
export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  // Writes and debugging frames for devices held by another process open a LISTEN connection (decision 0076).
  app.addHook('onClose', async (instance) => closeCommands(instance.db));
  app.post(
    '/iot/devices/:id/points/:pointId/write',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Writes a value to a data point of a connected device (inverse formula applied), ahead of polling',
        params: z.object({ id: queryId, pointId: queryId }),
        body: pointWrite,
        response: { 200: envelopeOf(pointWritten) },
      },
    },
    async (request) =>
      ok(
        request,
        await writePoint(
          actorOf(request),
          (id) => reachDevice(request.server.db, id, request.server.log as Logger),
          request.params.id,
          request.params.pointId,
          request.body.value,
        ),
      ),
  );

  app.post(
    '/iot/devices/:id/debug',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Data Debugging: sends hexadecimal data to the device as it is and returns the raw reply',
        params: byDevice,
        body: debugRequest,
        response: { 200: envelopeOf(debugReply) },
      },
    },
    async (request) =>
      ok(
        request,
        await debugDevice(
          actorOf(request),
          (id) => reachDevice(request.server.db, id, request.server.log as Logger),
          request.params.id,
          request.body.payload,
        ),
      ),
  );

  app.get(
    '/iot/devices/:id/dtu-settings',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "A DTU's registration packet, heartbeat and register merge length",
        params: byDevice,
        response: { 200: envelopeOf(dtuSettingsView) },
      },
    },
    async (request) => ok(request, await dtuSettingsOf(actorOf(request), request.params.id)),
  );

  app.put(
    '/iot/devices/:id/dtu-settings',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          "Sets a DTU's registration packet (sent once or before every packet), heartbeat and register merge length",
        params: byDevice,
        body: dtuSettings,
        response: { 200: envelopeOf(dtuSettingsView) },
      },
    },
    async (request) => ok(request, await setDtuSettings(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/iot/gateway/registrations',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The DTU registration log: accepted and refused registrations with the reason, newest first',
        querystring: registrationLogQuery,
        response: { 200: envelopeOf(pageOf(registrationLogItem)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await registrationLog(actorOf(request), filter, { page, size }));
    },
  );
};
