import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';
import type { Database } from '../../platform/db/schema.ts';
import { rebuildScreenCounts } from '../screens/repository.ts';

/**
 * The large screens' all-time totals by school and grade, and their results and warnings by school
 * and day (decision 0142), beside the per-class, per-day counts of 0045: a district wall adds up a
 * few thousand rows instead of one per class and day. Filled from what is stored, as the writes
 * keep them from now on.
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s
    .createTable('screen_result_totals')
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('grade_id', 'bigint', (c) => c.notNull())
    .addColumn('task_id', 'bigint', (c) => c.notNull())
    .addColumn('scale_id', 'bigint', (c) => c.notNull())
    .addColumn('band', 'text', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('warned', 'integer', (c) => c.notNull())
    .execute();
  await s
    .createIndex('screen_result_totals_key')
    .on('screen_result_totals')
    .columns(['school_id', 'grade_id', 'task_id', 'scale_id', 'band'])
    .unique()
    .execute();
  await s
    .createTable('screen_sheet_totals')
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('grade_id', 'bigint', (c) => c.notNull())
    .addColumn('task_id', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', types.time, (c) => c.notNull())
    .addColumn('assigned', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .execute();
  await s
    .createIndex('screen_sheet_totals_key')
    .on('screen_sheet_totals')
    .columns(['school_id', 'grade_id', 'task_id'])
    .unique()
    .execute();
  await s
    .createTable('screen_warning_totals')
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('grade_id', 'bigint', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('warnings', 'integer', (c) => c.notNull())
    .addColumn('handled_ms', 'bigint', (c) => c.notNull())
    .execute();
  await s
    .createIndex('screen_warning_totals_key')
    .on('screen_warning_totals')
    .columns(['school_id', 'grade_id', 'level', 'state'])
    .unique()
    .execute();
  await s
    .createTable('screen_daily')
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('warnings', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('screen_daily_key').on('screen_daily').columns(['school_id', 'day']).unique().execute();
  await rebuildScreenCounts(db as Kysely<Database>);
}

export async function down({ db }: MigrationContext): Promise<void> {
  for (const table of ['screen_daily', 'screen_warning_totals', 'screen_sheet_totals', 'screen_result_totals'])
    await db.schema.dropTable(table).execute();
}
