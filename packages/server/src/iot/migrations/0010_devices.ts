import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Device Cloud's data model (spec section 3): devices and who owns them, tag categories and tags
 * (device groups), projects and their members, and what a sub-user was granted on a device.
 * Templates (0011) are referenced by id only, so that the two areas migrate independently; the
 * template service refuses to delete a template a device still uses.
 */
export async function up({ db, no, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('projects'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('manager_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('manager_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('remark', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('projects_owner_name').on('projects').columns(['owner_id', 'name']).unique().execute();

  await withId(s.createTable('project_users'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('project_users_unique').on('project_users').columns(['project_id', 'user_id']).unique().execute();
  await s.createIndex('project_users_user').on('project_users').column('user_id').execute();

  await withId(s.createTable('devices'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('device_no', 'bigint')
    .addColumn('sn', 'text')
    .addColumn('mac', 'text')
    .addColumn('imei', 'text')
    .addColumn('imei2', 'text')
    .addColumn('lora_nid', 'text')
    .addColumn('comm_password', 'text')
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('query_interval', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'bigint', (c) => c.references('projects.id'))
    .addColumn('template_id', 'bigint')
    .addColumn('address', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('picture', 'text')
    .addColumn('enabled', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('cloud_config', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('warranty_start', types.time)
    .addColumn('warranty_end', types.time)
    .addColumn('version', 'text')
    .addColumn('sim_iccid', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('offline'))
    .addColumn('last_online_at', types.time)
    .addColumn('last_data_at', types.time)
    .addColumn('remark', 'text')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  // A device is found by its SN (gateway registration) and by its number; both are unique where set.
  await s.createIndex('devices_sn').on('devices').column('sn').unique().where('sn', 'is not', null).execute();
  await s
    .createIndex('devices_no')
    .on('devices')
    .column('device_no')
    .unique()
    .where('device_no', 'is not', null)
    .execute();
  // The device list filters by owner, project and status and sorts newest first.
  await s.createIndex('devices_owner').on('devices').columns(['owner_id', 'status', 'id']).execute();
  await s.createIndex('devices_project').on('devices').columns(['project_id', 'id']).execute();
  await s.createIndex('devices_template').on('devices').column('template_id').execute();

  await withId(s.createTable('tag_categories'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('tag_categories_owner_name')
    .on('tag_categories')
    .columns(['owner_id', 'name'])
    .unique()
    .execute();

  await withId(s.createTable('tags'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('category_id', 'bigint', (c) => c.references('tag_categories.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('tags_owner_name').on('tags').columns(['owner_id', 'name']).unique().execute();

  await s
    .createTable('device_tags')
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('tag_id', 'bigint', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_tags_pk', ['device_id', 'tag_id'])
    .execute();
  await s.createIndex('device_tags_tag').on('device_tags').columns(['tag_id', 'device_id']).execute();

  // What an owner granted a sub-user on one device (spec section 6: view, edit, delete).
  await s
    .createTable('device_grants')
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('can_view', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('can_edit', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('can_delete', types.bool, (c) => c.notNull().defaultTo(no))
    .addColumn('granted_by', 'bigint')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addPrimaryKeyConstraint('device_grants_pk', ['device_id', 'user_id'])
    .execute();
  await s.createIndex('device_grants_user').on('device_grants').columns(['user_id', 'device_id']).execute();
}
