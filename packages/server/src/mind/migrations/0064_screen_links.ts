import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/**
 * The school screens (decision 0091): the signed links a school publishes its screen through (the
 * token's hash, never the token), and the sidebar items of the school warning screen and the
 * management screen, after the school screen, for the administrators who hold every path (1, 2, 5).
 * A snapshot: never import today's catalogues.
 */
const ITEMS = [
  {
    code: 'mind_school_warning_screen',
    name: '学校预警大屏',
    en: 'School warning screen',
    page: 'schoolWarningScreen',
  },
  { code: 'mind_manage_screen', name: '管理驾驶舱', en: 'Management screen', page: 'manageScreen' },
];
const ROLES = [1, 2, 5];

async function rowOf(k: Loose, table: string, code: string) {
  return k.selectFrom(table).selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('screen_links'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('expires_at', types.time)
    .addColumn('revoked_at', types.time)
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('screen_links_school').on('screen_links').columns(['school_id', 'id']).execute();

  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const at = Date.now();
  const after = await rowOf(k, 'apps', 'mind_school_screen');
  for (const [n, item] of ITEMS.entries()) {
    await k
      .insertInto('apps')
      .values({
        code: item.code,
        name: item.name,
        name_en: item.en,
        category_id: after.category_id,
        parent_id: after.parent_id,
        product: 'mind',
        icon: null,
        publish_url: `/jdp/${item.page}`,
        description: null,
        sort: Number(after.sort) + n + 1,
        enabled: true,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const app = await rowOf(k, 'apps', item.code);
    await k
      .insertInto('app_roles')
      .values(ROLES.map((roleId) => ({ app_id: app.id, role_id: roleId })))
      .execute();
  }
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  for (const item of ITEMS) {
    const app = await rowOf(k, 'apps', item.code);
    await k.deleteFrom('app_roles').where('app_id', '=', app.id).execute();
    await k.deleteFrom('apps').where('id', '=', app.id).execute();
  }
  await db.schema.dropTable('screen_links').execute();
}
