import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Accounts, sessions, organisations, roles and the audit log: what both apps sign in and authorise with. */
export async function up({ db, no, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('orgs'))
    .addColumn('parent_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('path', 'text', (c) => c.notNull().defaultTo('/'))
    .addColumn('depth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('logo', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('orgs_parent').on('orgs').column('parent_id').execute();
  await s.createIndex('orgs_path').on('orgs').column('path').execute();

  await withId(s.createTable('users'))
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text')
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('email', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('enabled'))
    .addColumn('default_pass', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('password_changed_at', types.time, (c) => c.notNull())
    .addColumn('lang', 'text')
    .addColumn('dept_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('user_type', 'text', (c) => c.notNull().defaultTo('staff'))
    .addColumn('parent_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('super_admin', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('device_level', 'integer')
    .addColumn('slave_quota', 'integer')
    .addColumn('remark', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .addColumn('last_login_at', types.time)
    .addColumn('last_login_ip', 'text')
    .execute();
  await s.createIndex('users_parent').on('users').column('parent_id').execute();
  await s.createIndex('users_dept').on('users').column('dept_id').execute();

  await withId(s.createTable('user_identities'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('identity_id', 'integer', (c) => c.notNull())
    .addColumn('org_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('user_identities_unique')
    .on('user_identities')
    .columns(['user_id', 'identity_id', 'org_id'])
    .unique()
    .execute();

  await withId(s.createTable('roles'))
    .addColumn('app', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('is_default', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('builtin', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('menu_perms', types.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('point_perms', types.json, (c) => c.notNull().defaultTo('[]'))
    .addColumn('org_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();

  await withId(s.createTable('role_permissions'))
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('perms', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('role_permissions_unique').on('role_permissions').columns(['role_id', 'path']).unique().execute();

  await withId(s.createTable('user_roles'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('org_id', 'bigint', (c) => c.references('orgs.id'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('user_roles_user').on('user_roles').columns(['user_id', 'role_id', 'org_id']).unique().execute();

  await withId(s.createTable('sessions'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint')
    .addColumn('identity_id', 'integer')
    .addColumn('run_as_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('last_seen_at', types.time, (c) => c.notNull())
    .addColumn('expires_at', types.time, (c) => c.notNull())
    .addColumn('revoked_at', types.time)
    .addColumn('revoked_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('device_id', 'text')
    .execute();
  await s.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await s
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_start', types.time, (c) => c.notNull())
    .addColumn('last_failure_at', types.time, (c) => c.notNull())
    .addColumn('locked_until', types.time)
    .execute();

  await withId(s.createTable('verification_codes'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('expires_at', types.time, (c) => c.notNull())
    .addColumn('consumed_at', types.time)
    .execute();
  await s
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['target', 'purpose', 'created_at'])
    .execute();

  await withId(s.createTable('audit_log'))
    .addColumn('at', types.time, (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('account', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('detail', types.json, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await s.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await s.createIndex('audit_log_user').on('audit_log').columns(['user_id', 'at']).execute();

  await s
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', types.json, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .addColumn('updated_by', 'bigint')
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  for (const table of [
    'settings',
    'audit_log',
    'verification_codes',
    'login_attempts',
    'sessions',
    'user_roles',
    'role_permissions',
    'roles',
    'user_identities',
    'users',
    'orgs',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
