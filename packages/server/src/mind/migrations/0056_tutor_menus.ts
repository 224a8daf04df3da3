import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** Sidebar items of tutor choice and its progress, after activities (117), decision 0087. */
const ITEMS = [
  { code: 'mind_tutor_choice', name: '导师选择', en: 'Tutor choice', page: 'tutorChoice', sort: 118, roles: [1, 2, 3] },
  {
    code: 'mind_tutor_progress',
    name: '选择进度',
    en: 'Selection progress',
    page: 'taskSelectProgress',
    sort: 119,
    roles: [1, 2, 3, 4],
  },
];

async function idOf(k: Loose, table: string, code: string): Promise<number> {
  const row = await k.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function up({ db }: MigrationContext): Promise<void> {
  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const at = Date.now();
  for (const item of ITEMS) {
    await k
      .insertInto('apps')
      .values({
        code: item.code,
        name: item.name,
        name_en: item.en,
        category_id: await idOf(k, 'app_categories', 'mind_counselling'),
        parent_id: await idOf(k, 'apps', 'mind'),
        product: 'mind',
        icon: null,
        publish_url: `/jdp/data/${item.page}`,
        description: null,
        sort: item.sort,
        enabled: true,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const appId = await idOf(k, 'apps', item.code);
    await k
      .insertInto('app_roles')
      .values(item.roles.map((roleId) => ({ app_id: appId, role_id: roleId })))
      .execute();
  }
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as unknown as Loose;
  for (const item of ITEMS) {
    const appId = await idOf(k, 'apps', item.code);
    await k.deleteFrom('app_roles').where('app_id', '=', appId).execute();
    await k.deleteFrom('apps').where('id', '=', appId).execute();
  }
}
