import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/** The psychology teacher (3) publishes activities and keeps their sign-up lists; the class teacher (4) reads them. */
const GRANTS = [
  { role_id: 3, path: '/data/activityManage', perms: 'view,add,edit,delete,export' },
  { role_id: 4, path: '/data/activityManage', perms: 'view' },
];

type Loose = Kysely<Record<string, Record<string, unknown>>>;
const ITEM = {
  code: 'mind_activities',
  name: '活动管理',
  en: 'Activities',
  page: 'activityManage',
  roles: [1, 2, 3, 4, 5],
};

async function idOf(k: Loose, table: string, code: string): Promise<number> {
  const row = await k.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Activities with a quota, and their sign-ups (decision 0081), with a sidebar item under counselling. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('activities'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('org_path', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quota', 'integer', (c) => c.notNull())
    // Kept beside the quota so that one conditional update takes a place, whatever runs at once.
    .addColumn('signed', 'integer', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('targets', types.json, (c) => c.notNull())
    .addColumn('starts_at', types.time, (c) => c.notNull())
    .addColumn('ends_at', types.time, (c) => c.notNull())
    .addColumn('signup_from', types.time, (c) => c.notNull())
    .addColumn('signup_until', types.time, (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('activities_org').on('activities').columns(['org_path', 'id']).execute();

  await withId(s.createTable('activity_signups'))
    .addColumn('activity_id', 'bigint', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('signer', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('attended', types.bool)
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  // A student takes one place as themselves and one through their parents: a second submission hits this.
  await s
    .createIndex('activity_signups_once')
    .on('activity_signups')
    .columns(['activity_id', 'student_id', 'signer'])
    .unique()
    .execute();

  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  await k.insertInto('role_permissions').values(GRANTS).execute();
  const at = Date.now();
  await k
    .insertInto('apps')
    .values({
      code: ITEM.code,
      name: ITEM.name,
      name_en: ITEM.en,
      category_id: await idOf(k, 'app_categories', 'mind_counselling'),
      parent_id: await idOf(k, 'apps', 'mind'),
      product: 'mind',
      icon: null,
      publish_url: `/jdp/data/${ITEM.page}`,
      description: null,
      // With the counselling appointments (117 in 0038), after them.
      sort: 117,
      enabled: true,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const appId = await idOf(k, 'apps', ITEM.code);
  await k
    .insertInto('app_roles')
    .values(ITEM.roles.map((roleId) => ({ app_id: appId, role_id: roleId })))
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  const appId = await idOf(k, 'apps', ITEM.code);
  await k.deleteFrom('app_roles').where('app_id', '=', appId).execute();
  await k.deleteFrom('apps').where('id', '=', appId).execute();
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  await db.schema.dropTable('activity_signups').execute();
  await db.schema.dropTable('activities').execute();
}
