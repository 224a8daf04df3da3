import type { PageQuery } from '@meridian/contracts';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { contains, paginate } from '../../../platform/db/sql.ts';
import type { Scope } from '../../../portal/access/scope.ts';
import { userInScope } from '../../../portal/access/scope-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A condition on `user_groups` (aliased `g`): groups of an organisation inside the scope. */
function groupInScope(scope: Scope) {
  return (eb: ExpressionBuilder<Database & { g: Database['user_groups'] }, 'g'>) => {
    if (scope.all) return eb.lit(true);
    if (scope.orgPaths.length === 0) return eb.lit(false);
    return eb.or(
      scope.orgPaths.map((path) =>
        eb('g.org_id', 'in', eb.selectFrom('orgs').select('orgs.id').where('orgs.path', 'like', `${path}%`)),
      ),
    );
  };
}

function groups(db: Db, scope: Scope) {
  return db
    .selectFrom('user_groups as g')
    .innerJoin('orgs as o', 'o.id', 'g.org_id')
    .select((eb) => [
      'g.id',
      'g.org_id',
      'o.name as org_name',
      'g.name',
      'g.description',
      'g.created_at',
      eb
        .selectFrom('user_group_members as m')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('m.group_id', '=', 'g.id')
        .as('member_count'),
    ])
    .where(groupInScope(scope));
}
type GroupRecord = Awaited<ReturnType<ReturnType<typeof groups>['executeTakeFirstOrThrow']>>;

export const toGroup = (r: GroupRecord) => ({
  id: r.id,
  orgId: r.org_id,
  orgName: r.org_name,
  name: r.name,
  description: r.description,
  memberCount: Number(r.member_count ?? 0),
  createdAt: r.created_at,
});

export function groupPage(db: Db, scope: Scope, f: { orgId?: number; keyword?: string }, page: PageQuery) {
  const query = groups(db, scope)
    .$if(f.orgId !== undefined, (q) => q.where('g.org_id', '=', f.orgId ?? 0))
    .$if(Boolean(f.keyword), (q) => q.where(contains('g.name', f.keyword ?? '')))
    .orderBy('g.org_id')
    .orderBy('g.name')
    .orderBy('g.id');
  return paginate(query, page);
}

export function findGroup(db: Db, scope: Scope, id: number) {
  return groups(db, scope).where('g.id', '=', id).executeTakeFirst();
}

export async function groupNamed(db: Db, orgId: number, name: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertGroup(
  trx: Transaction<Database>,
  values: { org_id: number; name: string; description: string | null },
): Promise<number> {
  const at = Date.now();
  const row = await trx
    .insertInto('user_groups')
    .values({ ...values, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroup(db: Db, id: number, changes: { name?: string; description?: string | null }) {
  await db
    .updateTable('user_groups')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteGroup(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('user_group_members').where('group_id', '=', id).execute();
  await trx.deleteFrom('user_groups').where('id', '=', id).execute();
}

/** The members of a group the scope may see. */
export function memberPage(db: Db, scope: Scope, groupId: number, page: PageQuery) {
  const query = db
    .selectFrom('user_group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as userId', 'u.account', 'u.nickname'])
    .where('m.group_id', '=', groupId)
    .where(userInScope(scope))
    .orderBy('u.nickname')
    .orderBy('u.id');
  return paginate(query, page);
}

/** Which of these users the scope may see. */
export async function usersInScope(db: Db, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.id', 'in', ids)
    .where(userInScope(scope))
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function replaceMembers(trx: Transaction<Database>, groupId: number, userIds: number[]): Promise<void> {
  await trx.deleteFrom('user_group_members').where('group_id', '=', groupId).execute();
  const at = Date.now();
  if (userIds.length === 0) return;
  await trx
    .insertInto('user_group_members')
    .values(userIds.map((user_id) => ({ group_id: groupId, user_id, created_at: at })))
    .execute();
}
