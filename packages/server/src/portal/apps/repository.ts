import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Who is looking at apps: their roles (all of them on the launcher, the current one inside an
 * app), their own grants, and whether they see everything (the platform administrator).
 */
export interface Viewer {
  userId: number;
  roleIds: number[];
  all: boolean;
  /** The products this deployment runs (`MERIDIAN_APPS`); apps of the others are hidden. */
  products: readonly string[];
}

type AppEb = ExpressionBuilder<Database & { a: Database['apps'] }, 'a'>;

/** Enabled apps of deployed products that the viewer's roles, or a grant of their own, let them see. */
export function canSee(viewer: Viewer) {
  return (eb: AppEb) => {
    const conditions = [
      eb('a.enabled', '=', true),
      eb.or([eb('a.product', 'is', null), eb('a.product', 'in', [...viewer.products, '-'])]),
    ];
    if (!viewer.all) {
      conditions.push(
        eb.or([
          eb.exists(
            eb
              .selectFrom('app_roles as ar')
              .select('ar.id')
              .whereRef('ar.app_id', '=', 'a.id')
              .where('ar.role_id', 'in', [...viewer.roleIds, 0]),
          ),
          eb.exists(
            eb
              .selectFrom('app_users as au')
              .select('au.id')
              .whereRef('au.app_id', '=', 'a.id')
              .where('au.user_id', '=', viewer.userId),
          ),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

const appColumns = [
  'a.id',
  'a.code',
  'a.name',
  'a.name_en',
  'a.icon',
  'a.publish_url',
  'a.parent_id',
  'a.category_id',
  'a.sort',
] as const;

function apps(db: Db) {
  return db.selectFrom('apps as a').select(appColumns).orderBy('a.sort').orderBy('a.id');
}
export type AppRecord = Awaited<ReturnType<ReturnType<typeof apps>['executeTakeFirstOrThrow']>>;

/** The apps the viewer sees: top-level ones (`parentId` null) or the children of one app. */
export function visibleApps(db: Db, viewer: Viewer, parentId: number | null | 'any'): Promise<AppRecord[]> {
  return apps(db)
    .where(canSee(viewer))
    .$if(parentId === null, (q) => q.where('a.parent_id', 'is', null))
    .$if(typeof parentId === 'number', (q) => q.where('a.parent_id', '=', Number(parentId)))
    .execute();
}

export function findVisibleApp(db: Db, viewer: Viewer, id: number): Promise<AppRecord | undefined> {
  return apps(db).where(canSee(viewer)).where('a.id', '=', id).executeTakeFirst();
}

export function findApp(db: Db, id: number): Promise<AppRecord | undefined> {
  return apps(db).where('a.id', '=', id).where('a.enabled', '=', true).executeTakeFirst();
}

export function findAppByCode(db: Db, code: string): Promise<AppRecord | undefined> {
  return apps(db).where('a.code', '=', code).executeTakeFirst();
}

/** Every app with its category, for the administrators' list. */
export function allApps(db: Db) {
  return db
    .selectFrom('apps as a')
    .leftJoin('app_categories as c', 'c.id', 'a.category_id')
    .leftJoin('apps as p', 'p.id', 'a.parent_id')
    .select([
      ...appColumns,
      'a.enabled',
      'a.product',
      'c.code as category_code',
      'p.code as parent_code',
      (eb) =>
        eb
          .selectFrom('app_usage as au')
          .select(sql<number>`coalesce(sum(au.clicks), 0)`.as('n'))
          .whereRef('au.app_id', '=', 'a.id')
          .as('clicks'),
    ])
    .orderBy('a.parent_id')
    .orderBy('a.sort')
    .orderBy('a.id')
    .execute();
}

/** The launcher's categories (`appCode` null) or one app's sidebar categories. */
export function categories(db: Db, appCode: string | null) {
  return db
    .selectFrom('app_categories')
    .selectAll()
    .where((eb) => (appCode === null ? eb('app_code', 'is', null) : eb('app_code', '=', appCode)))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The roles that see each app. */
export async function rolesOfApps(db: Db, appIds: number[]) {
  const byApp = new Map<number, Array<{ roleId: number; roleName: string }>>();
  // Guard against running an invalid `in ()` when there is no app.
  if (appIds.length === 0) return byApp;
  const rows = await db
    .selectFrom('app_roles as ar')
    .innerJoin('roles as r', 'r.id', 'ar.role_id')
    .select(['ar.app_id', 'r.id', 'r.name'])
    .where('ar.app_id', 'in', appIds)
    .orderBy('r.id')
    .execute();
  for (const row of rows)
    byApp.set(row.app_id, [...(byApp.get(row.app_id) ?? []), { roleId: row.id, roleName: row.name }]);
  return byApp;
}

/** Replaces which of `among` roles see the app; roles outside `among` keep what they had. */
export async function setAppRoles(
  trx: Transaction<Database>,
  appId: number,
  among: number[] | 'all',
  roleIds: number[],
) {
  await trx
    .deleteFrom('app_roles')
    .where('app_id', '=', appId)
    .$if(among !== 'all', (q) => q.where('role_id', 'in', [...(among === 'all' ? [] : among), 0]))
    .execute();
  if (roleIds.length === 0) return;
  await trx
    .insertInto('app_roles')
    .values(roleIds.map((roleId) => ({ app_id: appId, role_id: roleId })))
    .onConflict((oc) => oc.columns(['role_id', 'app_id']).doNothing())
    .execute();
}

export function favouriteIds(db: Db, userId: number) {
  return db
    .selectFrom('app_favourites')
    .select('app_id')
    .where('user_id', '=', userId)
    .orderBy('sort')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.app_id));
}

export async function replaceFavourites(trx: Transaction<Database>, userId: number, appIds: number[]) {
  await trx.deleteFrom('app_favourites').where('user_id', '=', userId).execute();
  if (appIds.length === 0) return;
  const at = Date.now();
  await trx
    .insertInto('app_favourites')
    .values(appIds.map((appId, sort) => ({ user_id: userId, app_id: appId, sort, created_at: at })))
    .execute();
}

/** Counts one more opening of an app by a user. */
export async function countClick(db: Db, userId: number, appId: number): Promise<number> {
  const at = Date.now();
  const row = await db
    .insertInto('app_usage')
    .values({ user_id: userId, app_id: appId, clicks: 1, last_clicked_at: at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'app_id']).doUpdateSet({ clicks: sql<number>`app_usage.clicks + 1`, last_clicked_at: at }),
    )
    .returning('clicks')
    .executeTakeFirstOrThrow();
  return row.clicks;
}

export function usageOf(db: Db, userId: number) {
  return db
    .selectFrom('app_usage')
    .select(['app_id', 'clicks', 'last_clicked_at'])
    .where('user_id', '=', userId)
    .orderBy('clicks', 'desc')
    .orderBy('last_clicked_at', 'desc')
    .execute();
}

export function appAccountsOf(db: Db, userId: number) {
  return db.selectFrom('app_accounts').select(['app_id', 'account']).where('user_id', '=', userId).execute();
}

export async function bindAppAccount(db: Db, userId: number, appId: number, account: string) {
  const at = Date.now();
  await db
    .insertInto('app_accounts')
    .values({ user_id: userId, app_id: appId, account, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'app_id']).doUpdateSet({ account, updated_at: at }))
    .execute();
}

/** A code list (dictionary type) by its code. */
export function findDictType(db: Db, type: string) {
  return db.selectFrom('dict_types').selectAll().where('code', '=', type).executeTakeFirst();
}

/** The items of a code list, in their order. */
export function dictItemsOf(db: Db, type: string) {
  return db
    .selectFrom('dict_items')
    .select(['code', 'label', 'label_en', 'sort'])
    .where('type_code', '=', type)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
