import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Students' daily mood entries, one a day (decision 0084). */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('mood_entries'))
    .addColumn('student_id', 'bigint', (c) => c.notNull().references('students.id').onDelete('cascade'))
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('class_id', 'bigint')
    // The school day in China time, YYYY-MM-DD: one entry per student and day.
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('mood', 'integer', (c) => c.notNull())
    .addColumn('intensity', 'integer', (c) => c.notNull())
    .addColumn('tags', types.json, (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    // The red warning the crisis check opened for this entry, so that editing it opens no second one.
    .addColumn('warning_id', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('mood_entries_day').on('mood_entries').columns(['student_id', 'day']).unique().execute();
  await s.createIndex('mood_entries_school').on('mood_entries').columns(['school_id', 'day']).execute();
}
