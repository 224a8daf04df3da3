import {
  envelopeOf,
  FACE_LIMITS,
  facePhoto,
  facePhotoQuery,
  faceSightingAccepted,
  faceSightingIn,
  faceSwitch,
  faceSwitchQuery,
  faceSwitchSet,
  faceUpload,
  trajectory,
  trajectoryQuery,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { deleteFace, listFaces, listSwitches, searchTrajectory, setSwitch, uploadFace } from './service.ts';
import { receiveSighting } from './sightings.ts';

const tags = ['faces'];
const params = z.object({ id: z.coerce.number().int().positive() });
// A base64 photo at its limit, with room for the consent.
const UPLOAD_BODY_MAX = Math.ceil((FACE_LIMITS.photoMaxBytes * 4) / 3) + 16 * 1024;

/** The camera's "person seen" report, registered inside the campus devices' signed room. */
export const faceDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-psychology/campus/device/sighting',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A camera saw a whitelisted student, stored once per sighting id (signed with the device key)',
        body: faceSightingIn,
        response: { 200: envelopeOf(faceSightingAccepted) },
      },
    },
    async (request) => ok(request, await receiveSighting(request, request.body)),
  );
};

/** Whitelist faces (faceUpload) and the trajectory query (trajectoryQuery, trackHk), decision 0101. */
export const facesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/apis-psychology/faceUpload/switch',
    {
      config: { access: '/data/faceUpload:view' },
      schema: {
        tags,
        summary: 'Whether faces and trajectories are on, per school in scope, with who changed it and when',
        querystring: faceSwitchQuery,
        response: { 200: envelopeOf(z.array(faceSwitch)) },
      },
    },
    async (request) => ok(request, await listSwitches(actorOf(request), request.query.schoolId)),
  );
  app.post(
    '/apis-psychology/faceUpload/switch',
    {
      config: { access: '/data/faceUpload:edit' },
      schema: {
        tags,
        summary: 'Turns faces and trajectories on or off for a school (its administrator only)',
        body: faceSwitchSet,
        response: { 200: envelopeOf(faceSwitch) },
      },
    },
    async (request) => ok(request, await setSwitch(actorOf(request), request.body.schoolId, request.body.enabled)),
  );
  app.get(
    '/apis-psychology/faceUpload/list',
    {
      config: { access: '/data/faceUpload:view' },
      schema: {
        tags,
        summary: 'The whitelisted faces of the schools in scope with their consent and retention (no image)',
        querystring: facePhotoQuery,
        response: { 200: envelopeOf(z.array(facePhoto)) },
      },
    },
    async (request) => ok(request, await listFaces(actorOf(request), request.query.schoolId)),
  );
  app.post(
    '/apis-psychology/faceUpload/add',
    {
      config: { access: '/data/faceUpload:add' },
      bodyLimit: UPLOAD_BODY_MAX,
      schema: {
        tags,
        summary: 'Whitelists a student’s face with the guardian’s consent and the legal basis',
        body: faceUpload,
        response: { 200: envelopeOf(facePhoto) },
      },
    },
    async (request) => ok(request, await uploadFace(actorOf(request), request.body)),
  );
  app.post(
    '/apis-psychology/faceUpload/delete/:id',
    {
      config: { access: '/data/faceUpload:delete' },
      schema: { tags, summary: 'Deletes a face on request', params, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await deleteFace(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
  app.get(
    '/apis-psychology/trajectoryQuery/search',
    {
      config: { access: '/data/trajectoryQuery:view' },
      schema: {
        tags,
        summary: 'Where a student was seen across the school’s cameras in a time range; audited with its reason',
        querystring: trajectoryQuery,
        response: { 200: envelopeOf(trajectory) },
      },
    },
    async (request) => ok(request, await searchTrajectory(actorOf(request), request.query)),
  );
};
