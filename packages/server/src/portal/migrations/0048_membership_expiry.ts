import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * When a bought membership ends (decision 0079): `vip_level` stays the level bought, and from
 * `vip_expires_at` on the account has the non-member limits again. Null: no end (a non-member, or
 * a level the platform administrator set by hand).
 */
export async function up({ db, types }: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('vip_expires_at', types.time).execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').dropColumn('vip_expires_at').execute();
}
