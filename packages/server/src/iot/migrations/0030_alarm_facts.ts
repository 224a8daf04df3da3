import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * An alarm's facts (trigger, point, operator, threshold, value, unit, dead zone, kind) beside its
 * text, so that Alarm Record, Alarms Today and Alarm Notification write it in the reader's
 * language (decision 0052). Rows made before keep `facts` null and show their text as written. A
 * notification also records the language it was sent in.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema.alterTable('alarms').addColumn('facts', types.json).execute();
  await db.schema.alterTable('notify_deliveries').addColumn('facts', types.json).execute();
  await db.schema.alterTable('notify_deliveries').addColumn('lang', 'text').execute();
}
