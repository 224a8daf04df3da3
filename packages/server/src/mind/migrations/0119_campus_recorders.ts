import type { MigrationContext } from '../../platform/db/migrate.ts';

/**
 * A campus camera may name its recorder (decision 0147): the Hikvision NVR's RTSP playback address
 * of its channel (`rtsp://…/Streaming/tracks/101`), to which playback adds `starttime`/`endtime`.
 */
export async function up({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('campus_devices').addColumn('recorder_url', 'text').execute();
}

export async function down({ db }: MigrationContext): Promise<void> {
  await db.schema.alterTable('campus_devices').dropColumn('recorder_url').execute();
}
