import type { PageQuery, PermissionEntry, PointPermission, RoleApp } from '@meridian/contracts';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { contains, fromJson, paginate, toJson } from '../../../platform/db/sql.ts';
import type { Scope } from '../../access/scope.ts';
import { userInScope } from '../../access/scope-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;
type RoleEb = ExpressionBuilder<Database & { r: Database['roles']; ro: Database['orgs'] }, 'r' | 'ro'>;

/** The roles a scope may see: platform-wide ones (no org) and those of organisations inside it. */
function roleVisible(scope: Scope) {
  return (eb: RoleEb) => {
    if (scope.all) return eb.lit(true);
    return eb.or([eb('r.org_id', 'is', null), ...scope.orgPaths.map((path) => eb('ro.path', 'like', `${path}%`))]);
  };
}

function roles(db: Db, scope: Scope) {
  return db
    .selectFrom('roles as r')
    .leftJoin('orgs as ro', 'ro.id', 'r.org_id')
    .select((eb) => [
      'r.id',
      'r.app',
      'r.code',
      'r.name',
      'r.description',
      'r.is_default',
      'r.builtin',
      'r.org_id',
      'r.menu_perms',
      'r.point_perms',
      'r.created_at',
      'ro.name as org_name',
      'ro.path as org_path',
      // Holders the caller may see: a count of users outside the scope would leak them.
      eb
        .selectFrom('user_roles as ur')
        .innerJoin('users as u', 'u.id', 'ur.user_id')
        .select(sql<number>`count(distinct ur.user_id)`.as('n'))
        .whereRef('ur.role_id', '=', 'r.id')
        .where(userInScope(scope))
        .as('users'),
    ])
    .where(roleVisible(scope));
}
export type RoleRecord = Awaited<ReturnType<ReturnType<typeof roles>['executeTakeFirstOrThrow']>>;

export function findRole(db: Db, scope: Scope, id: number): Promise<RoleRecord | undefined> {
  return roles(db, scope).where('r.id', '=', id).executeTakeFirst();
}

export function listRoles(
  db: Db,
  scope: Scope,
  filters: { app?: RoleApp; name?: string; orgId?: number },
  page: PageQuery,
) {
  const query = roles(db, scope)
    .$if(filters.app !== undefined, (q) => q.where('r.app', '=', filters.app ?? 'mind'))
    .$if(Boolean(filters.name), (q) => q.where(contains('r.name', filters.name ?? '')))
    .$if(filters.orgId !== undefined, (q) => q.where('r.org_id', '=', filters.orgId ?? 0))
    .orderBy('r.app')
    .orderBy('r.id');
  return paginate(query, page);
}

export function readMenus(role: RoleRecord): string[] {
  return fromJson<string[] | null>(role.menu_perms) ?? [];
}
export function readPoints(role: RoleRecord): PointPermission[] {
  return fromJson<PointPermission[] | null>(role.point_perms) ?? [];
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** Role names are unique per app within one organisation (or among platform-wide roles). */
export async function nameTaken(db: Db, app: RoleApp, orgId: number | null, name: string, exceptId = 0) {
  const row = await db
    .selectFrom('roles')
    .select('id')
    .where('app', '=', app)
    .where((eb) => (orgId === null ? eb('org_id', 'is', null) : eb('org_id', '=', orgId)))
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RoleValues {
  app: RoleApp;
  code: string;
  name: string;
  description: string | null;
  orgId: number | null;
  menus: string[];
  points: PointPermission[];
}

export async function insertRole(trx: Transaction<Database>, role: RoleValues): Promise<number> {
  const at = Date.now();
  const { id } = await trx
    .insertInto('roles')
    .values({
      app: role.app,
      code: role.code,
      name: role.name,
      description: role.description,
      is_default: false,
      builtin: false,
      menu_perms: toJson(role.menus),
      point_perms: toJson(role.points),
      org_id: role.orgId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateRole(
  trx: Transaction<Database>,
  id: number,
  changes: { name?: string; description?: string | null; menus?: string[]; points?: PointPermission[] },
): Promise<void> {
  await trx
    .updateTable('roles')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.menus !== undefined ? { menu_perms: toJson(changes.menus) } : {}),
      ...(changes.points !== undefined ? { point_perms: toJson(changes.points) } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .execute();
}

export async function replacePermissions(trx: Transaction<Database>, roleId: number, entries: PermissionEntry[]) {
  // Move the role's stamp strictly forward, even twice in one millisecond: sessions cache the
  // role's permissions under it (access/repository.ts cachedPermissionsOfRole).
  const now = Date.now();
  await trx
    .updateTable('roles')
    .set({ updated_at: sql<number>`case when updated_at >= ${now} then updated_at + 1 else ${now} end` })
    .where('id', '=', roleId)
    .execute();
  await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (entries.length === 0) return;
  await trx
    .insertInto('role_permissions')
    .values(entries.map((e) => ({ role_id: roleId, path: e.path, perms: e.perms })))
    .execute();
}

/** One default role per app: setting it clears the others' flag. */
export async function setDefault(trx: Transaction<Database>, roleId: number, app: RoleApp, on: boolean) {
  if (on) await trx.updateTable('roles').set({ is_default: false }).where('app', '=', app).execute();
  await trx.updateTable('roles').set({ is_default: on }).where('id', '=', roleId).execute();
}

/** Everyone holding the role, whatever the scope: removing a role takes it from all of them. */
export async function holderCount(db: Db, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select(sql<number>`count(distinct user_id)`.as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function deleteRole(trx: Transaction<Database>, roleId: number): Promise<void> {
  await trx.deleteFrom('user_roles').where('role_id', '=', roleId).execute();
  await trx.deleteFrom('roles').where('id', '=', roleId).execute();
}

/** The holders of a role the scope may see, with where they hold it. */
export function holders(db: Db, scope: Scope, roleId: number, page: PageQuery) {
  const query = db
    .selectFrom('user_roles as ur')
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .leftJoin('orgs as o', 'o.id', 'ur.org_id')
    .select(['u.id', 'u.account', 'u.nickname', 'u.status', 'ur.org_id as orgId', 'o.name as orgName'])
    .where('ur.role_id', '=', roleId)
    .where(userInScope(scope))
    .orderBy('u.id');
  return paginate(query, page);
}

export function findGrant(db: Db, userId: number, roleId: number, orgId: number | null) {
  return db
    .selectFrom('user_roles')
    .select('id')
    .where('user_id', '=', userId)
    .where('role_id', '=', roleId)
    .where((eb) => (orgId === null ? eb('org_id', 'is', null) : eb('org_id', '=', orgId)))
    .executeTakeFirst();
}

export async function deleteGrant(db: Db, id: number): Promise<void> {
  await db.deleteFrom('user_roles').where('id', '=', id).execute();
}

/** The ids of the roles the scope may see. */
export async function visibleRoleIds(db: Db, scope: Scope): Promise<number[]> {
  const rows = await db
    .selectFrom('roles as r')
    .leftJoin('orgs as ro', 'ro.id', 'r.org_id')
    .select('r.id')
    .where(roleVisible(scope))
    .execute();
  return rows.map((r) => r.id);
}

/** The ids of the roles an organisation administrator manages: their organisations' own roles. */
export async function manageableRoleIds(db: Db, scope: Scope): Promise<number[]> {
  if (scope.orgPaths.length === 0) return [];
  const rows = await db
    .selectFrom('roles as r')
    .innerJoin('orgs as ro', 'ro.id', 'r.org_id')
    .select('r.id')
    .where('r.builtin', '=', false)
    .where((eb) => eb.or(scope.orgPaths.map((path) => eb('ro.path', 'like', `${path}%`))))
    .execute();
  return rows.map((r) => r.id);
}
