import type { FileChannel } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import pino, { type Logger } from 'pino';
import { type Config, loadConfig } from '../../platform/config.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { FileStores } from '../../platform/files/stores.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { expiredDownloads } from './repository.ts';

/**
 * Removes stored files, bytes first and then their rows: a row without bytes would promise a
 * download that fails, bytes without a row are only space. A store that cannot delete now is
 * logged and its row kept, so that the next night tries again.
 */
export async function removeStoredFiles(
  db: Kysely<Database>,
  stores: FileStores,
  fileIds: readonly number[],
  log: Pick<Logger, 'warn'>,
): Promise<number[]> {
  if (fileIds.length === 0) return [];
  const rows = await db.selectFrom('files').select(['id', 'path', 'channel']).where('id', 'in', fileIds).execute();
  const removed: number[] = [];
  for (const row of rows) {
    try {
      await stores.byChannel(row.channel as FileChannel)?.delete(row.path);
      removed.push(row.id);
    } catch (error) {
      log.warn({ err: error, path: row.path }, 'an expired download could not be removed from its store');
    }
  }
  if (removed.length > 0) await db.deleteFrom('files').where('id', 'in', removed).execute();
  return removed;
}

const BATCH = 500;

/** The nightly cleanup of the download center: tasks past their keeping time, and their files. */
export function expiredDownloadsCleanup(
  configOf: () => Config = () => loadConfig(process.env),
  // A cleanup gets no logger of its own; this one writes where the process's log goes (stdout).
  log: Pick<Logger, 'warn'> = pino({ name: 'downloads' }),
): Cleanup {
  return {
    name: 'expired downloads',
    async run(db, now) {
      const stores = fileStoresOf(configOf());
      let removed = 0;
      for (let round = 0; round < 10_000; round++) {
        const batch = await expiredDownloads(db.kysely, now, BATCH);
        if (batch.length === 0) break;
        const fileIds = batch.flatMap((t) => (t.fileId === null ? [] : [Number(t.fileId)]));
        const gone = new Set(await removeStoredFiles(db.kysely, stores, fileIds, log));
        // A task whose file could not be removed stays for the next night.
        const ids = batch.filter((t) => t.fileId === null || gone.has(Number(t.fileId))).map((t) => t.id);
        if (ids.length === 0) break;
        await db.kysely.deleteFrom('download_tasks').where('id', 'in', ids).execute();
        removed += ids.length;
        if (batch.length < BATCH) break;
      }
      return removed;
    },
  };
}
