import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPath, revokePath } from '../../platform/db/role-grants.ts';

/**
 * Cameras (issue 25, decision 0112): one row per camera of an account with its stream address,
 * an optional project, and the devices whose values the Video Monitor shows beside it; and the
 * `/iot/cameras` permission of the built-in roles, as cloud configuration's (migration 0044):
 * main accounts, customer super administrators, resellers and neutral users manage cameras;
 * sub-users and project managers and the test account view them. A snapshot: never import
 * today's catalogues.
 */
const PATH = '/iot/cameras';
const GRANTS: Array<[roleId: number, perms: string]> = [
  [10, '*'],
  [11, 'view'],
  [13, '*'],
  [14, 'view'],
  [17, '*'],
  [18, '*'],
  [19, 'view'],
];

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('cameras'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('stream_url', 'text', (c) => c.notNull())
    .addColumn('project_id', 'bigint', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('cameras_owner').on('cameras').columns(['owner_id', 'id']).execute();
  await s
    .createTable('camera_devices')
    .addColumn('camera_id', 'bigint', (c) => c.notNull().references('cameras.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('camera_devices_pk', ['camera_id', 'device_id'])
    .execute();
  await s.createIndex('camera_devices_device').on('camera_devices').column('device_id').execute();
  await grantPath(db, PATH, GRANTS);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePath(
    db,
    PATH,
    GRANTS.map(([roleId]) => roleId),
  );
  await db.schema.dropTable('camera_devices').execute();
  await db.schema.dropTable('cameras').execute();
}
