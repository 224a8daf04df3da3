import type { MigrationContext } from '../../platform/db/migrate.ts';

/** An engineer's check-in on site is a step of the order with where the phone was (issue 27). */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('work_order_steps').addColumn('latitude', 'double precision').execute();
  await db.schema.alterTable('work_order_steps').addColumn('longitude', 'double precision').execute();
}
