import { hasPermission, Identity, type Lang } from '@meridian/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { audit } from '../audit/service.ts';
import { switchSession } from '../sessions/repository.ts';
import type { Auth } from '../sessions/service.ts';
import { identitiesOfUser, permissionsOfRole, rolesOfUser } from './repository.ts';

/** The names of the Mind identities, as the account menu shows them. */
export const IDENTITY_NAMES: Record<number, { 'zh-CN': string; en: string }> = {
  [Identity.staff]: { 'zh-CN': '教职工', en: 'Staff' },
  [Identity.student]: { 'zh-CN': '学生', en: 'Student' },
  [Identity.parent]: { 'zh-CN': '家长', en: 'Parent' },
  [Identity.operator]: { 'zh-CN': '平台运营', en: 'Platform operator' },
  [Identity.unbound]: { 'zh-CN': '未绑定', en: 'Not yet bound' },
};

export interface IdentityEntry {
  identityId: number;
  identityName: string;
  current: boolean;
  orgList: { id: number; deptName: string; type: string }[];
}

/** The caller's identities, each with the organisations it belongs to, named in the reader's language. */
export async function identitiesOf(db: Kysely<Database>, auth: Auth, lang: Lang): Promise<IdentityEntry[]> {
  const rows = await identitiesOfUser(db, auth.userId);
  const byIdentity = new Map<number, IdentityEntry>();
  for (const row of rows) {
    const entry = byIdentity.get(row.identityId) ?? {
      identityId: row.identityId,
      identityName: IDENTITY_NAMES[row.identityId]?.[lang] ?? String(row.identityId),
      current: row.identityId === auth.identityId,
      orgList: [],
    };
    if (row.orgId !== null && row.orgName !== null) {
      entry.orgList.push({ id: row.orgId, deptName: row.orgName, type: row.orgType ?? '' });
    }
    byIdentity.set(row.identityId, entry);
  }
  return [...byIdentity.values()];
}

/** The caller's roles, each once (a role held at two organisations is one choice), the current one marked. */
export async function rolesOf(db: Kysely<Database>, auth: Auth) {
  const roles = await rolesOfUser(db, auth.userId);
  const seen = new Set<number>();
  return roles
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => ({ roleId: r.id, roleName: r.name, app: r.app, current: r.id === auth.roleId }));
}

/**
 * Moves the caller's session to another of their identities and, or, roles (audited); one they do
 * not hold is refused.
 */
export async function switchIdentity(
  db: Kysely<Database>,
  request: FastifyRequest,
  auth: Auth,
  { identityId, roleId }: { identityId?: number; roleId?: number },
): Promise<{ identityId: number | null; roleId: number | null }> {
  if (identityId !== undefined) {
    const mine = await identitiesOfUser(db, auth.userId);
    if (!mine.some((i) => i.identityId === identityId)) throw new AppError(403, 'auth.forbidden');
  }
  if (roleId !== undefined) {
    const mine = await rolesOfUser(db, auth.userId);
    if (!mine.some((r) => r.id === roleId)) throw new AppError(403, 'auth.forbidden');
  }
  const next = { identity_id: identityId ?? auth.identityId, role_id: roleId ?? auth.roleId };
  await switchSession(db, auth.sessionId, next);
  await audit(db, request, {
    action: 'switchIdentity',
    detail: { from: { identityId: auth.identityId, roleId: auth.roleId }, to: next },
  });
  return { identityId: next.identity_id, roleId: next.role_id };
}

/** Whether the caller's current role administers everything it sees. */
export function isAdmin(auth: Auth): boolean {
  return auth.superAdmin || auth.permissions.some((p) => p.path === '*' && p.perms.split(',').includes('*'));
}

/** Whether the caller holds, at an organisation, a role that may edit it. */
export async function isOrgAdmin(db: Kysely<Database>, auth: Auth): Promise<boolean> {
  // By what the roles grant, not by their names, so that an organisation's own roles count too.
  const held = (await rolesOfUser(db, auth.userId)).filter((r) => r.orgId !== null);
  for (const role of held) {
    if (hasPermission(await permissionsOfRole(db, role.id), '/system/org', 'edit')) return true;
  }
  return false;
}
