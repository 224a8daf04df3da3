import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * A staff member's roster entry may hold the openid of the school's WeChat official account
 * (decision 0150), set by the school's administrator: campus alerts by WeChat go to it.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('teachers').addColumn('wechat_openid', 'text').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('teachers').dropColumn('wechat_openid').execute();
}
