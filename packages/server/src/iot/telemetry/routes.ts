import { Readable } from 'node:stream';
import {
  dtuListItem,
  dtuListQuery,
  envelopeOf,
  historyChart,
  historyExportQuery,
  historyQuery,
  historyRow,
  historyRowsQuery,
  latestValues,
  networkFleet,
  networkHistory,
  networkHistoryQuery,
  networkStats,
  onlineRate,
  onlineRateQuery,
  onlineRecord,
  onlineRecordFilter,
  onlineRecordQuery,
  pageOf,
  queryId,
  trackQuery,
  trackView,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_TYPE } from '../../platform/excel/sheet.ts';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { exportHistory, exportOnlineRecords } from './export.ts';
import { closeTelemetry } from './index.ts';
import { networkFleetOf, networkHistoryOf } from './network.ts';
import {
  dtuList,
  historyRows,
  networkOfDevice,
  onlineRateOf,
  onlineRecordList,
  historyChart as readChart,
  latestValues as readLatest,
} from './service.ts';
import { installLiveSocket } from './socket.ts';
import { trackOf } from './track.ts';

const tags = ['Device Cloud telemetry'];
const byId = z.object({ id: queryId });
const DEVICES = '/iot/devices:view';
const DEVICES_EXPORT = '/iot/devices:export';
const HISTORY = '/iot/history:view';
const HISTORY_EXPORT = '/iot/history:export';

const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;
const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** The calls of telemetry: latest values, history, online/offline records, network, and the live-data socket. */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  installLiveSocket(app);
  // Readings still buffered are written before the database closes.
  app.addHook('onClose', async (instance) => closeTelemetry(instance.db));

  app.get(
    '/iot/devices/:id/latest',
    {
      config: { access: DEVICES },
      schema: {
        tags,
        summary: 'Real-time data: every point of the device with its newest value',
        params: byId,
        response: { 200: envelopeOf(latestValues) },
      },
    },
    async (request) => ok(request, await readLatest(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/network/fleet',
    {
      config: { access: DEVICES },
      schema: {
        tags,
        summary: 'Network monitoring of the fleet: the weakest signals, the lowest batteries, the most traffic',
        response: { 200: envelopeOf(networkFleet) },
      },
    },
    async (request) => ok(request, await networkFleetOf(actorOf(request))),
  );

  app.get(
    '/iot/devices/:id/network/history',
    {
      config: { access: DEVICES },
      schema: {
        tags,
        summary: "The device's signal, battery and traffic over time, a sample every five minutes",
        params: byId,
        querystring: networkHistoryQuery,
        response: { 200: envelopeOf(networkHistory) },
      },
    },
    async (request) => ok(request, await networkHistoryOf(actorOf(request), request.params.id, request.query)),
  );

  app.get(
    '/iot/devices/:id/network',
    {
      config: { access: DEVICES },
      schema: {
        tags,
        summary: 'Network monitoring: signal, battery and traffic of the device',
        params: byId,
        response: { 200: envelopeOf(networkStats) },
      },
    },
    async (request) => ok(request, await networkOfDevice(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/history/chart',
    {
      config: { access: HISTORY },
      schema: {
        tags,
        summary: 'Historical Data: chosen points over a range, downsampled to min/max/avg per bucket when long',
        querystring: historyQuery,
        response: { 200: envelopeOf(historyChart) },
      },
    },
    async (request) => ok(request, await readChart(actorOf(request), request.query)),
  );

  app.get(
    '/iot/history/track',
    {
      config: { access: HISTORY },
      schema: {
        tags,
        summary:
          'Positioning Track: a location point over a range, simplified for the map, with distance, speeds and stops',
        querystring: trackQuery,
        response: { 200: envelopeOf(trackView) },
      },
    },
    async (request) => ok(request, await trackOf(actorOf(request), request.query)),
  );

  app.get(
    '/iot/history',
    {
      config: { access: HISTORY },
      schema: {
        tags,
        summary: 'Historical Data: raw readings, newest first, paged',
        querystring: historyRowsQuery,
        response: { 200: envelopeOf(pageOf(historyRow)) },
      },
    },
    async (request) => ok(request, await historyRows(actorOf(request), request.query)),
  );

  app.get(
    '/iot/history/export',
    {
      config: { access: HISTORY_EXPORT, sends: 'file' },
      schema: { tags, summary: 'Historical Data as an xlsx download, streamed', querystring: historyExportQuery },
    },
    async (request, reply) => {
      const stream = await exportHistory(actorOf(request), request.query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(`history-${request.query.deviceId}-${today()}.xlsx`))
        .send(Readable.from(stream));
    },
  );

  app.get(
    '/iot/online-records',
    {
      config: { access: DEVICES },
      schema: {
        tags,
        summary: 'Devices Online/Offline records: filters by device, state and time, newest first',
        querystring: onlineRecordQuery,
        response: { 200: envelopeOf(pageOf(onlineRecord)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await onlineRecordList(actorOf(request), filter, { page, size }));
    },
  );

  app.get(
    '/iot/online-records/export',
    {
      config: { access: DEVICES_EXPORT, sends: 'file' },
      schema: { tags, summary: 'Devices Online/Offline records as an xlsx download', querystring: onlineRecordFilter },
    },
    async (request, reply) => {
      const stream = await exportOnlineRecords(actorOf(request), request.query);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(`online-records-${today()}.xlsx`))
        .send(Readable.from(stream));
    },
  );

  app.get(
    '/iot/devices/:id/online-rate',
    {
      config: { access: DEVICES },
      schema: {
        tags,
        summary: 'DTU online rate: the share of each day the device was online',
        params: byId,
        querystring: onlineRateQuery,
        response: { 200: envelopeOf(onlineRate) },
      },
    },
    async (request) =>
      ok(request, await onlineRateOf(actorOf(request), { deviceId: request.params.id, ...request.query })),
  );

  app.get(
    '/iot/dtus',
    {
      config: { access: DEVICES },
      schema: {
        tags,
        summary: 'DTU manage: the DTUs with their connection state, last online and address',
        querystring: dtuListQuery,
        response: { 200: envelopeOf(pageOf(dtuListItem)) },
      },
    },
    async (request) => ok(request, await dtuList(actorOf(request), request.query)),
  );
};
