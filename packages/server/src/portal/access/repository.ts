import type { PermissionEntry } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/**
 * Role permissions by database, role and the role's `updated_at` stamp: every request needs its
 * role's entries, which change rarely, and every change moves the stamp (`replacePermissions`), so
 * an entry read under an older stamp is never used again, on any node.
 */
const permissionCache = new WeakMap<Kysely<Database>, Map<number, { stamp: number; entries: PermissionEntry[] }>>();

export async function cachedPermissionsOfRole(
  db: Kysely<Database>,
  roleId: number,
  stamp: number | null,
): Promise<PermissionEntry[]> {
  if (stamp === null) return permissionsOfRole(db, roleId);
  let roles = permissionCache.get(db);
  if (!roles) {
    roles = new Map();
    permissionCache.set(db, roles);
  }
  const hit = roles.get(roleId);
  if (hit && hit.stamp === Number(stamp)) return hit.entries;
  const entries = await permissionsOfRole(db, roleId);
  if (roles.size > 1000) roles.clear();
  roles.set(roleId, { stamp: Number(stamp), entries });
  return entries;
}

export async function permissionsOfRole(db: Kysely<Database>, roleId: number): Promise<PermissionEntry[]> {
  return db
    .selectFrom('role_permissions')
    .select(['path', 'perms'])
    .where('role_id', '=', roleId)
    .orderBy('path')
    .execute();
}

/** The roles a user holds, in a stable order (the first is the one a new session starts with). */
export function rolesOfUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.code', 'r.name', 'r.app', 'ur.org_id as orgId'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.id')
    .execute();
}

/** A user's identities with the organisations each belongs to. */
export function identitiesOfUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('user_identities as ui')
    .leftJoin('orgs as o', 'o.id', 'ui.org_id')
    .select([
      'ui.identity_id as identityId',
      'o.id as orgId',
      'o.name as orgName',
      'o.type as orgType',
      'o.path as orgPath',
    ])
    .where('ui.user_id', '=', userId)
    .orderBy('ui.identity_id')
    .orderBy('o.id')
    .execute();
}
