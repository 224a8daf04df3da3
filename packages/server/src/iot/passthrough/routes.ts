import {
  envelopeOf,
  pageOf,
  passthroughEndpoint,
  passthroughInput,
  passthroughQuery,
  passthroughView,
  queryId,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import { createStrategy, editStrategy, removeStrategy, strategies, strategy } from './service.ts';

const tags = ['Device Cloud passthrough strategies'];
// A strategy opens a DTU's serial line to PC software and pauses its polling: the devices' rights govern it (decision 0113).
const VIEW = '/iot/devices:view';
const EDIT = '/iot/devices:edit';
const byId = z.object({ id: queryId });
const one = { 200: envelopeOf(passthroughView) };

/** Transparent Transmission Groups: list, add, edit, delete. */
export const passthroughRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/passthrough',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'Passthrough strategies of the caller and their sub-users, newest first',
        querystring: passthroughQuery,
        response: { 200: envelopeOf(pageOf(passthroughView)) },
      },
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return ok(request, await strategies(actorOf(request), filter, { page, size }));
    },
  );

  app.get(
    '/iot/passthrough/endpoint',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The gateway port the PC software connects to',
        response: { 200: envelopeOf(passthroughEndpoint) },
      },
    },
    async (request) => ok(request, { port: app.config.PASSTHROUGH_PORT }),
  );

  app.get(
    '/iot/passthrough/:id',
    {
      config: { access: VIEW },
      schema: { tags, summary: 'One passthrough strategy', params: byId, response: one },
    },
    async (request) => ok(request, await strategy(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/passthrough',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Adds a strategy: a DTU, who may connect, and a new token; at most 10 per account',
        body: passthroughInput,
        response: one,
      },
    },
    async (request) => ok(request, await createStrategy(actorOf(request), request.body)),
  );

  app.put(
    '/iot/passthrough/:id',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Edits a strategy; a session in progress keeps going, the next one uses the new settings',
        params: byId,
        body: passthroughInput,
        response: one,
      },
    },
    async (request) => ok(request, await editStrategy(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/passthrough/:id',
    {
      config: { access: EDIT },
      schema: { tags, summary: 'Deletes a strategy', params: byId, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await removeStrategy(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
