import type { PageQuery } from '@meridian/contracts';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { DeviceRight } from '../devices/access.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { ProjectsTable } from '../devices/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
type ProjectBuilder = ExpressionBuilder<Database & { p: Database['projects'] }, 'p'>;

/** Projects the scope manages: those of the caller's account and of every account below it. */
function projectOwnedInScope(scope: Scope) {
  return (eb: ProjectBuilder) => (scope.all ? eb.lit(true) : eb('p.owner_id', 'in', scope.ownerIds));
}

function projects(db: Db) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as o', 'o.id', 'p.owner_id')
    .select((eb) => [
      'p.id',
      'p.owner_id',
      'o.account as owner_account',
      'p.name',
      'p.manager_id',
      'p.manager_name',
      'p.phone',
      'p.remark',
      'p.created_at',
      'p.updated_at',
      eb
        .selectFrom('project_users as pu')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('pu.project_id', '=', 'p.id')
        .as('user_count'),
      eb
        .selectFrom('devices as d')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('d.project_id', '=', 'p.id')
        .as('device_count'),
    ]);
}
export type ProjectRecord = Awaited<ReturnType<ReturnType<typeof projects>['executeTakeFirstOrThrow']>>;

/** The projects of the scope's accounts, newest first. */
export function projectPage(db: Db, scope: Scope, keyword: string | undefined, page: PageQuery) {
  const query = projects(db)
    .where(projectOwnedInScope(scope))
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          contains('p.name', keyword ?? ''),
          contains('p.manager_name', keyword ?? ''),
          contains('p.phone', keyword ?? ''),
        ]),
      ),
    )
    .orderBy('p.id', 'desc');
  return paginate(query, page);
}

export function findProject(db: Db, scope: Scope, id: number) {
  return projects(db).where('p.id', '=', id).where(projectOwnedInScope(scope)).executeTakeFirst();
}

/** The projects a user manages or is associated with, with how they take part. */
export function myProjectPage(
  db: Db,
  userId: number,
  filters: { keyword?: string; relation?: 'manager' | 'member' },
  page: PageQuery,
) {
  const query = projects(db)
    .select((eb) =>
      eb
        .case()
        .when('p.manager_id', '=', userId)
        .then(sql.lit('manager'))
        .else(sql.lit('member'))
        .end()
        .$castTo<'manager' | 'member'>()
        .as('relation'),
    )
    .where((eb) => {
      const manages = eb('p.manager_id', '=', userId);
      const member = eb(
        'p.id',
        'in',
        eb.selectFrom('project_users as mu').select('mu.project_id').where('mu.user_id', '=', userId),
      );
      if (filters.relation === 'manager') return manages;
      if (filters.relation === 'member')
        return eb.and([member, eb.or([eb('p.manager_id', 'is', null), eb('p.manager_id', '!=', userId)])]);
      return eb.or([manages, member]);
    })
    .$if(Boolean(filters.keyword), (q) => q.where(contains('p.name', filters.keyword ?? '')))
    .orderBy('p.id', 'desc');
  return paginate(query, page);
}

export async function projectNameTaken(db: Db, ownerId: number, name: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('projects')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

type ProjectValues = Omit<ProjectsTable, 'id' | 'created_at' | 'updated_at'>;

export async function insertProject(trx: Db, values: ProjectValues): Promise<number> {
  const at = Date.now();
  const { id } = await trx
    .insertInto('projects')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProject(trx: Db, id: number, values: Partial<ProjectValues>): Promise<void> {
  await trx
    .updateTable('projects')
    .set({ ...values, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes a project. Its devices stay, without a project, so that they keep working; its
 * associated users go with it (cascade).
 */
export async function deleteProject(trx: Transaction<Database>, id: number): Promise<number> {
  const released = await trx
    .updateTable('devices')
    .set({ project_id: null, updated_at: Date.now() })
    .where('project_id', '=', id)
    .executeTakeFirst();
  await trx.deleteFrom('projects').where('id', '=', id).execute();
  return Number(released.numUpdatedRows);
}

export function projectUsers(db: Db, projectId: number) {
  return db
    .selectFrom('project_users as pu')
    .innerJoin('users as u', 'u.id', 'pu.user_id')
    .select(['u.id', 'u.account', 'u.nickname', 'u.phone'])
    .where('pu.project_id', '=', projectId)
    .orderBy('u.id')
    .execute();
}

/** Replaces a project's associated users. */
export async function setProjectUsers(trx: Transaction<Database>, projectId: number, userIds: number[]): Promise<void> {
  await trx.deleteFrom('project_users').where('project_id', '=', projectId).execute();
  if (userIds.length === 0) return;
  const at = Date.now();
  await trx
    .insertInto('project_users')
    .values(userIds.map((user_id) => ({ project_id: projectId, user_id, created_at: at })))
    .execute();
}

export async function attachDevices(trx: Db, projectId: number, deviceIds: number[]): Promise<void> {
  await trx
    .updateTable('devices')
    .set({ project_id: projectId, updated_at: Date.now() })
    .where('id', 'in', deviceIds)
    .where('project_id', 'is', null)
    .execute();
}

/** The Device Cloud account and every account below it (walked down `parent_id`). */
export async function accountTreeIds(db: Db, rootId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('below(id)', (qc) =>
      qc
        .selectFrom('users')
        .select('id')
        .where('id', '=', rootId)
        .unionAll((q) => q.selectFrom('users as c').innerJoin('below as b', 'c.parent_id', 'b.id').select('c.id')),
    )
    .selectFrom('below')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

export function findAccount(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'nickname', 'phone', 'user_type', 'parent_id', 'device_level', 'slave_quota'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setDeviceAuthorization(
  trx: Db,
  userId: number,
  values: { device_level?: number | null; slave_quota?: number | null },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...values, updated_at: Date.now() })
    .where('id', '=', userId)
    .execute();
}

/** Of the given devices, those the caller may `right`, with what projects and tags need to know. */
export function devicesWithRight(db: Db, scope: Scope, right: DeviceRight, ids: number[]) {
  return db
    .selectFrom('devices as d')
    .select(['d.id', 'd.name', 'd.owner_id', 'd.project_id'])
    .where('d.id', 'in', ids)
    .where(deviceVisible(scope, right))
    .execute();
}
