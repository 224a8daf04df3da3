import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Province docking (decision 0103): each district's platform settings (the secret sealed), the
 * batches sent up and every record with its stable key, the idempotency key the platform sees.
 * Bureau and school administrators (1, 2) hold `/data/dataDocking` already; the menu items exist.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('docking_configs'))
    // The district (or school) whose administrator set it up; 0 for the whole deployment.
    .addColumn('owner_org_id', 'bigint', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('sealed_secret', 'text')
    // Comma-separated school ids and kinds.
    .addColumn('school_ids', 'text', (c) => c.notNull())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('docking_configs_owner').on('docking_configs').column('owner_org_id').unique().execute();
  await withId(s.createTable('docking_batches'))
    .addColumn('owner_org_id', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('accepted', 'integer', (c) => c.notNull())
    .addColumn('refused', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('sent_at', types.time)
    .execute();
  await s.createIndex('docking_batches_owner').on('docking_batches').columns(['owner_org_id', 'id']).execute();
  await withId(s.createTable('docking_records'))
    .addColumn('owner_org_id', 'bigint', (c) => c.notNull())
    .addColumn('record_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'bigint', (c) => c.notNull())
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('student_id', 'bigint', (c) => c.notNull())
    // The record as sent (JSON): corrected in place by "modify student info".
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('batch_id', 'bigint')
    .addColumn('sends', 'integer', (c) => c.notNull())
    .addColumn('sent_at', types.time)
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  // One row per record the platform knows: a second push never makes it a new record.
  await s.createIndex('docking_records_key').on('docking_records').column('record_key').unique().execute();
  await s.createIndex('docking_records_school').on('docking_records').columns(['school_id', 'id']).execute();
  await s.createIndex('docking_records_batch').on('docking_records').columns(['batch_id']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('docking_records').execute();
  await db.schema.dropTable('docking_batches').execute();
  await db.schema.dropTable('docking_configs').execute();
}
