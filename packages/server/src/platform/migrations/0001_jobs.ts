import type { MigrationContext } from '../db/migrate.ts';

export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('jobs'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', types.json, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('run_at', types.time, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', types.time)
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .addColumn('finished_at', types.time)
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
