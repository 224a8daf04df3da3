import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPermission, revokePermission } from '../../platform/db/role-grants.ts';

/**
 * The emotion log (decision 0100): a school's samples newest first, read through an index on the
 * school and the time; and the psychology teacher (3), whose emotion tabs include the log, may read it.
 */
const GRANT = { roleId: 3, path: '/data/emotionLog', perms: 'view' };

export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('emotion_samples_school_time')
    .on('emotion_samples')
    .columns(['school_id', 'occurred_at'])
    .execute();
  // A role edited by hand may already name the page: what it holds is kept.
  await grantPermission(db, GRANT);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePermission(db, GRANT);
  await db.schema.dropIndex('emotion_samples_school_time').execute();
}
