import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** The AI group of the sidebar and its first item, the AI settings of administrators (decision 0090). */
const CATEGORY = { code: 'mind_ai', name: 'AI', en: 'AI', sort: 90 };
const ITEM = { code: 'mind_ai_setting', name: 'AI 设置', en: 'AI settings', page: 'aiSetting', roles: [1, 2, 5] };

async function idOf(k: Loose, table: string, code: string): Promise<number> {
  const row = await k.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Each school's daily token count, and the AI settings page in the sidebar. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('ai_usage'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('ai_usage_day').on('ai_usage').columns(['school_id', 'day']).unique().execute();
  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const at = Date.now();
  await k
    .insertInto('app_categories')
    .values({
      code: CATEGORY.code,
      name: CATEGORY.name,
      name_en: CATEGORY.en,
      app_code: 'mind',
      icon: null,
      sort: CATEGORY.sort,
      created_at: at,
    })
    .execute();
  await k
    .insertInto('apps')
    .values({
      code: ITEM.code,
      name: ITEM.name,
      name_en: ITEM.en,
      category_id: await idOf(k, 'app_categories', CATEGORY.code),
      parent_id: await idOf(k, 'apps', 'mind'),
      product: 'mind',
      icon: null,
      publish_url: `/jdp/data/${ITEM.page}`,
      description: null,
      sort: 0,
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
  await k.deleteFrom('app_categories').where('code', '=', CATEGORY.code).execute();
  await db.schema.dropTable('ai_usage').execute();
}
