import { fileStoresOf } from '../../platform/files/stores.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { removeStoredFiles } from '../../portal/files/store.ts';
import { deleteDownloads, expiredDownloads } from './repository.ts';

const BATCH = 500;

/** The nightly cleanup of the download center: tasks past their keeping time, and their files. */
export const expiredDownloadsCleanup: Cleanup = {
  name: 'expired downloads',
  async run(db, now, { config, log }) {
    const stores = fileStoresOf(config);
    let removed = 0;
    for (let round = 0; round < 10_000; round++) {
      const batch = await expiredDownloads(db.kysely, now, BATCH);
      if (batch.length === 0) break;
      const fileIds = batch.flatMap((t) => (t.fileId === null ? [] : [Number(t.fileId)]));
      const gone = new Set(await removeStoredFiles(db.kysely, stores, fileIds, log));
      // A task whose file could not be removed stays for the next night.
      const ids = batch.filter((t) => t.fileId === null || gone.has(Number(t.fileId))).map((t) => t.id);
      if (ids.length === 0) break;
      await deleteDownloads(db.kysely, ids);
      removed += ids.length;
      if (batch.length < BATCH) break;
    }
    return removed;
  },
};
