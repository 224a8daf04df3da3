import type { PageQuery } from '@meridian/contracts';
import { AppError } from '../../../platform/http/errors.ts';
import { permissionsOfRole } from '../../access/repository.ts';
import { canSeeUser, orgPathInScope, type Scope, scopeOf } from '../../access/scope.ts';
import { grantRole } from '../../accounts/repository.ts';
import { audit } from '../../audit/service.ts';
import type { Actor } from '../actor.ts';
import { findOrg } from '../repository.ts';
import { beyondCaller } from './grants.ts';
import { deleteGrant, findGrant, holders, type RoleRecord } from './repository.ts';
import { visibleRole } from './service.ts';

interface Assignment {
  userId: number;
  roleId: number;
  orgId?: number;
}

/**
 * The checks giving and taking a role share: the user and the organisation are in the caller's
 * scope, a Mind role is held at an organisation (inside the role's own, for an organisation's
 * role), and the role grants nothing the caller's own role does not.
 */
async function checkAssignment(actor: Actor, scope: Scope, input: Assignment): Promise<RoleRecord> {
  if (!(await canSeeUser(actor.db, scope, input.userId))) throw new AppError(404, 'account.notFound');
  const role = await visibleRole(actor, scope, input.roleId);
  // The portal's own roles (the platform administrator) are handed on by the platform only.
  if (role.app === 'portal' && !scope.all) throw new AppError(403, 'role.platformOnly');
  if (role.app === 'mind') {
    if (input.orgId === undefined) throw new AppError(400, 'role.orgRequired');
    const org = await findOrg(actor.db, scope, input.orgId);
    if (!org) throw new AppError(404, 'org.notFound');
    if (role.org_path && !org.path.startsWith(role.org_path)) throw new AppError(404, 'org.notFound');
  } else if (input.orgId !== undefined) {
    throw new AppError(400, 'role.orgNotAllowed');
  }
  if (!scope.all && role.org_path && !orgPathInScope(scope, role.org_path)) throw new AppError(404, 'role.notFound');
  const grants = await permissionsOfRole(actor.db, role.id);
  if (beyondCaller(actor.auth.permissions, grants).length > 0) throw new AppError(403, 'role.escalation');
  return role;
}

export async function assignRole(actor: Actor, input: Assignment): Promise<void> {
  const scope = await scopeOf(actor.db, actor.auth);
  const role = await checkAssignment(actor, scope, input);
  await actor.db.transaction().execute(async (trx) => {
    await grantRole(trx, input.userId, role.id, input.orgId ?? null);
    await audit(trx, actor.request, {
      action: 'assignRole',
      targetType: 'user',
      targetId: input.userId,
      detail: { roleId: role.id, role: role.name, orgId: input.orgId ?? null },
    });
  });
}

/** Takes a role from a user; their sessions on it end (10029). One's own current role stays. */
export async function revokeRole(actor: Actor, input: Assignment): Promise<void> {
  const scope = await scopeOf(actor.db, actor.auth);
  const role = await checkAssignment(actor, scope, input);
  if (input.userId === actor.auth.userId && role.id === actor.auth.roleId) throw new AppError(400, 'role.ownCurrent');
  const grant = await findGrant(actor.db, input.userId, role.id, input.orgId ?? null);
  if (!grant) throw new AppError(404, 'role.notHeld');
  await actor.db.transaction().execute(async (trx) => {
    await deleteGrant(trx, grant.id);
    await audit(trx, actor.request, {
      action: 'revokeRole',
      targetType: 'user',
      targetId: input.userId,
      detail: { roleId: role.id, role: role.name, orgId: input.orgId ?? null },
    });
  });
}

export async function roleHolders(actor: Actor, roleId: number, page: PageQuery) {
  const scope = await scopeOf(actor.db, actor.auth);
  await visibleRole(actor, scope, roleId);
  return holders(actor.db, scope, roleId, page);
}
