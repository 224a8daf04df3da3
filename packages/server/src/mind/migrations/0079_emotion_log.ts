import type { Kysely } from 'kysely';
import type { MigrationContext } from '../../platform/db/migrate.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

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
  const k = db as unknown as Loose;
  // A role edited by hand may already name the page: what it holds is kept.
  const held = await k
    .selectFrom('role_permissions')
    .select('id')
    .where('role_id', '=', GRANT.roleId)
    .where('path', '=', GRANT.path)
    .executeTakeFirst();
  if (!held)
    await k
      .insertInto('role_permissions')
      .values({ role_id: GRANT.roleId, path: GRANT.path, perms: GRANT.perms })
      .execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await (db as unknown as Loose)
    .deleteFrom('role_permissions')
    .where('role_id', '=', GRANT.roleId)
    .where('path', '=', GRANT.path)
    .where('perms', '=', GRANT.perms)
    .execute();
  await db.schema.dropIndex('emotion_samples_school_time').execute();
}
