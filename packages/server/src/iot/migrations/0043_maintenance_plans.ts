import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Maintenance plans (decision 0074): the plan, its devices, and on work orders the plan and the
 * maintenance date an order was made for, unique per device, so that a date is ordered once. The
 * per-owner order counter replaces "count + 1", which two creates at once could both take.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('maintenance_plans'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('cycle', 'text', (c) => c.notNull())
    .addColumn('every', 'integer')
    .addColumn('dates', 'text', (c) => c.notNull())
    .addColumn('project_id', 'bigint')
    .addColumn('engineer_id', 'bigint', (c) => c.notNull())
    .addColumn('advance', 'text', (c) => c.notNull())
    .addColumn('start_at', types.time, (c) => c.notNull())
    .addColumn('end_at', types.time)
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('next_due_at', types.time)
    .addColumn('next_order_at', types.time)
    .addColumn('last_due_at', types.time)
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('maintenance_plans_owner').on('maintenance_plans').columns(['owner_id', 'id']).execute();
  await s
    .createTable('maintenance_plan_devices')
    .addColumn('plan_id', 'bigint', (c) => c.notNull().references('maintenance_plans.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('maintenance_plan_devices_pk', ['plan_id', 'device_id'])
    .execute();
  await s.createIndex('maintenance_plan_devices_device').on('maintenance_plan_devices').column('device_id').execute();

  await s.alterTable('work_orders').addColumn('plan_id', 'bigint').execute();
  await s.alterTable('work_orders').addColumn('plan_due_at', types.time).execute();
  await s
    .createIndex('work_orders_plan_due')
    .on('work_orders')
    .columns(['plan_id', 'device_id', 'plan_due_at'])
    .unique()
    .execute();
  await s.createIndex('work_orders_device').on('work_orders').columns(['device_id', 'id']).execute();

  await s
    .createTable('work_order_counters')
    .addColumn('owner_id', 'bigint', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  // Numbers so far were count + 1 per owner: the counter carries on from the count.
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  await sql`insert into work_order_counters (owner_id, last)
    select owner_id, count(*) from work_orders group by owner_id`.execute(k);
}

export async function down({ db }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s.dropTable('work_order_counters').execute();
  await s.dropIndex('work_orders_device').execute();
  await s.dropIndex('work_orders_plan_due').execute();
  await s.alterTable('work_orders').dropColumn('plan_due_at').execute();
  await s.alterTable('work_orders').dropColumn('plan_id').execute();
  await s.dropTable('maintenance_plan_devices').execute();
  await s.dropTable('maintenance_plans').execute();
}
