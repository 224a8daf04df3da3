import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPath, revokePath } from '../../platform/db/role-grants.ts';

/**
 * The operation center (decision 0083): one row of figures per account, day and month, written by the
 * nightly job and read by the page, and the periods the job has counted. Main accounts, resellers and
 * neutral users now see their accounts' statistics too (`/iot/statistics` view); the administrator,
 * customer super administrators and the test account had it already. A snapshot: never import today's
 * catalogues.
 */
const PATH = '/iot/statistics';
const GRANTS: Array<[roleId: number, perms: string]> = [
  [10, 'view'],
  [17, 'view'],
  [18, 'view'],
];

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  const count = (name: string) => (t: ReturnType<typeof s.createTable>) =>
    t.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(0));
  let table = withId(s.createTable('ops_stats'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull());
  for (const name of [
    'devices_total',
    'devices_added',
    'device_days_online',
    'device_days',
    'alarms_raised',
    'alarms_restored',
    'faults_raised',
    'faults_recovered',
    'orders_opened',
    'orders_closed',
    'orders_overdue',
    'response_ms',
    'responses',
    'repair_ms',
    'repairs',
    'values_stored',
    'active_users',
  ]) {
    table = count(name)(table);
  }
  await table.execute();
  await s
    .createIndex('ops_stats_owner_period')
    .on('ops_stats')
    .columns(['owner_id', 'period', 'start'])
    .unique()
    .execute();
  await s.createIndex('ops_stats_period').on('ops_stats').columns(['period', 'start']).execute();
  await s
    .createTable('ops_runs')
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('start', 'text', (c) => c.notNull())
    .addColumn('counted_at', types.time, (c) => c.notNull())
    .addPrimaryKeyConstraint('ops_runs_pk', ['period', 'start'])
    .execute();

  await grantPath(db, PATH, GRANTS);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePath(
    db,
    PATH,
    GRANTS.map(([roleId]) => roleId),
  );
  await db.schema.dropTable('ops_runs').execute();
  await db.schema.dropTable('ops_stats').execute();
}
