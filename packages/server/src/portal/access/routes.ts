import { envelopeOf, hasPermission, Identity } from '@meridian/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../audit/service.ts';
import type { Auth } from '../sessions/service.ts';
import { callerOf } from './guard.ts';
import { identitiesOfUser, permissionsOfRole, rolesOfUser } from './repository.ts';

const tags = ['roles and identities'];

/** The names of the Mind identities, as the account menu shows them. */
export const IDENTITY_NAMES: Record<number, { 'zh-CN': string; en: string }> = {
  [Identity.staff]: { 'zh-CN': '教职工', en: 'Staff' },
  [Identity.student]: { 'zh-CN': '学生', en: 'Student' },
  [Identity.parent]: { 'zh-CN': '家长', en: 'Parent' },
  [Identity.operator]: { 'zh-CN': '平台运营', en: 'Platform operator' },
  [Identity.unbound]: { 'zh-CN': '未绑定', en: 'Not yet bound' },
};

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
    async (request) => {
      const auth = callerOf(request);
      const rows = await identitiesOfUser(db, auth.userId);
      const byIdentity = new Map<number, z.infer<typeof identitySchema>>();
      for (const row of rows) {
        const entry = byIdentity.get(row.identityId) ?? {
          identityId: row.identityId,
          identityName: IDENTITY_NAMES[row.identityId]?.[request.lang] ?? String(row.identityId),
          current: row.identityId === auth.identityId,
          orgList: [],
        };
        if (row.orgId !== null && row.orgName !== null) {
          entry.orgList.push({ id: row.orgId, deptName: row.orgName, type: row.orgType ?? '' });
        }
        byIdentity.set(row.identityId, entry);
      }
      return ok(request, [...byIdentity.values()]);
    },
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
    async (request) => {
      const auth = callerOf(request);
      const roles = await rolesOfUser(db, auth.userId);
      const seen = new Set<number>();
      const list = roles
        .filter((r) => !seen.has(r.id) && seen.add(r.id))
        .map((r) => ({ roleId: r.id, roleName: r.name, app: r.app, current: r.id === auth.roleId }));
      return ok(request, list);
    },
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
    async (request) => {
      const auth = callerOf(request);
      const { identityId, roleId } = request.body;
      if (identityId !== undefined) {
        const mine = await identitiesOfUser(db, auth.userId);
        if (!mine.some((i) => i.identityId === identityId)) throw new AppError(403, 'auth.forbidden');
      }
      if (roleId !== undefined) {
        const mine = await rolesOfUser(db, auth.userId);
        if (!mine.some((r) => r.id === roleId)) throw new AppError(403, 'auth.forbidden');
      }
      const next = { identity_id: identityId ?? auth.identityId, role_id: roleId ?? auth.roleId };
      await db.updateTable('sessions').set(next).where('id', '=', auth.sessionId).execute();
      await audit(db, request, {
        action: 'switchIdentity',
        detail: { from: { identityId: auth.identityId, roleId: auth.roleId }, to: next },
      });
      return ok(request, { identityId: next.identity_id, roleId: next.role_id });
    },
  );

  const isAdmin = async (auth: Auth) =>
    auth.superAdmin || auth.permissions.some((p) => p.path === '*' && p.perms.split(',').includes('*'));
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
      async (request) => ok(request, await isAdmin(callerOf(request))),
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
      async (request) => {
        const auth = callerOf(request);
        // By what the roles grant, not by their names, so that an organisation's own roles count too.
        const held = (await rolesOfUser(db, auth.userId)).filter((r) => r.orgId !== null);
        for (const role of held) {
          if (hasPermission(await permissionsOfRole(db, role.id), '/system/org', 'edit')) return ok(request, true);
        }
        return ok(request, false);
      },
    );
  }
};
