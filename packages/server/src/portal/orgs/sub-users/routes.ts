import {
  envelopeOf,
  pageOf,
  pageQuery,
  queryId,
  subUserCreate,
  subUserNode,
  subUserUpdate,
  textFilter,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { actorOf } from '../actor.ts';
import { accountTree, createSubUser, deleteSubUser, editSubUser, setSubUserStatus } from './service.ts';

const tags = ['Device Cloud accounts'];
const byId = z.object({ id: queryId });

/**
 * The Device Cloud account tree: a main account and the sub-users below it (REST under
 * /api/iot/, design section 4). Projects come with the devices issue.
 */
export const subUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/iot/users/tree',
    {
      config: { access: '/iot/users:view' },
      schema: {
        tags,
        summary: "The caller's account with everyone below it (the platform: every main account's tree, paged)",
        querystring: pageQuery.extend({ keyword: textFilter(64) }),
        response: { 200: envelopeOf(pageOf(subUserNode)) },
      },
    },
    async (request) => ok(request, await accountTree(actorOf(request), request.query.keyword, request.query)),
  );

  app.post(
    '/iot/users',
    {
      config: { access: '/iot/users:add' },
      schema: {
        tags,
        summary: 'Create a sub-user below the caller',
        body: subUserCreate,
        response: { 200: envelopeOf(subUserNode) },
      },
    },
    async (request) => ok(request, await createSubUser(actorOf(request), request.body)),
  );

  app.put(
    '/iot/users/:id',
    {
      config: { access: '/iot/users:edit' },
      schema: {
        tags,
        summary: "Edit a sub-user's name, contacts or remark",
        params: byId,
        body: subUserUpdate,
        response: { 200: envelopeOf(subUserNode) },
      },
    },
    async (request) => ok(request, await editSubUser(actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/iot/users/:id/status',
    {
      config: { access: '/iot/users:edit' },
      schema: {
        tags,
        summary: 'Enable or disable a sub-user (disabling signs them out)',
        params: byId,
        body: z.strictObject({ status: z.enum(['enabled', 'disabled']) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await setSubUserStatus(actorOf(request), request.params.id, request.body.status);
      return ok(request, null);
    },
  );

  app.delete(
    '/iot/users/:id',
    {
      config: { access: '/iot/users:delete' },
      schema: {
        tags,
        summary: 'Delete a sub-user with no sub-users of their own',
        params: byId,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteSubUser(actorOf(request), request.params.id);
      return ok(request, null);
    },
  );
};
