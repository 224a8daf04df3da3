import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * A staff member binds their own WeChat (decision 0156): each "Bind WeChat" code is a temporary QR
 * code of the school's official account whose scene is a random ticket kept here, for whom, until
 * when, and once used by which openid, so that an expired or used code is refused.
 */
export async function up({ db, types, withId }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('staff_wechat_tickets'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scene', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', types.time, (c) => c.notNull())
    .addColumn('used_at', types.time)
    .addColumn('openid', 'text')
    .addColumn('created_at', types.time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_wechat_tickets_user')
    .on('staff_wechat_tickets')
    .columns(['user_id', 'id'])
    .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.dropTable('staff_wechat_tickets').execute();
}
