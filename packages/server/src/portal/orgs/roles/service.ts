import { randomBytes } from 'node:crypto';
import type { PermissionEntry, roleCreate, roleSummary, roleUpdate } from '@meridian/contracts';
import type { z } from 'zod';
import { toBool } from '../../../platform/db/sql.ts';
import { AppError, rulesBroken } from '../../../platform/http/errors.ts';
import { permissionsOfRole } from '../../access/repository.ts';
import { orgPathInScope, type Scope, scopeOf } from '../../access/scope.ts';
import { audit } from '../../audit/service.ts';
import type { Actor } from '../actor.ts';
import { findOrg } from '../repository.ts';
import { beyondCaller, checkEntries, checkMenus, checkPoints, normaliseEntries } from './grants.ts';
import {
  codeTaken,
  deleteRole,
  findRole,
  holderCount,
  insertRole,
  nameTaken,
  type RoleRecord,
  readMenus,
  readPoints,
  replacePermissions,
  setDefault,
  updateRole,
} from './repository.ts';

export function toSummary(role: RoleRecord): z.infer<typeof roleSummary> {
  return {
    id: role.id,
    app: role.app,
    code: role.code,
    name: role.name,
    description: role.description,
    isDefault: toBool(role.is_default),
    builtin: toBool(role.builtin),
    orgId: role.org_id,
    orgName: role.org_name,
    users: Number(role.users ?? 0),
    createdAt: role.created_at,
  };
}

/** The role if the scope may see it; "no such role" otherwise. */
export async function visibleRole(actor: Actor, scope: Scope, roleId: number): Promise<RoleRecord> {
  const role = await findRole(actor.db, scope, roleId);
  if (!role) throw new AppError(404, 'role.notFound');
  return role;
}

/**
 * Who may change a role: built-in and platform-wide roles only the platform administrator; an
 * organisation's roles the administrators of that organisation.
 */
function refuseUnlessManager(scope: Scope, role: RoleRecord): void {
  if (scope.all) return;
  if (toBool(role.builtin)) throw new AppError(403, 'role.builtinLocked');
  if (role.org_id === null || !role.org_path || !orgPathInScope(scope, role.org_path)) {
    throw new AppError(403, 'role.platformOnly');
  }
}

/** Validates what a role grants, and that the caller holds all of it themselves. */
function checkGrants(
  actor: Actor,
  app: string,
  input: { perms?: PermissionEntry[]; menuPerms?: string[]; pointPerms?: z.infer<typeof roleCreate>['pointPerms'] },
): PermissionEntry[] | undefined {
  if (app !== 'iot' && (input.menuPerms?.length || input.pointPerms?.length)) throw new AppError(400, 'role.iotOnly');
  const broken = [
    ...checkEntries(input.perms ?? []),
    ...checkMenus(input.menuPerms ?? []),
    ...checkPoints(input.pointPerms ?? []),
  ];
  if (broken.length > 0) throw rulesBroken(broken);
  if (!input.perms) return undefined;
  const entries = normaliseEntries(input.perms);
  if (beyondCaller(actor.auth.permissions, entries).length > 0) throw new AppError(403, 'role.escalation');
  return entries;
}

export async function roleDetail(actor: Actor, roleId: number) {
  const scope = await scopeOf(actor.db, actor.auth);
  const role = await visibleRole(actor, scope, roleId);
  return {
    ...toSummary(role),
    perms: await permissionsOfRole(actor.db, role.id),
    menuPerms: readMenus(role),
    pointPerms: readPoints(role),
  };
}

export async function createRole(actor: Actor, input: z.infer<typeof roleCreate>) {
  const scope = await scopeOf(actor.db, actor.auth);
  // Device Cloud roles and default roles are the platform's; an organisation's roles are Mind's.
  if (!scope.all && (input.orgId === undefined || input.app === 'iot' || input.isDefault)) {
    throw new AppError(403, 'role.platformOnly');
  }
  if (input.orgId !== undefined && input.app !== 'mind') throw new AppError(400, 'role.orgNotAllowed');
  const org = input.orgId === undefined ? null : await findOrg(actor.db, scope, input.orgId);
  if (input.orgId !== undefined && !org) throw new AppError(404, 'org.notFound');
  const entries = checkGrants(actor, input.app, input) ?? [];
  if (input.code && (await codeTaken(actor.db, input.code))) throw new AppError(409, 'role.codeTaken');
  if (await nameTaken(actor.db, input.app, org?.id ?? null, input.name)) throw new AppError(409, 'role.nameTaken');
  const code = input.code ?? `${input.app}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const id = await actor.db.transaction().execute(async (trx) => {
    const roleId = await insertRole(trx, {
      app: input.app,
      code,
      name: input.name,
      description: input.description ?? null,
      orgId: org?.id ?? null,
      menus: input.menuPerms ?? [],
      points: input.pointPerms ?? [],
    });
    await replacePermissions(trx, roleId, entries);
    if (input.isDefault) await setDefault(trx, roleId, input.app, true);
    await audit(trx, actor.request, {
      action: 'createRole',
      targetType: 'role',
      targetId: roleId,
      detail: {
        app: input.app,
        name: input.name,
        orgId: org?.id ?? null,
        perms: entries,
        isDefault: !!input.isDefault,
      },
    });
    return roleId;
  });
  return roleDetail(actor, id);
}

export async function changeRole(actor: Actor, input: z.infer<typeof roleUpdate>) {
  const scope = await scopeOf(actor.db, actor.auth);
  const role = await visibleRole(actor, scope, input.roleId);
  refuseUnlessManager(scope, role);
  if (input.isDefault !== undefined && !scope.all) throw new AppError(403, 'role.platformOnly');
  const entries = checkGrants(actor, role.app, input);
  if (input.name !== undefined && (await nameTaken(actor.db, role.app, role.org_id, input.name, role.id))) {
    throw new AppError(409, 'role.nameTaken');
  }
  const before = entries ? await permissionsOfRole(actor.db, role.id) : undefined;
  await actor.db.transaction().execute(async (trx) => {
    await updateRole(trx, role.id, {
      name: input.name,
      description: input.description,
      menus: input.menuPerms,
      points: input.pointPerms,
    });
    if (entries) await replacePermissions(trx, role.id, entries);
    if (input.isDefault !== undefined) await setDefault(trx, role.id, role.app, input.isDefault);
    await audit(trx, actor.request, {
      action: 'updateRole',
      targetType: 'role',
      targetId: role.id,
      detail: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(entries ? { permsBefore: before, perms: entries } : {}),
        ...(input.menuPerms ? { menuPerms: input.menuPerms } : {}),
        ...(input.pointPerms ? { pointPerms: input.pointPerms.length } : {}),
        ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
      },
    });
  });
  return roleDetail(actor, role.id);
}

/**
 * Removes a role. Built-in roles stay. A role still held is kept unless the caller asks to take
 * it from its holders, whose sessions on it then end (10029).
 */
export async function removeRole(actor: Actor, roleId: number, takeFromUsers: boolean): Promise<{ takenFrom: number }> {
  const scope = await scopeOf(actor.db, actor.auth);
  const role = await visibleRole(actor, scope, roleId);
  if (toBool(role.builtin)) throw new AppError(400, 'role.builtin');
  refuseUnlessManager(scope, role);
  const count = await holderCount(actor.db, role.id);
  if (count > 0 && !takeFromUsers)
    throw new AppError(409, 'role.assigned', { params: { count }, data: { users: count } });
  await actor.db.transaction().execute(async (trx) => {
    await deleteRole(trx, role.id);
    await audit(trx, actor.request, {
      action: 'removeRole',
      targetType: 'role',
      targetId: role.id,
      detail: { name: role.name, app: role.app, orgId: role.org_id, takenFrom: count },
    });
  });
  return { takenFrom: count };
}
