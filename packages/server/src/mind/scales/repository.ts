import type { PageQuery, ScaleAudience } from '@meridian/contracts';
import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { ScaleStatus, ScalesTable, ScaleVersionsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The org paths from the root down to `path`, itself included: `/1/4/` → `/1/`, `/1/4/`. */
export function pathsAbove(path: string): string[] {
  const ids = path.split('/').filter(Boolean);
  return ids.map((_, i) => `/${ids.slice(0, i + 1).join('/')}/`);
}

/**
 * Which scales a scope sees: every built-in; custom scales of an organisation inside the scope
 * (a bureau sees its schools'), and of the organisations above it (a school uses its bureau's).
 */
export function scaleVisible(scope: Scope) {
  return (eb: ExpressionBuilder<Database & { s: Database['scales'] }, 's'>) => {
    if (scope.all) return eb.lit(true);
    const above = [...new Set(scope.orgPaths.flatMap(pathsAbove))];
    return eb.or([
      eb('s.built_in', '=', true),
      ...(above.length > 0 ? [eb('s.owner_org_path', 'in', above)] : []),
      ...scope.orgPaths.map((path) => eb('s.owner_org_path', 'like', `${path}%`)),
    ]);
  };
}

export interface ScaleFilters {
  audience?: ScaleAudience | undefined;
  source?: 'builtIn' | 'custom' | undefined;
  status?: ScaleStatus | undefined;
  name?: string | undefined;
}

const columns = [
  's.id',
  's.code',
  's.name_zh',
  's.name_en',
  's.audience',
  's.built_in',
  's.owner_org_id',
  's.owner_org_path',
  's.status',
  's.draft',
  's.current_version_id',
  's.item_count',
  's.updated_at',
  'o.name as owner_org_name',
  'v.version',
] as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('scales as s')
    .leftJoin('orgs as o', 'o.id', 's.owner_org_id')
    .leftJoin('scale_versions as v', 'v.id', 's.current_version_id')
    .select(columns);
}
export type ScaleListRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

export function listScales(db: Db, scope: Scope, filters: ScaleFilters, page: PageQuery) {
  const name = filters.name;
  const query = baseQuery(db)
    .where(scaleVisible(scope))
    .$if(filters.audience !== undefined, (q) => q.where('s.audience', '=', filters.audience as ScaleAudience))
    .$if(filters.source !== undefined, (q) => q.where('s.built_in', '=', filters.source === 'builtIn'))
    .$if(filters.status !== undefined, (q) => q.where('s.status', '=', filters.status as ScaleStatus))
    .$if(Boolean(name), (q) =>
      q.where((eb) =>
        eb.or([contains('s.name_zh', name ?? ''), contains('s.name_en', name ?? ''), contains('s.code', name ?? '')]),
      ),
    )
    .orderBy('s.built_in', 'desc')
    .orderBy('s.id');
  return paginate(query, page);
}

export function scaleRow(db: Db, scope: Scope, id: number): Promise<ScaleListRow | undefined> {
  return baseQuery(db).where('s.id', '=', id).where(scaleVisible(scope)).executeTakeFirst();
}

/** A scale row by id, whatever the scope: for the calls other features make on their own checks. */
export function scaleRowById(db: Db, id: number): Promise<ScaleListRow | undefined> {
  return baseQuery(db).where('s.id', '=', id).executeTakeFirst();
}

export function versionRow(db: Db, id: number) {
  return db.selectFrom('scale_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function versionsOf(db: Db, scaleId: number) {
  return db
    .selectFrom('scale_versions as v')
    .leftJoin('users as u', 'u.id', 'v.published_by')
    .select(['v.id', 'v.version', 'v.published_at', 'v.reason', 'u.nickname'])
    .where('v.scale_id', '=', scaleId)
    .orderBy('v.version', 'desc')
    .execute();
}

export async function codeTaken(db: Db, code: string, ownerOrgId: number, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('scales')
    .select('id')
    .where('code', '=', code)
    .where('id', '<>', exceptId)
    .where((eb) => eb.or([eb('built_in', '=', true), eb('owner_org_id', '=', ownerOrgId)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertScale(db: Db, values: Insertable<ScalesTable>): Promise<number> {
  const row = await db.insertInto('scales').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateScale(db: Db, id: number, values: Updateable<ScalesTable>): Promise<void> {
  await db.updateTable('scales').set(values).where('id', '=', id).execute();
}

/** The number of a scale's newest version, 0 when it has none. */
export async function latestVersionNumber(db: Db, scaleId: number): Promise<number> {
  const last = await db
    .selectFrom('scale_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('scale_id', '=', scaleId)
    .executeTakeFirst();
  return Number(last?.version ?? 0);
}

export async function insertVersion(db: Db, values: Insertable<ScaleVersionsTable>): Promise<number> {
  const row = await db.insertInto('scale_versions').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Whether any assessment task names the scale: such a scale is kept, so its results keep their key. */
export async function scaleInUse(db: Db, scaleId: number): Promise<boolean> {
  const row = await db
    .selectFrom('assessment_task_scales')
    .select('id')
    .where('scale_id', '=', scaleId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteScale(db: Db, id: number): Promise<void> {
  await db.deleteFrom('scale_versions').where('scale_id', '=', id).execute();
  await db.deleteFrom('scales').where('id', '=', id).execute();
}

export function orgByPath(db: Db, path: string) {
  return db.selectFrom('orgs').select(['id', 'path', 'name']).where('path', '=', path).executeTakeFirst();
}

export function orgById(db: Db, id: number) {
  return db.selectFrom('orgs').select(['id', 'path', 'name']).where('id', '=', id).executeTakeFirst();
}
