import type { MigrationContext } from '../../platform/db/migrate.ts';

/** WeChat and DingTalk bindings, the authorisations and tickets in flight, and the bind log. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('oauth_bindings'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('open_id', 'text')
    .addColumn('union_id', 'text')
    .addColumn('nickname', 'text')
    .addColumn('avatar', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('last_sign_in_at', types.time)
    .execute();
  // One provider id binds at most one account, and an account holds at most one id per provider.
  await s
    .createIndex('oauth_bindings_subject')
    .on('oauth_bindings')
    .columns(['provider', 'subject'])
    .unique()
    .execute();
  await s.createIndex('oauth_bindings_user').on('oauth_bindings').columns(['user_id', 'provider']).unique().execute();

  await withId(s.createTable('oauth_states'))
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('intent', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('expires_at', types.time, (c) => c.notNull())
    .addColumn('used_at', types.time)
    .execute();
  await s.createIndex('oauth_states_expires').on('oauth_states').column('expires_at').execute();

  await withId(s.createTable('oauth_tickets'))
    .addColumn('ticket_hash', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('open_id', 'text')
    .addColumn('union_id', 'text')
    .addColumn('nickname', 'text')
    .addColumn('avatar', 'text')
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('expires_at', types.time, (c) => c.notNull())
    .addColumn('used_at', types.time)
    .execute();
  await s.createIndex('oauth_tickets_expires').on('oauth_tickets').column('expires_at').execute();

  // No foreign keys: the log outlives the accounts it names, like the audit log.
  await withId(s.createTable('oauth_bind_log'))
    .addColumn('at', types.time, (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text')
    .addColumn('from_user_id', 'bigint')
    .addColumn('by_user_id', 'bigint')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await s.createIndex('oauth_bind_log_user').on('oauth_bind_log').columns(['user_id', 'at']).execute();
  await s.createIndex('oauth_bind_log_from').on('oauth_bind_log').columns(['from_user_id', 'at']).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  for (const table of ['oauth_bind_log', 'oauth_tickets', 'oauth_states', 'oauth_bindings']) {
    await db.schema.dropTable(table).execute();
  }
}
