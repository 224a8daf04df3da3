import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { deletePhotos, expiredPhotoIds } from './repository.ts';

const BATCH = 500;

/** The nightly cleanup of whitelisted faces past their retention end, and the sightings left without a face. */
export const expiredFacesCleanup: Cleanup = {
  name: 'expired faces',
  async run(db, now) {
    let removed = 0;
    for (let round = 0; round < 10_000; round++) {
      const ids = await expiredPhotoIds(db.kysely, now, BATCH);
      if (ids.length === 0) break;
      removed += await db.kysely.transaction().execute((trx) => deletePhotos(trx, ids));
      if (ids.length < BATCH) break;
    }
    return removed;
  },
};
