import { type Lang, ORG_TYPE_NAMES, type OrgNode, type OrgTypeName, type PageQuery } from '@meridian/contracts';
import type { Kysely, Transaction, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate, toBool } from '../../platform/db/sql.ts';
import type { Scope } from '../access/scope.ts';
import { orgInScope } from '../access/scope-repository.ts';
import type { OrgsTable } from '../identity/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

function nodes(db: Db, scope: Scope) {
  return db
    .selectFrom('orgs as o')
    .select((eb) => [
      'o.id',
      'o.parent_id',
      'o.type',
      'o.name',
      'o.code',
      'o.path',
      'o.depth',
      'o.sort',
      'o.status',
      'o.logo',
      eb.exists(eb.selectFrom('orgs as c').select('c.id').whereRef('c.parent_id', '=', 'o.id')).as('has_children'),
    ])
    .where(orgInScope(scope))
    .orderBy('o.sort')
    .orderBy('o.id');
}
export type OrgRow = Awaited<ReturnType<ReturnType<typeof nodes>['executeTakeFirstOrThrow']>>;

/** An organisation as the API shows it, its type named in the reader's language. */
export function toNode(row: OrgRow, lang: Lang): OrgNode {
  return {
    id: row.id,
    parentId: row.parent_id,
    type: row.type,
    typeName: ORG_TYPE_NAMES[row.type][lang],
    name: row.name,
    code: row.code,
    path: row.path,
    depth: row.depth,
    sort: row.sort,
    status: row.status,
    logo: row.logo,
    hasChildren: toBool(row.has_children),
  };
}

export function findOrg(db: Db, scope: Scope, id: number): Promise<OrgRow | undefined> {
  return nodes(db, scope).where('o.id', '=', id).executeTakeFirst();
}

/** The children of a node, or, without one, the tops of what the scope sees. */
/** An organisation's name and logo: a user's unit, which the apps show in their header. */
export function findOrgHeader(db: Db, id: number) {
  return db.selectFrom('orgs').select(['id', 'name', 'logo']).where('id', '=', id).executeTakeFirst();
}

export function childrenOf(db: Db, scope: Scope, parentId: number | null, page: PageQuery) {
  const query = nodes(db, scope);
  if (parentId !== null) return paginate(query.where('o.parent_id', '=', parentId), page);
  if (scope.all) return paginate(query.where('o.parent_id', 'is', null), page);
  // Guard against running an invalid `in ()` when the scope holds no organisation.
  if (scope.orgPaths.length === 0) return Promise.resolve({ list: [], total: 0, ...page });
  return paginate(query.where('o.path', 'in', scope.orgPaths), page);
}

export interface OrgFilters {
  keyword?: string;
  type?: OrgTypeName;
  status?: 'enabled' | 'disabled';
  /** Only inside this subtree (a path prefix). */
  under?: string;
  /** Organisations outside the scope to include as well (the levels above it). */
  alsoIds?: number[];
}

export function searchOrgs(db: Db, scope: Scope, filters: OrgFilters, page: PageQuery) {
  const also = filters.alsoIds ?? [];
  // The organisations above the scope that the caller may name (their school, their grade).
  const widened =
    also.length === 0
      ? nodes(db, scope)
      : nodes(db, { ...scope, all: true }).where((eb) => eb.or([orgInScope(scope)(eb), eb('o.id', 'in', also)]));
  const query = widened
    .$if(filters.keyword !== undefined && filters.keyword !== '', (q) =>
      q.where(contains('o.name', filters.keyword ?? '')),
    )
    .$if(filters.type !== undefined, (q) => q.where('o.type', '=', filters.type ?? 'school'))
    .$if(filters.status !== undefined, (q) => q.where('o.status', '=', filters.status ?? 'enabled'))
    .$if(filters.under !== undefined, (q) => q.where('o.path', 'like', `${filters.under}%`));
  return paginate(query, page);
}

/** Every organisation of the given types in the scope, for trees that are drawn whole. */
export function orgsOfTypes(db: Db, scope: Scope, types: OrgTypeName[]): Promise<OrgRow[]> {
  return nodes(db, scope).where('o.type', 'in', types).execute();
}

/** The schools above the scope's subtrees (a class teacher's school), which the caller belongs to. */
export async function schoolsAbove(db: Db, scope: Scope, page: PageQuery) {
  const ids = [...new Set(scope.orgPaths.flatMap((path) => path.split('/').filter(Boolean).map(Number)))];
  if (ids.length === 0) return { list: [], total: 0, ...page };
  const everywhere: Scope = { ...scope, all: true };
  return paginate(nodes(db, everywhere).where('o.id', 'in', ids).where('o.type', '=', 'school'), page);
}

export async function statusOf(db: Db, id: number): Promise<'enabled' | 'disabled' | undefined> {
  const row = await db.selectFrom('orgs').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

/** How many direct children of each type a node has. */
export async function childCounts(db: Db, id: number) {
  const rows = await db
    .selectFrom('orgs')
    .select(['type', sql<number>`count(*)`.as('count')])
    .where('parent_id', '=', id)
    .groupBy('type')
    .orderBy('type')
    .execute();
  return rows.map((row) => ({ type: row.type, count: Number(row.count) }));
}

/** Organisations by id, whatever the scope: for naming the ancestors of a node already in scope. */
export function namesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orgs').select(['id', 'name', 'type']).where('id', 'in', ids).execute();
}

export async function siblingNamed(db: Db, parentId: number | null, name: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('orgs')
    .select('id')
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertOrg(
  trx: Transaction<Database>,
  values: {
    parent: { id: number; path: string; depth: number } | null;
    type: OrgTypeName;
    name: string;
    code: string | null;
    sort: number;
    logo: string | null;
  },
): Promise<{ id: number; path: string }> {
  const at = Date.now();
  const { id } = await trx
    .insertInto('orgs')
    .values({
      parent_id: values.parent?.id ?? null,
      type: values.type,
      name: values.name,
      code: values.code,
      path: '/',
      depth: values.parent ? values.parent.depth + 1 : 0,
      sort: values.sort,
      status: 'enabled',
      logo: values.logo,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const path = `${values.parent?.path ?? '/'}${id}/`;
  await trx.updateTable('orgs').set({ path }).where('id', '=', id).execute();
  return { id, path };
}

export async function updateOrg(db: Db, id: number, changes: Omit<Updateable<OrgsTable>, 'id' | 'path' | 'depth'>) {
  await db
    .updateTable('orgs')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/**
 * Re-parents a node and rewrites the paths and depths of its whole subtree in one statement, so
 * that a subtree is never half moved.
 */
export async function moveSubtree(
  trx: Transaction<Database>,
  node: { id: number; path: string; depth: number },
  parent: { id: number; path: string; depth: number },
): Promise<number> {
  const newPath = `${parent.path}${node.id}/`;
  const shift = parent.depth + 1 - node.depth;
  await trx.updateTable('orgs').set({ parent_id: parent.id }).where('id', '=', node.id).execute();
  const result = await trx
    .updateTable('orgs')
    .set({
      path: sql<string>`cast(${newPath} as text) || substr(path, ${node.path.length + 1})`,
      depth: sql<number>`depth + ${shift}`,
      updated_at: Date.now(),
    })
    .where('path', 'like', `${node.path}%`)
    .executeTakeFirst();
  for (const listener of subtreeMovedListeners) await listener(trx, newPath);
  return Number(result.numUpdatedRows);
}

/**
 * What an app keeps beside the tree and must follow when a subtree moves (Mind's students carry
 * their class's school, campus and grade). Each runs in the move's transaction.
 */
export type SubtreeMoved = (trx: Transaction<Database>, subtreePath: string) => Promise<void>;
const subtreeMovedListeners: SubtreeMoved[] = [];

export function onSubtreeMoved(listener: SubtreeMoved): void {
  subtreeMovedListeners.push(listener);
}

/** Whether anything still hangs on the node: sub-organisations, members, role grants or roles. */
export async function orgInUse(db: Db, id: number): Promise<boolean> {
  const uses = await Promise.all([
    db.selectFrom('orgs').select('id').where('parent_id', '=', id).executeTakeFirst(),
    db.selectFrom('users').select('id').where('dept_id', '=', id).executeTakeFirst(),
    db.selectFrom('user_identities').select('id').where('org_id', '=', id).executeTakeFirst(),
    db.selectFrom('user_roles').select('id').where('org_id', '=', id).executeTakeFirst(),
    db.selectFrom('roles').select('id').where('org_id', '=', id).executeTakeFirst(),
  ]);
  return uses.some((row) => row !== undefined);
}

export async function deleteOrg(db: Db, id: number): Promise<void> {
  await db.deleteFrom('orgs').where('id', '=', id).execute();
}

/** How many members (by department or identity) each organisation of the subtree holds. */
export async function memberCount(db: Db, path: string): Promise<number> {
  const row = await db
    .selectFrom('users as u')
    .select(sql<number>`count(distinct u.id)`.as('n'))
    .where((eb) =>
      eb.or([
        eb('u.dept_id', 'in', eb.selectFrom('orgs').select('orgs.id').where('orgs.path', 'like', `${path}%`)),
        eb(
          'u.id',
          'in',
          eb
            .selectFrom('user_identities as ui')
            .innerJoin('orgs as io', 'io.id', 'ui.org_id')
            .select('ui.user_id')
            .where('io.path', 'like', `${path}%`),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
