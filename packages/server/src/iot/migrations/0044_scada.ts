import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Cloud configuration (decision 0075): one row per screen holding its JSON document, and the
 * `/iot/scada` permission of the built-in roles. Main accounts, customer super administrators,
 * resellers and neutral users run their screens; sub-users and project managers view and operate
 * them; the test account views. The administrator (12) already holds `*`. A snapshot: never import
 * today's catalogues.
 */
const PATH = '/iot/scada';
const GRANTS: Array<[roleId: number, perms: string]> = [
  [10, '*'],
  [11, 'view,operate'],
  [13, '*'],
  [14, 'view,operate'],
  [17, '*'],
  [18, '*'],
  [19, 'view'],
];

type Loose = Kysely<Record<string, Record<string, unknown>>>;

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('scada_screens'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sharing', 'text', (c) => c.notNull())
    .addColumn('document', types.json, (c) => c.notNull())
    .addColumn('element_count', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('scada_screens_owner').on('scada_screens').columns(['owner_id', 'id']).execute();
  const k = db as Loose;
  for (const [roleId, perms] of GRANTS) {
    const role = await k.selectFrom('roles').select(['id', 'menu_perms']).where('id', '=', roleId).executeTakeFirst();
    if (!role) continue;
    await k.insertInto('role_permissions').values({ role_id: roleId, path: PATH, perms }).execute();
    const menus = parseMenus(role.menu_perms);
    if (!menus.includes(PATH)) {
      await k
        .updateTable('roles')
        .set({ menu_perms: JSON.stringify([...menus, PATH]) })
        .where('id', '=', roleId)
        .execute();
    }
  }
}

function parseMenus(stored: unknown): string[] {
  const value = typeof stored === 'string' ? (JSON.parse(stored) as unknown) : stored;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Loose;
  await k.deleteFrom('role_permissions').where('path', '=', PATH).execute();
  for (const [roleId] of GRANTS) {
    const role = await k.selectFrom('roles').select('menu_perms').where('id', '=', roleId).executeTakeFirst();
    if (!role) continue;
    const menus = parseMenus(role.menu_perms).filter((m) => m !== PATH);
    await k
      .updateTable('roles')
      .set({ menu_perms: JSON.stringify(menus) })
      .where('id', '=', roleId)
      .execute();
  }
  await db.schema.dropTable('scada_screens').execute();
}
