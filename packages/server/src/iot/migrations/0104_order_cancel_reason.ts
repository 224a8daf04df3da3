import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * Why an order was cancelled when its owner did not cancel it (issue 24): an administrator rejects a
 * bank transfer that never arrived, and the owner reads the reason on the order.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('billing_orders').addColumn('cancel_reason', 'text').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('billing_orders').dropColumn('cancel_reason').execute();
}
