import {
  deviceAuthorization,
  deviceAuthorizationView,
  deviceGrantsUpdate,
  deviceGrantView,
  envelopeOf,
  pageOf,
  pageQuery,
  queryId,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../../../portal/orgs/actor.ts';
import { getAuthorization, listGrants, setAuthorization, setGrants } from './service.ts';

const tags = ['Device Cloud accounts'];
const byId = z.object({ id: queryId });

/** Sub-user device permissions: view, edit, delete per device; device level and slave-count authorization. */
export const grantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/users/:id/device-grants',
    {
      config: { access: '/iot/users:view' },
      schema: {
        tags,
        summary: "A sub-user's device permissions on the devices the caller can see",
        params: byId,
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(deviceGrantView)) },
      },
    },
    async (request) => ok(request, await listGrants(actorOf(request), request.params.id, request.query)),
  );

  app.put(
    '/iot/users/:id/device-grants',
    {
      config: { access: '/iot/users:edit' },
      schema: {
        tags,
        summary: "Replace a sub-user's device permissions on the devices the caller can see",
        params: byId,
        body: deviceGrantsUpdate,
        response: { 200: envelopeOf(pageOf(deviceGrantView)) },
      },
    },
    async (request) => ok(request, await setGrants(actorOf(request), request.params.id, request.body.grants)),
  );

  app.get(
    '/iot/users/:id/device-authorization',
    {
      config: { access: '/iot/users:view' },
      schema: {
        tags,
        summary: "A sub-user's device level and slave-count authorization",
        params: byId,
        response: { 200: envelopeOf(deviceAuthorizationView) },
      },
    },
    async (request) => ok(request, await getAuthorization(actorOf(request), request.params.id)),
  );

  app.put(
    '/iot/users/:id/device-authorization',
    {
      config: { access: '/iot/users:edit' },
      schema: {
        tags,
        summary: "Set a sub-user's device level (1-3) and slave-count authorization (> 0)",
        params: byId,
        body: deviceAuthorization,
        response: { 200: envelopeOf(deviceAuthorizationView) },
      },
    },
    async (request) => ok(request, await setAuthorization(actorOf(request), request.params.id, request.body)),
  );
};
