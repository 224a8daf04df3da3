import {
  envelopeOf,
  pageOf,
  pageQuery,
  queryId,
  ROLE_APPS,
  roleAssignment,
  roleCreate,
  roleDetail as roleDetailSchema,
  rolePageQuery,
  roleRemove,
  roleSummary,
  roleUpdate,
} from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { scopeOf } from '../../access/scope.ts';
import { actorOf } from '../actor.ts';
import { assignRole, revokeRole, roleHolders } from './assignment.ts';
import { featureTree, permsAppCount } from './features.ts';
import { listRoles } from './repository.ts';
import { changeRole, createRole, removeRole, roleDetail, toSummary } from './service.ts';

const tags = ['roles and identities'];
const view = { access: '/system/role:view' };
const codeSchema = z.object({ code: z.string(), name: z.string(), granted: z.boolean() });
const featureSchema = z.object({
  key: z.string(),
  path: z.string(),
  name: z.string(),
  granted: z.boolean(),
  all: z.boolean(),
  codes: z.array(codeSchema),
});

/** Roles: their permission entries, Device Cloud menus and data points, the default role, and who holds them. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/apis-rbac/role/page',
    {
      config: view,
      schema: {
        tags,
        summary: 'The roles the caller may see: platform-wide ones and those of organisations in scope',
        body: rolePageQuery,
        response: { 200: envelopeOf(pageOf(roleSummary)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { page, size, ...filters } = request.body;
      const result = await listRoles(actor.db, await scopeOf(actor.db, actor.auth), filters, { page, size });
      return ok(request, { ...result, list: result.list.map(toSummary) });
    },
  );

  app.get(
    '/apis-rbac/role/detail',
    {
      config: view,
      schema: {
        tags,
        summary: 'A role with its permission entries, menus and data points',
        querystring: z.object({ roleId: queryId }),
        response: { 200: envelopeOf(roleDetailSchema) },
      },
    },
    async (request) => ok(request, await roleDetail(actorOf(request), request.query.roleId)),
  );

  app.post(
    '/apis-rbac/role/new',
    {
      config: { access: '/system/role:add' },
      schema: {
        tags,
        summary: 'Create a role (never granting more than the caller holds)',
        body: roleCreate,
        response: { 200: envelopeOf(roleDetailSchema) },
      },
    },
    async (request) => ok(request, await createRole(actorOf(request), request.body)),
  );

  app.post(
    '/apis-rbac/role/update',
    {
      config: { access: '/system/role:edit' },
      schema: {
        tags,
        summary: 'Change a role: name, grants, menus, data points, default flag',
        body: roleUpdate,
        response: { 200: envelopeOf(roleDetailSchema) },
      },
    },
    async (request) => ok(request, await changeRole(actorOf(request), request.body)),
  );

  app.post(
    '/apis-rbac/role/remove',
    {
      config: { access: '/system/role:delete' },
      schema: {
        tags,
        summary: 'Remove a role; one still held is kept unless `takeFromUsers`',
        body: roleRemove,
        response: { 200: envelopeOf(z.object({ takenFrom: z.number() })) },
      },
    },
    async (request) => ok(request, await removeRole(actorOf(request), request.body.roleId, request.body.takeFromUsers)),
  );

  app.post(
    '/apis-rbac/role/permsAppCount',
    {
      config: view,
      schema: {
        tags,
        summary: 'Per app, how many features the role grants',
        body: z.strictObject({ roleId: z.number().int().positive() }),
        response: {
          200: envelopeOf(
            z.array(z.object({ app: z.enum(ROLE_APPS), name: z.string(), granted: z.number(), total: z.number() })),
          ),
        },
      },
    },
    async (request) => ok(request, await permsAppCount(actorOf(request), request.body.roleId)),
  );

  app.get(
    '/apis-rbac/feature/tree',
    {
      config: view,
      schema: {
        tags,
        summary: "The features of an app (or all), grouped, with the role's grants marked",
        querystring: z.object({ app: z.enum(ROLE_APPS).optional(), roleId: queryId.optional() }),
        response: {
          200: envelopeOf(
            z.array(
              z.object({ key: z.string(), app: z.enum(ROLE_APPS), name: z.string(), children: z.array(featureSchema) }),
            ),
          ),
        },
      },
    },
    async (request) => ok(request, await featureTree(actorOf(request), request.query.app, request.query.roleId)),
  );

  app.post(
    '/apis-rbac/role/user/assign',
    {
      config: { access: '/system/role:edit' },
      schema: {
        tags,
        summary: 'Give a user a role (a Mind role at an organisation)',
        body: roleAssignment,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await assignRole(actorOf(request), request.body);
      return ok(request, null);
    },
  );

  app.post(
    '/apis-rbac/role/user/revoke',
    {
      config: { access: '/system/role:edit' },
      schema: {
        tags,
        summary: 'Take a role from a user',
        body: roleAssignment,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await revokeRole(actorOf(request), request.body);
      return ok(request, null);
    },
  );

  app.get(
    '/apis-rbac/role/user/list',
    {
      config: view,
      schema: {
        tags,
        summary: 'The holders of a role that the caller may see',
        querystring: pageQuery.extend({ roleId: queryId }),
        response: {
          200: envelopeOf(
            pageOf(
              z.object({
                id: z.number(),
                account: z.string(),
                nickname: z.string(),
                status: z.string(),
                orgId: z.number().nullable(),
                orgName: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(request, await roleHolders(actorOf(request), request.query.roleId, request.query)),
  );
};
