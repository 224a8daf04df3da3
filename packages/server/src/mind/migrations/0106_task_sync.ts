import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Survey task sync (decision 0139): a school's copy of a bureau task names the bureau task it came
 * from; one copy per school and bureau task, which the unique index holds under concurrent syncs.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('assessment_tasks')
    .addColumn('source_task_id', 'bigint', (c) => c.references('assessment_tasks.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('assessment_tasks_copy')
    .on('assessment_tasks')
    .columns(['source_task_id', 'org_id'])
    .unique()
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropIndex('assessment_tasks_copy').execute();
  await db.schema.alterTable('assessment_tasks').dropColumn('source_task_id').execute();
}
