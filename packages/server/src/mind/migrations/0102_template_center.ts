import { addMenuItem, type MenuItem, removeMenuItem } from '../../platform/db/menu-items.ts';
import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPermission, revokePermission } from '../../platform/db/role-grants.ts';

/**
 * The template center (decision 0132): each school's home screen and report template as its bureau
 * chose them (one row per school; a school without one has the defaults), and the sidebar items of
 * the template center (beside the report) and of the district overview and district emotion screens
 * (beside the district screen, for the roles that hold it). A snapshot: never import today's catalogues.
 */
const ITEMS: MenuItem[] = [
  {
    code: 'mind_template_home',
    name: '模板中心',
    en: 'Templates',
    url: '/jdp/data/templateHome',
    after: 'mind_report',
    roles: [1, 2, 3, 5],
  },
  {
    code: 'mind_district_screen_gs',
    name: '区县概况大屏',
    en: 'District overview screen',
    url: '/jdp/districtScreenGs',
    after: 'mind_district_screen',
    roles: [1, 5],
  },
  {
    code: 'mind_district_screen_emotion',
    name: '区县情绪大屏',
    en: 'District emotion screen',
    url: '/jdp/districtScreenEmotion',
    after: 'mind_district_screen',
    roles: [1, 5],
  },
];
/** The psychology teacher sees which screen and report template the bureau gave their school. */
const GRANT = { roleId: 3, path: '/data/templateHome', perms: 'view' };

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('template_choices'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().unique().references('orgs.id').onDelete('cascade'))
    .addColumn('screen', 'text', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('chosen_by', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();

  for (const item of ITEMS) await addMenuItem(db, item);
  await grantPermission(db, GRANT);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePermission(db, GRANT);
  for (const item of ITEMS) await removeMenuItem(db, item.code);
  await db.schema.dropTable('template_choices').execute();
}
