import {
  CAMPUS_LIMITS,
  campusAlert,
  campusAlertDetail,
  campusAlertHandle,
  campusAlertQuery,
  campusAlertStats,
  campusDayReport,
  campusDayReportInput,
  campusDayReportSettings,
  campusDelivery,
  campusDevice,
  campusDeviceCreate,
  campusDeviceCreated,
  campusDeviceEdit,
  campusDeviceQuery,
  campusEventAccepted,
  campusEventIn,
  campusHandler,
  campusHeartbeatAccepted,
  campusNotice,
  campusPlayableCamera,
  campusPlayableQuery,
  campusPlayback,
  campusPlaybackStart,
  campusPlaybackStop,
  campusPlaybackStopped,
  campusPushPeopleQuery,
  campusPushQuery,
  campusPushReady,
  campusPushRule,
  campusPushRuleInput,
  campusWarningTypes,
  campusWarningTypesInput,
  envelopeOf,
  pageOf,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { restreamerOf } from '../../platform/video/restream.ts';
import { grantFileReads } from '../../portal/files/service.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { emotionDeviceRoutes } from '../emotion/routes.ts';
import { faceDeviceRoutes } from '../faces/routes.ts';
import {
  alertDeliveries,
  alertDetail,
  alertHandlers,
  alertStats,
  handleAlert,
  listAlerts,
  snapshotReadable,
} from './alerts.ts';
import { dayReportSettings, myDayReports, setDayReportSettings } from './day-report.ts';
import { addDevice, editDevice, listDevices, removeDevice } from './devices.ts';
import { keepRawBody, receiveEvent, verifySignature } from './intake.ts';
import { schoolWarningTypes, setWarningTypes } from './marks.ts';
import { CAMPUS_VIDEO, listPlayable, playbackFile, startPlayback, stopPlayback } from './playback.ts';
import { addRule, editRule, listRules, myNotices, pushChannels, pushPeople, readNotice, removeRule } from './push.ts';

const tags = ['campus'];
const params = z.object({ id: z.coerce.number().int().positive() });
// A base64 snapshot at its limit, with room for the rest of the event.
const EVENT_BODY_MAX = Math.ceil((CAMPUS_LIMITS.snapshotMaxBytes * 4) / 3) + 16 * 1024;

/** What campus devices call: signed with their key (docs/protocols/campus-events.md), no session. */
const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the bytes sent, so this room keeps them beside the parsed body.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: EVENT_BODY_MAX },
    (request, body, done) => {
      const bytes = body as Buffer;
      keepRawBody(request, bytes);
      try {
        done(null, bytes.length === 0 ? {} : JSON.parse(bytes.toString('utf8')));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  // Before the body's validation: an unsigned request is refused as such, whatever it carries.
  app.addHook('preValidation', verifySignature);
  app.post(
    '/apis-psychology/campus/device/heartbeat',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A device is alive: its online state (signed with the device key)',
        body: z.strictObject({}).optional(),
        response: { 200: envelopeOf(campusHeartbeatAccepted) },
      },
    },
    async (request) => ok(request, { at: Date.now() }),
  );
  app.post(
    '/apis-psychology/campus/device/event',
    {
      // The nonce is recorded in the event's transaction (decision 0155).
      config: { access: 'public', campusNonceInHandler: true },
      bodyLimit: EVENT_BODY_MAX,
      schema: {
        tags,
        summary: 'A behaviour event with its snapshot, stored once per event id (signed with the device key)',
        body: campusEventIn,
        response: { 200: envelopeOf(campusEventAccepted) },
      },
    },
    async (request) => ok(request, await receiveEvent(request, request.body)),
  );
  // Class emotion samples (decision 0100): signed like the events, stored by the emotion module.
  await app.register(emotionDeviceRoutes);
  await app.register(faceDeviceRoutes);
};

/** Campus equipment (equipmentManage) and behaviour alerts (securityWarning), decision 0085. */
export const campusRoutes: FastifyPluginAsyncZod = async (app) => {
  grantFileReads('campusSnapshots', snapshotReadable);
  await app.register(deviceRoutes);
  app.get(
    '/apis-psychology/equipment/list',
    {
      config: { access: '/data/equipmentManage:view' },
      schema: {
        tags,
        summary: 'Cameras and terminals of the schools in scope, with their online state',
        querystring: campusDeviceQuery,
        response: { 200: envelopeOf(pageOf(campusDevice)) },
      },
    },
    async (request) => ok(request, await listDevices(actorOf(request), request.query)),
  );
  app.post(
    '/apis-psychology/equipment/add',
    {
      config: { access: '/data/equipmentManage:add' },
      schema: {
        tags,
        summary: 'Adds a camera or terminal; its secret is answered this once',
        body: campusDeviceCreate,
        response: { 200: envelopeOf(campusDeviceCreated) },
      },
    },
    async (request) => ok(request, await addDevice(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/equipment/edit/:id',
    {
      config: { access: '/data/equipmentManage:edit' },
      schema: {
        tags,
        summary: 'Renames or moves a device, or corrects its kind; its key and secret stay',
        params,
        body: campusDeviceEdit,
        response: { 200: envelopeOf(campusDevice) },
      },
    },
    async (request) => ok(request, await editDevice(actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/apis-psychology/equipment/delete/:id',
    {
      config: { access: '/data/equipmentManage:delete' },
      schema: {
        tags,
        summary: 'Removes a device: its key stops working',
        params,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeDevice(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
  app.get(
    '/apis-psychology/securityWarning/list',
    {
      config: { access: '/data/securityWarning:view' },
      schema: {
        tags,
        summary: 'Behaviour alerts of the schools in scope, newest first, by school, type, state and time',
        querystring: campusAlertQuery,
        response: { 200: envelopeOf(pageOf(campusAlert)) },
      },
    },
    async (request) => ok(request, await listAlerts(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/securityWarning/statistics',
    {
      config: { access: '/data/securityWarning:view' },
      schema: {
        tags,
        summary: 'Behaviour alerts by type and by day, over the list’s filters',
        querystring: campusAlertQuery,
        response: { 200: envelopeOf(campusAlertStats) },
      },
    },
    async (request) => ok(request, await alertStats(actorOf(request), request.query)),
  );
  app.get(
    '/apis-psychology/securityWarning/:id/deliveries',
    {
      config: { access: '/data/securityWarning:view' },
      schema: {
        tags,
        summary: 'How the messages about one alert went: sent, skipped or failed, person by person (decision 0143)',
        params,
        response: { 200: envelopeOf(z.array(campusDelivery)) },
      },
    },
    async (request) => ok(request, await alertDeliveries(actorOf(request), request.params.id)),
  );
  app.get(
    '/apis-psychology/securityWarning/:id',
    {
      config: { access: '/data/securityWarning:view' },
      schema: {
        tags,
        summary: 'One alert with its timeline',
        params,
        response: { 200: envelopeOf(campusAlertDetail) },
      },
    },
    async (request) => ok(request, await alertDetail(actorOf(request), request.params.id)),
  );
  app.get(
    '/apis-psychology/securityWarning/:id/handlers',
    {
      config: { access: '/data/securityWarning:edit' },
      schema: {
        tags,
        summary: 'Whom the alert may be handed over to: the active teachers of its school',
        params,
        response: { 200: envelopeOf(z.array(campusHandler)) },
      },
    },
    async (request) => ok(request, await alertHandlers(actorOf(request), request.params.id)),
  );
  app.post(
    '/apis-psychology/securityWarning/:id/handle',
    {
      config: { access: '/data/securityWarning:edit' },
      schema: {
        tags,
        summary: 'Acknowledge, hand over to a person, solve with a result, or mark a false alarm',
        params,
        body: campusAlertHandle,
        response: { 200: envelopeOf(campusAlertDetail) },
      },
    },
    async (request) => ok(request, await handleAlert(actorOf(request), request.params.id, request.body)),
  );
  await app.register(pushRoutes);
  await app.register(playbackRoutes);
};

/** Video playback of campus cameras (the `hk` page, decision 0133), restreamed to HLS as Device Cloud's cameras are. */
const playbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const vtags = ['campus video'];
  restreamerOf(app.db.kysely, CAMPUS_VIDEO).log = app.log;
  app.addHook('onClose', async () => restreamerOf(app.db.kysely, CAMPUS_VIDEO).close());
  app.get(
    '/apis-psychology/video/cameras',
    {
      config: { access: '/data/hk:view' },
      schema: {
        tags: vtags,
        summary: 'The cameras of the schools in scope that have a stream address or a recorder',
        querystring: campusPlayableQuery,
        response: { 200: envelopeOf(z.array(campusPlayableCamera)) },
      },
    },
    async (request) => ok(request, await listPlayable(actorOf(request), request.query.schoolId)),
  );
  app.post(
    '/apis-psychology/video/playback/start',
    {
      config: { access: '/data/hk:view' },
      schema: {
        tags: vtags,
        summary:
          'Starts a playback of a camera, or of an alert’s camera; answers once the first video is there, or why not',
        body: campusPlaybackStart,
        response: { 200: envelopeOf(campusPlayback) },
      },
    },
    async (request) => ok(request, await startPlayback(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/video/playback/stop',
    {
      config: { access: '/data/hk:view' },
      schema: {
        tags: vtags,
        summary: 'Stops a playback; the camera’s restream ends with its last viewer',
        body: campusPlaybackStop,
        response: { 200: envelopeOf(campusPlaybackStopped) },
      },
    },
    async (request) => ok(request, await stopPlayback(actorOf(request), request.body)),
  );
  app.get(
    '/apis-psychology/video/playback/:id/:file',
    {
      config: { access: '/data/hk:view', sends: 'stream' },
      schema: {
        tags: vtags,
        summary: 'The HLS playlist or a segment of a camera being played',
        params: z.object({ id: z.coerce.number().int().positive(), file: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const body = await playbackFile(actorOf(request), id, file);
      return reply.header('cache-control', 'no-store').type(hlsType(file)).send(body);
    },
  );
  app.get(
    '/apis-psychology/video/recording/:id/:from/:file',
    {
      config: { access: '/data/hk:view', sends: 'stream' },
      schema: {
        tags: vtags,
        summary: 'The HLS playlist or a segment of a camera’s recording being played, from its recorded range’s start',
        params: z.object({
          id: z.coerce.number().int().positive(),
          from: z.coerce.number().int().positive(),
          file: z.string().max(40),
        }),
      },
    },
    async (request, reply) => {
      const { id, from, file } = request.params;
      const body = await playbackFile(actorOf(request), id, file, from);
      return reply.header('cache-control', 'no-store').type(hlsType(file)).send(body);
    },
  );
};

const hlsType = (file: string) => (file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');

/** Push configuration (pushConfig, warningPushConfig) and the site messages it sends, decision 0097. */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const ptags = ['campus push'];
  app.get(
    '/apis-psychology/pushConfig/list',
    {
      config: { access: '/data/pushConfig:view' },
      schema: {
        tags: ptags,
        summary: 'The push rules of the schools in scope',
        querystring: campusPushQuery,
        response: { 200: envelopeOf(z.array(campusPushRule)) },
      },
    },
    async (request) => ok(request, await listRules(actorOf(request), request.query.schoolId)),
  );
  app.get(
    '/apis-psychology/pushConfig/channels',
    {
      config: { access: '/data/pushConfig:view' },
      schema: {
        tags: ptags,
        summary: 'The channels rules may choose in this deployment: site messages, and SMS once configured',
        response: { 200: envelopeOf(campusPushReady) },
      },
    },
    async (request) => ok(request, pushChannels(actorOf(request))),
  );
  app.get(
    '/apis-psychology/pushConfig/people',
    {
      config: { access: '/data/pushConfig:view' },
      schema: {
        tags: ptags,
        summary: 'Whom a rule of this school may name: its active staff',
        querystring: campusPushPeopleQuery,
        response: { 200: envelopeOf(z.array(campusHandler)) },
      },
    },
    async (request) => ok(request, await pushPeople(actorOf(request), request.query.schoolId)),
  );
  app.get(
    '/apis-psychology/pushConfig/warningTypes',
    {
      config: { access: '/data/pushConfig:view' },
      schema: {
        tags: ptags,
        summary: 'The event types that open a warning for the students an event names, at one school',
        querystring: campusPushPeopleQuery,
        response: { 200: envelopeOf(campusWarningTypes) },
      },
    },
    async (request) => ok(request, await schoolWarningTypes(actorOf(request), request.query.schoolId)),
  );
  app.post(
    '/apis-psychology/pushConfig/warningTypes',
    {
      config: { access: '/data/pushConfig:edit' },
      schema: {
        tags: ptags,
        summary: 'Sets the event types that open a warning at one school',
        body: campusWarningTypesInput,
        response: { 200: envelopeOf(campusWarningTypes) },
      },
    },
    async (request) => ok(request, await setWarningTypes(actorOf(request), request.body)),
  );
  app.get(
    '/apis-psychology/pushConfig/dayReport',
    {
      config: { access: '/data/pushConfig:view' },
      schema: {
        tags: ptags,
        summary: "A school's day report settings: on or off, time, recipients and contents",
        querystring: campusPushPeopleQuery,
        response: { 200: envelopeOf(campusDayReportSettings) },
      },
    },
    async (request) => ok(request, await dayReportSettings(actorOf(request), request.query.schoolId)),
  );
  app.post(
    '/apis-psychology/pushConfig/dayReport',
    {
      config: { access: '/data/pushConfig:edit' },
      schema: {
        tags: ptags,
        summary: "Sets a school's day report",
        body: campusDayReportInput,
        response: { 200: envelopeOf(campusDayReportSettings) },
      },
    },
    async (request) => ok(request, await setDayReportSettings(actorOf(request), request.body)),
  );
  app.get(
    '/apis-psychology/securityWarning/dayReports',
    {
      config: { access: '/data/securityWarning:view' },
      schema: {
        tags: ptags,
        summary: "The caller's day reports, newest first",
        response: { 200: envelopeOf(z.array(campusDayReport)) },
      },
    },
    async (request) => ok(request, await myDayReports(actorOf(request))),
  );
  app.post(
    '/apis-psychology/pushConfig/save',
    {
      config: { access: '/data/pushConfig:add' },
      schema: {
        tags: ptags,
        summary: 'Adds a push rule: event types, people, channels and hours',
        body: campusPushRuleInput,
        response: { 200: envelopeOf(campusPushRule) },
      },
    },
    async (request) => ok(request, await addRule(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/pushConfig/setup/:id',
    {
      config: { access: '/data/pushConfig:edit' },
      schema: {
        tags: ptags,
        summary: 'Changes a push rule',
        params,
        body: campusPushRuleInput,
        response: { 200: envelopeOf(campusPushRule) },
      },
    },
    async (request) => ok(request, await editRule(actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/apis-psychology/pushConfig/delete/:id',
    {
      config: { access: '/data/pushConfig:delete' },
      schema: { tags: ptags, summary: 'Removes a push rule', params, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await removeRule(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
  app.get(
    '/apis-psychology/securityWarning/notices',
    {
      config: { access: '/data/securityWarning:view' },
      schema: {
        tags: ptags,
        summary: "The caller's site messages about behaviour alerts, newest first",
        response: { 200: envelopeOf(z.object({ unread: z.number(), list: z.array(campusNotice) })) },
      },
    },
    async (request) => ok(request, await myNotices(actorOf(request))),
  );
  app.post(
    '/apis-psychology/securityWarning/notices/:id/read',
    {
      config: { access: '/data/securityWarning:view' },
      schema: {
        tags: ptags,
        summary: 'Marks one of the caller’s messages read',
        params,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await readNotice(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
