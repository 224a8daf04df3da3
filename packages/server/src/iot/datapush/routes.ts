import {
  dataPushCreated,
  dataPushDeliveryView,
  dataPushInput,
  dataPushQuery,
  dataPushUpdate,
  dataPushView,
  envelopeOf,
  pageOf,
  pageQuery,
  queryId,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { createTarget, deliveries, setPaused, target, targets, updateTarget } from './service.ts';

const tags = ['Device Cloud data push'];
// A push forwards the devices' values: the devices' rights govern it (decision 0123).
const VIEW = '/iot/devices:view';
const EDIT = '/iot/devices:edit';
const byId = z.object({ id: queryId });
const one = { 200: envelopeOf(dataPushView) };

/** Data push targets: listed, paused and resumed by their owners; added by the platform's administrators only. */
export const dataPushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/data-push',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Data push targets of the caller and their sub-users, newest first',
        querystring: dataPushQuery,
        response: { 200: envelopeOf(pageOf(dataPushView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await targets(actorOf(request), filter, { page, size }));
    },
  );

  app.get(
    '/iot/data-push/:id',
    { config: { access: VIEW }, schema: { tags, summary: 'One data push target', params: byId, response: one } },
    async (request) => ok(request, await target(actorOf(request), request.params.id)),
  );

  app.get(
    '/iot/data-push/:id/deliveries',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: "A target's deliveries, newest first, with their attempts and last error",
        params: byId,
        querystring: pageQuery,
        response: { 200: envelopeOf(pageOf(dataPushDeliveryView)) },
      },
    },
    async (request) => ok(request, await deliveries(actorOf(request), request.params.id, request.query)),
  );

  app.post(
    '/iot/data-push',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          'Adds a target (platform administrators only; anyone else: "data push creation no longer supported (contact sales)")',
        body: dataPushInput,
        response: { 200: envelopeOf(dataPushCreated) },
      },
    },
    async (request) => ok(request, await createTarget(actorOf(request), app.config, request.body)),
  );

  app.put(
    '/iot/data-push/:id',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary:
          "Changes a target's name, URL and what it forwards (platform administrators only; anyone else: the spec's sentence)",
        params: byId,
        body: dataPushUpdate,
        response: one,
      },
    },
    async (request) => ok(request, await updateTarget(actorOf(request), app.config, request.params.id, request.body)),
  );

  for (const [path, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/iot/data-push/:id/${path}`,
      {
        config: { access: EDIT },
        schema: {
          tags,
          summary: paused ? 'Pauses a target: nothing more is sent' : 'Resumes a paused target',
          params: byId,
          response: one,
        },
      },
      async (request) => ok(request, await setPaused(actorOf(request), request.params.id, paused)),
    );
  }
};
