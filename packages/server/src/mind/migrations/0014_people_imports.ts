import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * The roster binding log: who bound, released or moved which account to which student, teacher
 * or parent record. Imports, exports and data checks need no table of their own (they write the
 * roster and the audit log). Roles 1 and 2 hold `*`, so `/data/accountBindManage` needs no grant.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  // No foreign keys: the log outlives the accounts and roster entries it names, like the audit log.
  await withId(s.createTable('account_bindings_log'))
    .addColumn('at', types.time, (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('roster_id', 'bigint', (c) => c.notNull())
    .addColumn('school_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('from_user_id', 'bigint')
    .addColumn('by_user_id', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await s.createIndex('account_bindings_log_school').on('account_bindings_log').columns(['school_id', 'at']).execute();
  await s.createIndex('account_bindings_log_user').on('account_bindings_log').columns(['user_id', 'at']).execute();
  await s
    .createIndex('account_bindings_log_roster')
    .on('account_bindings_log')
    .columns(['kind', 'roster_id', 'at'])
    .execute();
}
