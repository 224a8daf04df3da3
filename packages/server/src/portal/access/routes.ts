import { envelopeOf } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { callerOf } from './guard.ts';
import { identitiesOf, isAdmin, isOrgAdmin, rolesOf, switchIdentity } from './service.ts';

const tags = ['roles and identities'];

const identitySchema = z.object({
  identityId: z.number(),
  identityName: z.string(),
  current: z.boolean(),
  orgList: z.array(z.object({ id: z.number(), deptName: z.string(), type: z.string() })),
});

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db.kysely;

  app.get(
    '/apis-rbac/user/identity/list',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's identities and their organisations",
        response: { 200: envelopeOf(z.array(identitySchema)) },
      },
    },
    async (request) => ok(request, await identitiesOf(db, callerOf(request), request.lang)),
  );

  app.get(
    '/apis-rbac/user/identity/role/permission',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The caller's roles; the first is where a new session starts",
        response: {
          200: envelopeOf(
            z.array(z.object({ roleId: z.number(), roleName: z.string(), app: z.string(), current: z.boolean() })),
          ),
        },
      },
    },
    async (request) => ok(request, await rolesOf(db, callerOf(request))),
  );

  app.post(
    '/apis-rbac/role/perms/current',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The permission entries of the caller's current role ({ path, perms }; `*` grants all)",
        response: { 200: envelopeOf(z.array(z.object({ path: z.string(), perms: z.string() }))) },
      },
    },
    async (request) => ok(request, callerOf(request).permissions),
  );

  app.post(
    '/apis-rbac/user/identity/switch',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Switch the session to another of the caller's identities and, optionally, roles",
        body: z.strictObject({ identityId: z.number().int().optional(), roleId: z.number().int().optional() }),
        response: { 200: envelopeOf(z.object({ identityId: z.number().nullable(), roleId: z.number().nullable() })) },
      },
    },
    async (request) => ok(request, await switchIdentity(db, request, callerOf(request), request.body)),
  );

  for (const path of ['/apis-rbac/isAdmin', '/apis-user/role/isAdmin']) {
    app.get(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: "Whether the caller's current role administers everything it sees",
          response: { 200: envelopeOf(z.boolean()) },
        },
      },
      async (request) => ok(request, isAdmin(callerOf(request))),
    );
  }
  for (const path of ['/apis-rbac/role/org/user/isOrgAdmin', '/apis-user/role/isOrgAdmin']) {
    app.get(
      path,
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Whether the caller administers an organisation: holds, at an organisation, a role that may edit it',
          response: { 200: envelopeOf(z.boolean()) },
        },
      },
      async (request) => ok(request, await isOrgAdmin(db, callerOf(request))),
    );
  }
};
