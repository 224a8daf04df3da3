import { customProtocolInput, customProtocolView, envelopeOf, queryId } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { actorOf } from '../../portal/orgs/actor.ts';
import {
  createCustomProtocol,
  customProtocol,
  customProtocols,
  editCustomProtocol,
  removeCustomProtocol,
} from './service.ts';

const tags = ['Device Cloud custom protocols'];
// A custom protocol is part of what templates describe: the templates' rights govern it (decision 0140).
const VIEW = '/iot/templates:view';
const EDIT = '/iot/templates:edit';
const byId = z.object({ id: queryId });
const one = { 200: envelopeOf(customProtocolView) };

/** Custom protocols defined by frames, on the Communication Protocol screen: list, add, edit, delete. */
export const customProtocolsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/protocols/custom',
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The custom protocols of the caller and their sub-users, by name',
        response: { 200: envelopeOf(z.array(customProtocolView)) },
      },
    },
    async (request) => ok(request, await customProtocols(actorOf(request))),
  );

  app.get(
    '/iot/protocols/custom/:id',
    { config: { access: VIEW }, schema: { tags, summary: 'One custom protocol', params: byId, response: one } },
    async (request) => ok(request, await customProtocol(actorOf(request), request.params.id)),
  );

  app.post(
    '/iot/protocols/custom',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Adds a custom protocol: its request frame, how its answer is recognised, and its data points',
        body: customProtocolInput,
        response: one,
      },
    },
    async (request) => ok(request, await createCustomProtocol(actorOf(request), request.body)),
  );

  app.put(
    '/iot/protocols/custom/:id',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Edits a custom protocol; devices using it read the new frames from their next poll',
        params: byId,
        body: customProtocolInput,
        response: one,
      },
    },
    async (request) => ok(request, await editCustomProtocol(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/iot/protocols/custom/:id',
    {
      config: { access: EDIT },
      schema: {
        tags,
        summary: 'Deletes a custom protocol no template uses',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await removeCustomProtocol(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
