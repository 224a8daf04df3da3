import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPath, revokePath } from '../../platform/db/role-grants.ts';

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
  await grantPath(db, PATH, GRANTS);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePath(
    db,
    PATH,
    GRANTS.map(([roleId]) => roleId),
  );
  await db.schema.dropTable('scada_screens').execute();
}
