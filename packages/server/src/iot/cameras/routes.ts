import {
  cameraAnswer,
  cameraInput,
  cameraLive,
  cameraOffer,
  cameraQuery,
  cameraView,
  envelopeOf,
  onvifDiscoverInput,
  onvifDiscovery,
  onvifProfiles,
  onvifProfilesInput,
  pageOf,
  queryId,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { restreamerOf } from '../../platform/video/restream.ts';
import { whepProxyOf } from '../../platform/video/whep.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { reachDevice } from '../gateway/commands.ts';
import { cameraProfilesVia, discoverCameras } from './onvif.ts';
import {
  addCamera,
  cameraDetail,
  editCamera,
  endCameraSession,
  listCameras,
  liveFile,
  offerToCamera,
  removeCamera,
  watchCamera,
} from './service.ts';

const tags = ['Device Cloud cameras'];
const CAMERAS = '/iot/cameras';
const byId = z.object({ id: queryId });
const detail = { 200: envelopeOf(cameraView) };

/** Cameras, and their live video restreamed to HLS (decision 0112). */
export const camerasRoutes: FastifyPluginAsyncZod = async (app) => {
  restreamerOf(app.db.kysely).log = app.log;
  whepProxyOf(app.db.kysely).log = app.log;
  app.addHook('onClose', async () => restreamerOf(app.db.kysely).close());

  app.get(
    '/iot/cameras',
    {
      config: { access: `${CAMERAS}:view` },
      schema: {
        tags,
        summary: 'The cameras of the caller’s account and the accounts below it',
        querystring: cameraQuery,
        response: { 200: envelopeOf(pageOf(cameraView)) },
      },
    },
    async (request) => {
      const { page, size, keyword } = request.query;
      return ok(request, await listCameras(actorOf(request), keyword, { page, size }));
    },
  );

  app.post(
    '/iot/cameras',
    {
      config: { access: `${CAMERAS}:add` },
      schema: { tags, summary: 'Adds a camera with its stream address', body: cameraInput, response: detail },
    },
    async (request) => ok(request, await addCamera(actorOf(request), request.body)),
  );

  app.post(
    '/iot/cameras/onvif/discover',
    {
      config: { access: `${CAMERAS}:add` },
      schema: {
        tags,
        summary: 'Asks an edge gateway to look for ONVIF cameras on its LAN (WS-Discovery); answers what it found',
        body: onvifDiscoverInput,
        response: { 200: envelopeOf(onvifDiscovery) },
      },
    },
    async (request) =>
      ok(
        request,
        await discoverCameras(
          actorOf(request),
          (id) => reachDevice(request.server.db, id, request.server.log as Logger),
          request.body.deviceId,
        ),
      ),
  );

  app.post(
    '/iot/cameras/onvif/profiles',
    {
      config: { access: `${CAMERAS}:add` },
      schema: {
        tags,
        summary: 'Asks an edge gateway for one ONVIF camera’s media profiles and their RTSP addresses',
        body: onvifProfilesInput,
        response: { 200: envelopeOf(onvifProfiles) },
      },
    },
    async (request) =>
      ok(
        request,
        await cameraProfilesVia(
          actorOf(request),
          (id) => reachDevice(request.server.db, id, request.server.log as Logger),
          request.body,
        ),
      ),
  );

  app.get(
    '/iot/cameras/:id',
    {
      config: { access: `${CAMERAS}:view` },
      schema: { tags, summary: 'One camera with its bound devices', params: byId, response: detail },
    },
    async (request) => ok(request, await cameraDetail(actorOf(request), request.params.id)),
  );

  app.put(
    '/iot/cameras/:id',
    {
      config: { access: `${CAMERAS}:edit` },
      schema: { tags, summary: 'Changes a camera', params: byId, body: cameraInput, response: detail },
    },
    async (request) => ok(request, await editCamera(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/cameras/:id',
    {
      config: { access: `${CAMERAS}:delete` },
      schema: { tags, summary: 'Deletes a camera', params: byId, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await removeCamera(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/iot/cameras/:id/live',
    {
      config: { access: `${CAMERAS}:view` },
      schema: {
        tags,
        summary: 'Starts or joins the camera’s restream; answers once the first video is there, or why not',
        params: byId,
        response: { 200: envelopeOf(cameraLive) },
      },
    },
    async (request) => ok(request, await watchCamera(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/cameras/:id/live/:file',
    {
      config: { access: `${CAMERAS}:view`, sends: 'stream' },
      schema: {
        tags,
        summary: 'The HLS playlist or a segment of a camera being watched',
        params: z.object({ id: queryId, file: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      const body = await liveFile(actorOf(request), id, file);
      const type = file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t';
      return reply.header('cache-control', 'no-store').type(type).send(body);
    },
  );

  app.post(
    '/iot/cameras/:id/webrtc',
    {
      config: { access: `${CAMERAS}:view` },
      schema: {
        tags,
        summary:
          'Forwards the browser’s WebRTC offer to a WebRTC camera’s WHEP endpoint and answers the camera’s answer',
        params: byId,
        body: cameraOffer,
        response: { 200: envelopeOf(cameraAnswer) },
      },
    },
    async (request) => ok(request, await offerToCamera(actorOf(request), request.params.id, request.body.offer)),
  );

  app.delete(
    '/iot/cameras/:id/webrtc/:session',
    {
      config: { access: `${CAMERAS}:view` },
      schema: {
        tags,
        summary: 'Ends a WebRTC view of the camera (its WHEP session at the camera)',
        params: z.object({ id: queryId, session: z.string().max(40) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await endCameraSession(actorOf(request), request.params.id, request.params.session);
      return ok(request, null);
    },
  );
};
