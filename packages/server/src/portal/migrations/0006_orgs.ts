import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';
import { DICTS } from './0006_orgs_dicts.ts';
import { APP_CATEGORIES, APPS, ROLE_GRANTS } from './0006_orgs_seed.ts';

/**
 * The launcher and menus (apps, categories, who sees what, favourites, clicks, applications),
 * the code lists, and the permissions of the built-in Device Cloud roles, which 0003 left empty.
 */
export async function up({ db, no, types, withId, syncIdentity }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('app_categories'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('app_code', 'text')
    .addColumn('icon', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();

  await withId(s.createTable('apps'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('category_id', 'bigint', (c) => c.references('app_categories.id'))
    .addColumn('parent_id', 'bigint', (c) => c.references('apps.id'))
    .addColumn('product', 'text')
    .addColumn('icon', 'text')
    .addColumn('publish_url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('apps_parent').on('apps').column('parent_id').execute();

  // Who may see an app: by role, by a grant to one user, and the user's own favourites.
  await withId(s.createTable('app_roles'))
    .addColumn('app_id', 'bigint', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .execute();
  await s.createIndex('app_roles_unique').on('app_roles').columns(['role_id', 'app_id']).unique().execute();
  await withId(s.createTable('app_users'))
    .addColumn('app_id', 'bigint', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('granted_by', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('app_users_unique').on('app_users').columns(['user_id', 'app_id']).unique().execute();
  await withId(s.createTable('app_favourites'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'bigint', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('app_favourites_unique').on('app_favourites').columns(['user_id', 'app_id']).unique().execute();

  await withId(s.createTable('app_usage'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'bigint', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('clicks', 'integer', (c) => c.notNull())
    .addColumn('last_clicked_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('app_usage_unique').on('app_usage').columns(['user_id', 'app_id']).unique().execute();

  await withId(s.createTable('app_applications'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'bigint', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('reason', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('decided_at', types.time)
    .addColumn('decided_by', 'bigint')
    .addColumn('remark', 'text')
    .execute();
  await s.createIndex('app_applications_status').on('app_applications').columns(['status', 'created_at']).execute();
  await s.createIndex('app_applications_user').on('app_applications').columns(['user_id', 'app_id']).execute();

  await withId(s.createTable('app_accounts'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_id', 'bigint', (c) => c.notNull().references('apps.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('app_accounts_unique').on('app_accounts').columns(['user_id', 'app_id']).unique().execute();

  await s
    .createTable('dict_types')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await withId(s.createTable('dict_items'))
    .addColumn('type_code', 'text', (c) => c.notNull().references('dict_types.code').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('label_en', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('dict_items_unique').on('dict_items').columns(['type_code', 'code']).unique().execute();

  // The audit search filters by account and action.
  await s.createIndex('audit_log_account').on('audit_log').columns(['account', 'at']).execute();
  await s.createIndex('audit_log_action').on('audit_log').columns(['action', 'at']).execute();

  await seed(db as Kysely<Record<string, Record<string, unknown>>>);
  await syncIdentity('app_categories');
  await syncIdentity('apps');
}

/** Typed loosely on purpose: a migration must not depend on today's table types. */
async function seed(k: Kysely<Record<string, Record<string, unknown>>>): Promise<void> {
  const at = Date.now();
  for (const [i, c] of APP_CATEGORIES.entries()) {
    await k
      .insertInto('app_categories')
      .values({
        id: i + 1,
        code: c.code,
        name: c.name,
        name_en: c.en,
        app_code: c.appCode,
        icon: null,
        sort: i,
        created_at: at,
      })
      .execute();
  }
  const categoryId = (code: string) => APP_CATEGORIES.findIndex((c) => c.code === code) + 1;
  const appId = (code: string) => APPS.findIndex((a) => a.code === code) + 1;
  for (const [i, a] of APPS.entries()) {
    await k
      .insertInto('apps')
      .values({
        id: i + 1,
        code: a.code,
        name: a.name,
        name_en: a.en,
        category_id: categoryId(a.category),
        parent_id: a.parent ? appId(a.parent) : null,
        product: a.product,
        icon: a.icon,
        publish_url: a.url,
        description: null,
        sort: i,
        enabled: true,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const roleId of a.roles)
      await k
        .insertInto('app_roles')
        .values({ app_id: i + 1, role_id: roleId })
        .execute();
  }

  for (const [i, d] of DICTS.entries()) {
    await k.insertInto('dict_types').values({ code: d.type, name: d.name, name_en: d.en, sort: i }).execute();
    for (const [j, [code, label, labelEn]] of d.items.entries()) {
      await k.insertInto('dict_items').values({ type_code: d.type, code, label, label_en: labelEn, sort: j }).execute();
    }
  }

  for (const grant of ROLE_GRANTS) {
    for (const [path, perms] of grant.perms) {
      await k.insertInto('role_permissions').values({ role_id: grant.roleId, path, perms }).execute();
    }
    await k
      .updateTable('roles')
      .set({ menu_perms: JSON.stringify(grant.menus), updated_at: at })
      .where('id', '=', grant.roleId)
      .execute();
  }
}

export async function down({ db }: MigrationContext): Promise<void> {
  const k = db as Kysely<Record<string, Record<string, unknown>>>;
  for (const grant of ROLE_GRANTS) {
    await k.deleteFrom('role_permissions').where('role_id', '=', grant.roleId).execute();
    await k.updateTable('roles').set({ menu_perms: '[]' }).where('id', '=', grant.roleId).execute();
  }
  await db.schema.dropIndex('audit_log_action').execute();
  await db.schema.dropIndex('audit_log_account').execute();
  for (const table of [
    'dict_items',
    'dict_types',
    'app_accounts',
    'app_applications',
    'app_usage',
    'app_favourites',
    'app_users',
    'app_roles',
    'apps',
    'app_categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
