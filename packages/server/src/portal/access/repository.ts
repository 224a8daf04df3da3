import type { PermissionEntry } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

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
