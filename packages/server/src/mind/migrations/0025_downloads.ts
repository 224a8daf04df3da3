import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

/** The psychology and class teachers open the download center; each sees only their own files. */
const GRANTS = [
  { role_id: 3, path: '/data/downloadCenter', perms: 'view' },
  { role_id: 4, path: '/data/downloadCenter', perms: 'view' },
];

/** Mind's download center: one task per export, its state, progress and the file it wrote. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('download_tasks'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('params', types.json, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('written', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('file_id', 'bigint', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('size', 'bigint')
    .addColumn('error_key', 'text')
    .addColumn('error_params', types.json)
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .addColumn('finished_at', types.time)
    .addColumn('expires_at', types.time)
    .execute();
  await s.createIndex('download_tasks_owner').on('download_tasks').columns(['owner_id', 'state', 'id']).execute();
  await s.createIndex('download_tasks_expiry').on('download_tasks').columns(['expires_at']).execute();
  // A group report reads one scale's results of a scope: keep the scale first and the figures in
  // the index, so that the aggregate never visits the rows (their score and answers are large).
  await s
    .createIndex('assessment_results_report')
    .on('assessment_results')
    .columns(['scale_id', 'school_id', 'class_id', 'grade_id', 'valid', 'warning_level', 'total', 'band'])
    .execute();

  // Typed loosely on purpose: a migration must not depend on today's table types.
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  await k.insertInto('role_permissions').values(GRANTS).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const g of GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', g.role_id).where('path', '=', g.path).execute();
  }
  await db.schema.dropIndex('assessment_results_report').execute();
  await db.schema.dropTable('download_tasks').execute();
}
