import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Commands between processes (decision 0076) travel as PostgreSQL NOTIFY payloads, which must stay
 * under 8000 bytes: a larger one is written here and the notice carries only its id; the process
 * it is addressed to reads the row and deletes it. Rows nobody took (their process died) are
 * removed by the nightly cleanup.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('gateway_messages'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
}
