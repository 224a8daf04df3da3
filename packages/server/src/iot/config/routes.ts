import {
  configApplied,
  configApply,
  configProfileInput,
  configProfileQuery,
  configProfileView,
  deviceConfigQuery,
  deviceConfigView,
  envelopeOf,
  pageOf,
  queryId,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  applyProfile,
  createProfile,
  deviceConfigs,
  editProfile,
  profile,
  profiles,
  removeProfile,
} from './service.ts';

const tags = ['Device Cloud remote configuration'];
// Configuring a device changes the device: the devices' rights govern it (decision 0062).
const VIEW = '/iot/devices:view';
const EDIT = '/iot/devices:edit';
const byId = z.object({ id: queryId });

/** Configuration Application (profiles, applied to devices) and Device Configuration (each device's state). */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/config/profiles',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Configuration profiles of the caller and their sub-users, newest first',
        querystring: configProfileQuery,
        response: { 200: envelopeOf(pageOf(configProfileView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await profiles(actorOf(request), filter, { page, size }));
    },
  );

  app.get(
    '/iot/config/profiles/:id',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'One configuration profile',
        params: byId,
        response: { 200: envelopeOf(configProfileView) },
      },
    },
    async (request) => ok(request, await profile(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/config/profiles',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          "Adds a configuration profile: a DTU's serial, heartbeat, registration and server, or an MQTT device's JSON",
        body: configProfileInput,
        response: { 200: envelopeOf(configProfileView) },
      },
    },
    async (request) => ok(request, await createProfile(actorOf(request), request.body)),
  );

  app.put(
    '/iot/config/profiles/:id',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Edits a configuration profile; devices already configured keep what they were sent',
        params: byId,
        body: configProfileInput,
        response: { 200: envelopeOf(configProfileView) },
      },
    },
    async (request) => ok(request, await editProfile(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/config/profiles/:id',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Deletes a configuration profile',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeProfile(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/iot/config/profiles/:id/apply',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Applies a profile to devices: each goes to be configured, and is configured once it is online',
        params: byId,
        body: configApply,
        response: { 200: envelopeOf(configApplied) },
      },
    },
    async (request) =>
      ok(request, await applyProfile(actorOf(request), request.params.id, request.body.deviceIds, request.server.db)),
  );

  app.get(
    '/iot/config/devices',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "Device Configuration: each device's latest configuration, its state and the reason of a failure",
        querystring: deviceConfigQuery,
        response: { 200: envelopeOf(pageOf(deviceConfigView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await deviceConfigs(actorOf(request), filter, { page, size }));
    },
  );
};
