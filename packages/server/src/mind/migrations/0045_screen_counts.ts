import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';
import type { Database } from '../../platform/db/schema.ts';
import { refillScreenCounts } from '../screens/repository.ts';

/**
 * The large screens' summary tables (decision 0072), filled from the results, sheets and warnings
 * already stored; and the warning cockpit for the psychology teacher, whose menu item it is.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('screen_results')
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('grade_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint', (c) => c.notNull())
    .addColumn('task_id', 'bigint', (c) => c.notNull())
    .addColumn('scale_id', 'bigint', (c) => c.notNull())
    .addColumn('band', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('warned', 'integer', (c) => c.notNull())
    .execute();
  await s
    .createIndex('screen_results_key')
    .on('screen_results')
    .columns(['school_id', 'grade_id', 'class_id', 'task_id', 'scale_id', 'band', 'day'])
    .unique()
    .execute();

  await s
    .createTable('screen_sheets')
    .addColumn('task_id', 'bigint', (c) => c.notNull())
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('grade_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', types.time, (c) => c.notNull())
    .addColumn('assigned', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .execute();
  await s
    .createIndex('screen_sheets_key')
    .on('screen_sheets')
    .columns(['school_id', 'grade_id', 'class_id', 'task_id'])
    .unique()
    .execute();

  await s
    .createTable('screen_warnings')
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('warnings', 'integer', (c) => c.notNull())
    .addColumn('handled_ms', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createIndex('screen_warnings_key')
    .on('screen_warnings')
    .columns(['school_id', 'class_id', 'level', 'state', 'day'])
    .unique()
    .execute();

  await (db as Kysely<Database>)
    .insertInto('role_permissions')
    .values({ role_id: 3, path: '/schoolWarning', perms: 'view' })
    .onConflict((oc) => oc.columns(['role_id', 'path']).doNothing())
    .execute();
  // The per-class, per-day tables only: the totals by grade come with 0114.
  await refillScreenCounts(db as Kysely<Database>);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await (db as Kysely<Database>)
    .deleteFrom('role_permissions')
    .where('role_id', '=', 3)
    .where('path', '=', '/schoolWarning')
    .execute();
  for (const table of ['screen_warnings', 'screen_sheets', 'screen_results'])
    await db.schema.dropTable(table).execute();
}
