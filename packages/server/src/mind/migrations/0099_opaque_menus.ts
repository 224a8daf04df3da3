import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/**
 * Sidebar items of two opaque pages once built (decision 0109): the student roll (xs) beside all
 * students, for the staff whose role reads the roster; the areas (qyList) beside the reports, for
 * the administrators, who hold every path. The group archive (grp) is a tab of group counselling
 * and one area (qy) opens from the list: neither needs an item. A snapshot: never import today's catalogues.
 */
const ITEMS = [
  {
    code: 'mind_student_roll',
    beside: 'mind_all_students',
    name: '学生名册',
    en: 'Student roll',
    page: 'xs',
    roles: [1, 2, 3, 4, 5],
  },
  { code: 'mind_areas', beside: 'mind_report', name: '区域列表', en: 'Areas', page: 'qyList', roles: [1, 2, 5] },
];

async function rowOf(k: Loose, table: string, code: string) {
  return k.selectFrom(table).selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

export async function up({ db }: MigrationContext): Promise<void> {
  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as unknown as Loose;
  const at = Date.now();
  for (const item of ITEMS) {
    const beside = await rowOf(k, 'apps', item.beside);
    await k
      .insertInto('apps')
      .values({
        code: item.code,
        name: item.name,
        name_en: item.en,
        category_id: beside.category_id,
        parent_id: beside.parent_id,
        product: 'mind',
        icon: null,
        publish_url: `/jdp/data/${item.page}`,
        description: null,
        sort: Number(beside.sort) + 1,
        enabled: true,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const app = await rowOf(k, 'apps', item.code);
    await k
      .insertInto('app_roles')
      .values(item.roles.map((roleId) => ({ app_id: app.id, role_id: roleId })))
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
}
