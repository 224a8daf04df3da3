import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Repair work orders (decision 0071): the order, its timeline, and the work-order codes of the
 * built-in roles: the sub-user and the project manager confirm their orders, the maintenance
 * engineer accepts and completes them; the work-order administrator, the main account and the
 * administrators already hold `*`. Work orders' codes no longer hold `edit` or `delete`, which no
 * call ever checked: other roles' rows drop them, so that the role editor can save those roles.
 * A snapshot: never import today's catalogues.
 */
const GRANTS: Array<[roleId: number, before: string, after: string]> = [
  [11, 'view,add', 'view,add,confirm'],
  [14, 'view,add,edit', 'view,add,dispatch,confirm'],
  [16, 'view,edit', 'view,handle'],
];
const RETIRED = new Set(['edit', 'delete']);
const PATH = '/iot/workOrders';

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('work_orders'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('pictures', 'text', (c) => c.notNull())
    .addColumn('alarm_id', 'bigint')
    .addColumn('reporter_id', 'bigint', (c) => c.notNull())
    .addColumn('assignee_id', 'bigint')
    .addColumn('result', 'text')
    .addColumn('result_pictures', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('sent_at', types.time)
    .addColumn('accepted_at', types.time)
    .addColumn('completed_at', types.time)
    .addColumn('closed_at', types.time)
    .execute();
  await s.createIndex('work_orders_number').on('work_orders').columns(['owner_id', 'number']).unique().execute();
  await s.createIndex('work_orders_assignee').on('work_orders').columns(['assignee_id', 'id']).execute();
  await withId(s.createTable('work_order_steps'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('work_orders.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('pictures', 'text', (c) => c.notNull())
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('work_order_steps_order').on('work_order_steps').columns(['order_id', 'id']).execute();
  await setGrants(
    db,
    (g) => g[2],
    (g) => g[1],
  );
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  const rows = await k.selectFrom('role_permissions').select(['id', 'perms']).where('path', '=', PATH).execute();
  for (const row of rows) {
    const codes = String(row.perms).split(',');
    if (!codes.some((c) => RETIRED.has(c))) continue;
    const kept = codes.filter((c) => !RETIRED.has(c));
    await k
      .updateTable('role_permissions')
      .set({ perms: kept.length > 0 ? kept.join(',') : 'view' })
      .where('id', '=', Number(row.id))
      .execute();
  }
}

async function setGrants(
  db: MigrationContext['db'],
  to: (g: (typeof GRANTS)[number]) => string,
  from: (g: (typeof GRANTS)[number]) => string,
) {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const grant of GRANTS) {
    await k
      .updateTable('role_permissions')
      .set({ perms: to(grant) })
      .where('role_id', '=', grant[0])
      .where('path', '=', PATH)
      .where('perms', '=', from(grant))
      .execute();
  }
}

export async function down({ db }: MigrationContext): Promise<void> {
  await setGrants(
    db,
    (g) => g[1],
    (g) => g[2],
  );
  await db.schema.dropTable('work_order_steps').execute();
  await db.schema.dropTable('work_orders').execute();
}
