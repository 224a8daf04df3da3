import type { MigrationContext } from '../../platform/db/migrate.ts';
import { grantPath, revokePath } from '../../platform/db/role-grants.ts';

/**
 * Campus video playback (decision 0133): a campus camera may carry a stream address, and the roles
 * that handle behaviour alerts play it on the `hk` page. The psychology teacher (3) handles them;
 * bureau and school administrators (1, 2) hold every path already. A snapshot: never import today's
 * catalogues.
 */
const PLAYBACK = '/data/hk';

export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('campus_devices').addColumn('stream_url', 'text').execute();
  await grantPath(db, PLAYBACK, [[3, 'view']]);
}

export async function down({ db }: MigrationContext): Promise<void> {
  await revokePath(db, PLAYBACK, [3]);
  await db.schema.alterTable('campus_devices').dropColumn('stream_url').execute();
}
