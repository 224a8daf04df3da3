import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Online signing, continued (decision 0130): one form sent to many as a batch, the reminders sent to
 * those who have not signed (one a day at most), and a version on each template so a form tells which
 * wording it was sent with.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  const s = db.schema;
  await withId(s.createTable('sign_batches'))
    .addColumn('school_id', 'bigint', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('template_id', 'bigint', (c) => c.notNull().references('sign_templates.id'))
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** The class the batch went to, or null for a chosen list of students. */
    .addColumn('class_id', 'bigint')
    .addColumn('remind_after_days', 'integer')
    .addColumn('sent_by', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('sign_batches_school').on('sign_batches').columns(['school_id', 'id']).execute();
  await s.alterTable('sign_forms').addColumn('batch_id', 'bigint').execute();
  await s
    .alterTable('sign_forms')
    .addColumn('template_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s.createIndex('sign_forms_batch').on('sign_forms').columns(['batch_id', 'state']).execute();
  await s
    .alterTable('sign_templates')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await withId(s.createTable('sign_reminders'))
    .addColumn('form_id', 'bigint', (c) => c.notNull().references('sign_forms.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    /** The UTC day of the reminder, `YYYY-MM-DD`: a form is reminded at most once a day. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await s.createIndex('sign_reminders_day').on('sign_reminders').columns(['form_id', 'day']).unique().execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  const s = db.schema;
  await s.dropTable('sign_reminders').execute();
  await s.dropIndex('sign_forms_batch').execute();
  await s.alterTable('sign_templates').dropColumn('version').execute();
  await s.alterTable('sign_forms').dropColumn('template_version').execute();
  await s.alterTable('sign_forms').dropColumn('batch_id').execute();
  await s.dropTable('sign_batches').execute();
}
