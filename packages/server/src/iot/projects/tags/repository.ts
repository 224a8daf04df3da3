import type { PageQuery } from '@meridian/contracts';
import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.ts';
import { contains, paginate } from '../../../platform/db/sql.ts';
import type { Scope } from '../../../portal/access/scope.ts';

type Db = Kysely<Database> | Transaction<Database>;
type CategoryBuilder = ExpressionBuilder<Database & { c: Database['tag_categories'] }, 'c'>;
type TagBuilder = ExpressionBuilder<Database & { t: Database['tags'] }, 't'>;

/** Tag categories and tags belong to the account that made them; the scope sees its accounts' ones. */
function categoryInScope(scope: Scope) {
  return (eb: CategoryBuilder) => (scope.all ? eb.lit(true) : eb('c.owner_id', 'in', scope.ownerIds));
}
function tagInScope(scope: Scope) {
  return (eb: TagBuilder) => (scope.all ? eb.lit(true) : eb('t.owner_id', 'in', scope.ownerIds));
}

function categories(db: Db) {
  return db
    .selectFrom('tag_categories as c')
    .select((eb) => [
      'c.id',
      'c.owner_id',
      'c.name',
      'c.sort',
      'c.created_at',
      eb
        .selectFrom('tags as ct')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('ct.category_id', '=', 'c.id')
        .as('tag_count'),
    ]);
}

export function categoryPage(db: Db, scope: Scope, page: PageQuery) {
  return paginate(categories(db).where(categoryInScope(scope)).orderBy('c.sort').orderBy('c.id'), page);
}

export function findCategory(db: Db, scope: Scope, id: number) {
  return categories(db).where('c.id', '=', id).where(categoryInScope(scope)).executeTakeFirst();
}

export async function categoryCount(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('tag_categories')
    .select(sql<number>`count(*)`.as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function nameTaken(
  db: Db,
  table: 'tag_categories' | 'tags',
  ownerId: number,
  name: string,
  exceptId = 0,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('name', '=', name)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCategory(db: Db, values: { owner_id: number; name: string; sort?: number }) {
  const { id } = await db
    .insertInto('tag_categories')
    .values({ ...values, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateCategory(db: Db, id: number, values: { name?: string; sort?: number }) {
  await db.updateTable('tag_categories').set(values).where('id', '=', id).execute();
}

/** Deletes a category; its tags stay, without a category (the foreign key sets it null). */
export async function deleteCategory(db: Db, id: number) {
  await db.deleteFrom('tag_categories').where('id', '=', id).execute();
}

function tags(db: Db) {
  return db
    .selectFrom('tags as t')
    .leftJoin('tag_categories as tc', 'tc.id', 't.category_id')
    .select((eb) => [
      't.id',
      't.owner_id',
      't.category_id',
      'tc.name as category_name',
      't.name',
      't.description',
      't.created_at',
      eb
        .selectFrom('device_tags as dt')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('dt.tag_id', '=', 't.id')
        .as('device_count'),
    ]);
}

export function tagPage(db: Db, scope: Scope, filters: { keyword?: string; categoryId?: number }, page: PageQuery) {
  const query = tags(db)
    .where(tagInScope(scope))
    .$if(Boolean(filters.keyword), (q) => q.where(contains('t.name', filters.keyword ?? '')))
    .$if(filters.categoryId !== undefined, (q) => q.where('t.category_id', '=', filters.categoryId ?? 0))
    .orderBy('t.id', 'desc');
  return paginate(query, page);
}

export function findTag(db: Db, scope: Scope, id: number) {
  return tags(db).where('t.id', '=', id).where(tagInScope(scope)).executeTakeFirst();
}
export type TagRecord = NonNullable<Awaited<ReturnType<typeof findTag>>>;

export async function insertTag(
  db: Db,
  values: { owner_id: number; name: string; category_id: number | null; description: string | null },
) {
  const { id } = await db
    .insertInto('tags')
    .values({ ...values, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateTag(
  db: Db,
  id: number,
  values: { name?: string; category_id?: number | null; description?: string | null },
) {
  await db.updateTable('tags').set(values).where('id', '=', id).execute();
}

/** Deletes a tag; the devices lose it (cascade) and keep their other tags. */
export async function deleteTag(db: Db, id: number) {
  await db.deleteFrom('tags').where('id', '=', id).execute();
}

/** How many tags each of the devices has now, and whether it already has this one. */
export async function tagsOfDevices(db: Db, deviceIds: number[]) {
  return db.selectFrom('device_tags').select(['device_id', 'tag_id']).where('device_id', 'in', deviceIds).execute();
}

export async function addDeviceTags(trx: Transaction<Database>, tagId: number, deviceIds: number[]) {
  if (deviceIds.length === 0) return;
  await trx
    .insertInto('device_tags')
    .values(deviceIds.map((device_id) => ({ device_id, tag_id: tagId })))
    .execute();
}

export async function removeDeviceTags(trx: Transaction<Database>, tagId: number, deviceIds: number[]) {
  const result = await trx
    .deleteFrom('device_tags')
    .where('tag_id', '=', tagId)
    .where('device_id', 'in', deviceIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
