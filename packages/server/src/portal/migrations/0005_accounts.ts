import type { MigrationContext } from '../../platform/db/migrate.ts';

/** The account lifecycle: every verification-code send attempt, and registrations with their review. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('verification_sends'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('provider', 'text')
    .addColumn('error', 'text')
    .addColumn('at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('verification_sends_target').on('verification_sends').columns(['target', 'at']).execute();
  await s.createIndex('verification_sends_ip').on('verification_sends').columns(['ip', 'at']).execute();

  await s
    .createTable('account_registrations')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('app', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('reviewed_by', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', types.time)
    .addColumn('reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('account_registrations_decision').on('account_registrations').column('decision').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('account_registrations').execute();
  await db.schema.dropTable('verification_sends').execute();
}
