import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Per school: whether its students may sign in with student number and ID-card suffix (off unless set). */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('school_signin_settings')
    .addColumn('school_id', 'bigint', (c) => c.primaryKey().references('orgs.id').onDelete('cascade'))
    .addColumn('student_no_signin', types.bool, (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
}
