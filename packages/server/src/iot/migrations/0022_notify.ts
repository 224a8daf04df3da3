import type { MigrationContext } from '../../platform/db/migrate.ts';

/** Device Cloud contacts, channels and alarm deliveries. */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;

  await withId(s.createTable('contacts'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('wechat_openid', 'text')
    /** Comma-separated channel names. */
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('contacts_owner_name').on('contacts').columns(['owner_id', 'name']).unique().execute();

  await withId(s.createTable('contact_groups'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('contact_groups_owner_name')
    .on('contact_groups')
    .columns(['owner_id', 'name'])
    .unique()
    .execute();

  await withId(s.createTable('contact_group_members'))
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('contact_groups.id').onDelete('cascade'))
    .addColumn('contact_id', 'bigint', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .execute();
  await s
    .createIndex('contact_group_members_pair')
    .on('contact_group_members')
    .columns(['group_id', 'contact_id'])
    .unique()
    .execute();
  await s.createIndex('contact_group_members_contact').on('contact_group_members').column('contact_id').execute();

  // A trigger's recipients. No foreign key to triggers: the trigger area deletes its rows here
  // when it deletes a trigger (setTriggerRecipients with empty lists).
  await withId(s.createTable('trigger_contacts'))
    .addColumn('trigger_id', 'bigint', (c) => c.notNull())
    .addColumn('contact_id', 'bigint', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .execute();
  await s
    .createIndex('trigger_contacts_pair')
    .on('trigger_contacts')
    .columns(['trigger_id', 'contact_id'])
    .unique()
    .execute();
  await withId(s.createTable('trigger_groups'))
    .addColumn('trigger_id', 'bigint', (c) => c.notNull())
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('contact_groups.id').onDelete('cascade'))
    .execute();
  await s
    .createIndex('trigger_groups_pair')
    .on('trigger_groups')
    .columns(['trigger_id', 'group_id'])
    .unique()
    .execute();

  // Email Server, Email Template, SMS, voice, WeChat Push and Mobile Terminal: one row of each per account.
  await withId(s.createTable('notify_settings'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('settings', types.json, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s
    .createIndex('notify_settings_owner_kind')
    .on('notify_settings')
    .columns(['owner_id', 'kind'])
    .unique()
    .execute();

  // One row per event x recipient x channel; `dedupe_key` makes a second insert of one impossible.
  await withId(s.createTable('notify_deliveries'))
    .addColumn('owner_id', 'bigint', (c) => c.notNull())
    .addColumn('alarm_id', 'bigint', (c) => c.notNull())
    .addColumn('trigger_id', 'bigint', (c) => c.notNull())
    .addColumn('device_id', 'bigint', (c) => c.notNull())
    .addColumn('device_name', 'text', (c) => c.notNull())
    .addColumn('point_name', 'text')
    .addColumn('value', 'text')
    .addColumn('event_at', types.time, (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('repeat_no', 'integer', (c) => c.notNull())
    .addColumn('contact_id', 'bigint', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('sending_until', types.time)
    .addColumn('last_error', 'text')
    .addColumn('provider', 'text')
    .addColumn('provider_ref', 'text')
    .addColumn('sent_at', types.time)
    .addColumn('created_at', types.time, (c) => c.notNull())
    .addColumn('updated_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('notify_deliveries_owner').on('notify_deliveries').columns(['owner_id', 'created_at']).execute();
  await s.createIndex('notify_deliveries_alarm').on('notify_deliveries').columns(['alarm_id', 'kind']).execute();
  await s.createIndex('notify_deliveries_device').on('notify_deliveries').columns(['device_id', 'id']).execute();
  // The nightly cleanup walks deliveries by age.
  await s.createIndex('notify_deliveries_created').on('notify_deliveries').column('created_at').execute();
}
