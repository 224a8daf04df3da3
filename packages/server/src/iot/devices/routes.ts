import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  deviceBatch,
  deviceChoices,
  deviceChoicesQuery,
  deviceCreate,
  deviceDetail,
  deviceFilter,
  deviceListItem,
  deviceListQuery,
  deviceMap,
  deviceMapQuery,
  deviceUpdate,
  envelopeOf,
  pageOf,
  queryId,
  warrantyItem,
  warrantyQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { reachDevice } from '../gateway/commands.ts';
import { deviceChoices as readChoices } from './choices.ts';
import { importDevices, importTemplate } from './import.ts';
import {
  addBatch,
  addDevice,
  deviceList,
  editDevice,
  deviceDetail as readDevice,
  removeDevice,
  setDeviceEnabled,
} from './service.ts';
import { exportDevices, deviceMap as readMap, warrantyList } from './views.ts';

const tags = ['Device Cloud devices'];
const byId = z.object({ id: queryId });
const VIEW = '/iot/devices:view';
const EDIT = '/iot/devices:edit';

/** An attachment's header, with a UTF-8 name for browsers that read one. */
const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** The calls of Device Cloud devices (REST under /api/iot/, design section 4). */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin; the import call sets its own limits (uploadRules.excel) when it reads the parts.
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 0, fields: 0, parts: 1 } });

  app.get(
    '/iot/devices',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The device list: search, filters and paging, newest first',
        querystring: deviceListQuery,
        response: { 200: envelopeOf(pageOf(deviceListItem)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await deviceList(actorOf(request), filter, { page, size }));
    },
  );

  app.get(
    '/iot/devices/choices',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: "The device form's choices: owners, projects, templates and tags the caller may give a device",
        querystring: deviceChoicesQuery,
        response: { 200: envelopeOf(deviceChoices) },
      },
    },
    async (request) => ok(request, await readChoices(actorOf(request), request.query.deviceId)),
  );

  app.get(
    '/iot/devices/map',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Devices Map: located devices with their status, inside an optional window',
        querystring: deviceMapQuery,
        response: { 200: envelopeOf(deviceMap) },
      },
    },
    async (request) => ok(request, await readMap(actorOf(request), request.query)),
  );

  app.get(
    '/iot/devices/warranty',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Warranty period management: expired, expiring within N days, or in warranty',
        querystring: warrantyQuery,
        response: { 200: envelopeOf(pageOf(warrantyItem)) },
      },
    },
    async (request) => ok(request, await warrantyList(actorOf(request), request.query)),
  );

  app.get(
    '/iot/devices/export',
    {
      config: { access: VIEW, sends: 'file' },
      schema: { tags, summary: 'The filtered device list as an xlsx download', querystring: deviceFilter },
    },
    async (request, reply) => {
      const stream = await exportDevices(actorOf(request), request.query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(`devices-${today()}.xlsx`))
        .send(Readable.from(stream));
    },
  );

  app.get(
    '/iot/devices/import/template',
    {
      config: { access: EDIT, sends: 'file' },
      schema: {
        tags,
        summary:
          'The Excel Batch Import template, headers in the caller’s language; its second sheet lists their templates',
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(`device-import-${request.lang}.xlsx`))
        .send(await importTemplate(actorOf(request))),
  );

  app.post(
    '/iot/devices/import',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Excel Batch Import: one xls/xlsx under 20 MB, at most 100 rows; all rows or none',
        response: { 200: envelopeOf(z.object({ imported: z.number() })) },
      },
    },
    async (request) => ok(request, await importDevices(actorOf(request), request)),
  );

  app.post(
    '/iot/devices',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Add a device by SN plus MAC or IMEI, by device ID, or with a cloud-assigned ID',
        body: deviceCreate,
        response: { 200: envelopeOf(deviceDetail) },
      },
    },
    async (request) => ok(request, await addDevice(actorOf(request), request.body)),
  );

  app.post(
    '/iot/devices/batch',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Add in batches: 1-100 numbered devices, or a list of devices',
        body: deviceBatch,
        response: { 200: envelopeOf(z.object({ ids: z.array(z.number()) })) },
      },
    },
    async (request) => ok(request, await addBatch(actorOf(request), request.body)),
  );

  app.get(
    '/iot/devices/:id',
    {
      config: { access: VIEW },
      schema: { tags, summary: 'Every field of a device', params: byId, response: { 200: envelopeOf(deviceDetail) } },
    },
    async (request) => ok(request, await readDevice(actorOf(request), request.params.id)),
  );

  app.put(
    '/iot/devices/:id',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: "Edit a device's fields (its project, once chosen, stays)",
        params: byId,
        body: deviceUpdate,
        response: { 200: envelopeOf(deviceDetail) },
      },
    },
    async (request) => ok(request, await editDevice(actorOf(request), request.params.id, request.body)),
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(
      `/iot/devices/:id/${action}`,
      {
        config: { access: EDIT },
        schema: {
          tags,
          summary: enabled ? 'Enable a device' : 'Disable a device (it goes offline)',
          params: byId,
          response: { 200: envelopeOf(deviceDetail) },
        },
      },
      async (request) =>
        ok(
          request,
          await setDeviceEnabled(actorOf(request), request.params.id, enabled, (id) =>
            reachDevice(request.server.db, id, request.server.log as Logger),
          ),
        ),
    );
  }

  app.delete(
    '/iot/devices/:id',
    {
      config: { access: '/iot/devices:delete' },
      schema: {
        tags,
        summary: 'Delete a device with its grants and tags',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeDevice(actorOf(request), request.params.id, (id) =>
        reachDevice(request.server.db, id, request.server.log as Logger),
      );
      return ok(request, null);
    },
  );
};
