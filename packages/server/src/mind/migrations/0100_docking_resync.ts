import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Province docking, continued (decision 0129): each platform's field mapping and the pace of a full
 * resync; the resyncs themselves with their cursor, so that a stopped one continues where it was;
 * and which resync opened a batch.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  // JSON: our field → the platform's name and codes, with a default (decision 0129).
  await s
    .alterTable('docking_configs')
    .addColumn('mapping', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await s
    .alterTable('docking_configs')
    .addColumn('resync_per_minute', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await s.alterTable('docking_batches').addColumn('resync_id', 'bigint').execute();
  await withId(s.createTable('docking_resyncs'))
    .addColumn('owner_org_id', 'bigint', (c) => c.notNull())
    // The owner while it runs, null once done: at most one running resync per owner (a unique index).
    .addColumn('running_owner', 'bigint')
    .addColumn('school_ids', 'text', (c) => c.notNull())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('batches', 'integer', (c) => c.notNull())
    .addColumn('per_minute', 'integer', (c) => c.notNull())
    // The cursor: the kind being walked and the last source id queued of it.
    .addColumn('cursor_kind', 'integer', (c) => c.notNull())
    .addColumn('cursor_id', 'bigint', (c) => c.notNull())
    // The step the next job runs; a step run twice (a node died before marking it done) does nothing.
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('started_at', types.time, (c) => c.notNull())
    .addColumn('finished_at', types.time)
    .execute();
  await s.createIndex('docking_resyncs_running').on('docking_resyncs').column('running_owner').unique().execute();
  await s.createIndex('docking_resyncs_owner').on('docking_resyncs').columns(['owner_org_id', 'id']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('docking_resyncs').execute();
  await db.schema.alterTable('docking_batches').dropColumn('resync_id').execute();
  await db.schema.alterTable('docking_configs').dropColumn('resync_per_minute').execute();
  await db.schema.alterTable('docking_configs').dropColumn('mapping').execute();
}
