import { Readable } from 'node:stream';
import {
  alarmCounts,
  alarmExportQuery,
  alarmProcess,
  alarmQuery,
  alarmView,
  envelopeOf,
  pageOf,
  queryId,
  triggerEnable,
  triggerInput,
  triggerQuery,
  triggerView,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  alarmExportName,
  alarmRecord,
  alarmSnapshot,
  alarmsToday,
  alarmCounts as countAlarms,
  exportAlarms,
  processAlarm,
} from './service.ts';
import { addTrigger, deleteTrigger, editTrigger, enableTrigger, listTriggers, triggerDetail } from './triggers.ts';

const tags = ['Device Cloud alarms'];
const byId = z.object({ id: queryId });
const TRIGGERS = '/iot/triggers';
const ALARMS_VIEW = '/iot/alarms:view';
const ALARMS_EDIT = '/iot/alarms:edit';

const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const pageOfQuery = <T extends { page: number; size: number }>(q: T) => {
  const { page, size, ...filter } = q;
  return { filter, page: { page, size } };
};

/** The calls of triggers, alarm records and alarm processing. */
export const alarmsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/triggers',
    {
      config: { access: `${TRIGGERS}:view` },
      schema: {
        tags,
        summary: "Trigger List: by device (its own and its template's), data point or template, paged",
        querystring: triggerQuery,
        response: { 200: envelopeOf(pageOf(triggerView)) },
      },
    },
    async (request) => {
      const { filter, page } = pageOfQuery(request.query);
      return ok(request, await listTriggers(actorOf(request), filter, page));
    },
  );

  app.get(
    '/iot/triggers/:id',
    {
      config: { access: `${TRIGGERS}:view` },
      schema: {
        tags,
        summary: 'One trigger, for Trigger Edit',
        params: byId,
        response: { 200: envelopeOf(triggerView) },
      },
    },
    async (request) => ok(request, await triggerDetail(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/triggers',
    {
      config: { access: `${TRIGGERS}:add` },
      schema: {
        tags,
        summary: 'Trigger Add: on a device (independent) or on a template (every device of it)',
        body: triggerInput,
        response: { 200: envelopeOf(triggerView) },
      },
    },
    async (request) => ok(request, await addTrigger(actorOf(request), request.body, request.server.db)),
  );

  app.put(
    '/iot/triggers/:id',
    {
      config: { access: `${TRIGGERS}:edit` },
      schema: {
        tags,
        summary: 'Trigger Edit',
        params: byId,
        body: triggerInput,
        response: { 200: envelopeOf(triggerView) },
      },
    },
    async (request) =>
      ok(request, await editTrigger(actorOf(request), request.params.id, request.body, request.server.db)),
  );

  app.put(
    '/iot/triggers/:id/enabled',
    {
      config: { access: `${TRIGGERS}:edit` },
      schema: {
        tags,
        summary: 'Turns the alarm (and linkage, which needs the alarm) on or off',
        params: byId,
        body: triggerEnable,
        response: { 200: envelopeOf(triggerView) },
      },
    },
    async (request) =>
      ok(request, await enableTrigger(actorOf(request), request.params.id, request.body, request.server.db)),
  );

  app.delete(
    '/iot/triggers/:id',
    {
      config: { access: `${TRIGGERS}:delete` },
      schema: {
        tags,
        summary: 'Deletes a trigger; its alarms stay in Alarm Record',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteTrigger(actorOf(request), request.params.id, request.server.db);
      return ok(request, null);
    },
  );

  app.get(
    '/iot/alarms',
    {
      config: { access: ALARMS_VIEW },
      schema: {
        tags,
        summary: 'Alarm Record: filters by device, point, trigger, state, recovery and time; newest first',
        querystring: alarmQuery,
        response: { 200: envelopeOf(pageOf(alarmView)) },
      },
    },
    async (request) => {
      const { filter, page } = pageOfQuery(request.query);
      return ok(request, await alarmRecord(actorOf(request), filter, page));
    },
  );

  app.get(
    '/iot/alarms/today',
    {
      config: { access: ALARMS_VIEW },
      schema: {
        tags,
        summary: 'Alarms Today',
        querystring: alarmQuery,
        response: { 200: envelopeOf(pageOf(alarmView)) },
      },
    },
    async (request) => {
      const { filter, page } = pageOfQuery(request.query);
      return ok(request, await alarmsToday(actorOf(request), filter, page));
    },
  );

  app.get(
    '/iot/alarms/counts',
    {
      config: { access: ALARMS_VIEW },
      schema: { tags, summary: 'The alarm figures of the home page', response: { 200: envelopeOf(alarmCounts) } },
    },
    async (request) => ok(request, await countAlarms(actorOf(request))),
  );

  app.get(
    '/iot/alarms/export',
    {
      config: { access: ALARMS_VIEW, sends: 'file' },
      schema: { tags, summary: 'Alarm Record as an xlsx download, streamed', querystring: alarmExportQuery },
    },
    async (request, reply) => {
      const stream = await exportAlarms(actorOf(request), request.query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(alarmExportName()))
        .send(Readable.from(stream));
    },
  );

  app.get(
    '/iot/alarms/:id/snapshots/:cameraId',
    {
      config: { access: ALARMS_VIEW, sends: 'file' },
      schema: {
        tags,
        summary: 'The JPEG a bound camera took when the alarm fired',
        params: z.object({ id: queryId, cameraId: queryId }),
      },
    },
    async (request, reply) => {
      const { id, cameraId } = request.params;
      const stream = await alarmSnapshot(actorOf(request), id, cameraId);
      return reply.header('cache-control', 'private, max-age=86400').type('image/jpeg').send(stream);
    },
  );

  app.put(
    '/iot/alarms/:id/process',
    {
      config: { access: ALARMS_EDIT },
      schema: {
        tags,
        summary: 'Processes an alarm: processed or misreport, with a result of at most 255 characters',
        params: byId,
        body: alarmProcess,
        response: { 200: envelopeOf(alarmView) },
      },
    },
    async (request) => ok(request, await processAlarm(actorOf(request), request.params.id, request.body)),
  );
};
