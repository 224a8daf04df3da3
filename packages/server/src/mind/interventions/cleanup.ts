import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { fileStoresOf } from '../../platform/files/stores.ts';
import type { Cleanup } from '../../platform/jobs/cleanup.ts';
import { DAY } from '../../platform/time.ts';
import { removeStoredFiles } from '../../portal/files/store.ts';
import { attachmentPaths } from './attachments.ts';
import { recordAttachmentsSince, uploadedAttachments } from './records-repository.ts';

/** An attachment is uploaded while its record is written: one no record took a day later never will. */
export const UNSAVED_AFTER = DAY;
/**
 * How far back each night looks. A file is judged on each of the nights it is between one and
 * eight days old, so a night the job did not run is caught up; older files were judged already.
 */
const LOOK_BACK = 8 * DAY;
const BATCH = 500;

/** The paths held by records written since `since`: records are never edited, so only these can hold a newer file. */
async function pathsOnRecordsSince(db: Kysely<Database>, since: number): Promise<Set<string>> {
  const rows = await recordAttachmentsSince(db, since);
  return new Set(rows.flatMap((r) => attachmentPaths(r.attachments)));
}

/**
 * The nightly removal of record attachments that were uploaded and never saved on a record (the
 * dialog was cancelled, or the file removed from it before saving): bytes and row (decision 0043).
 */
export const unsavedAttachmentsCleanup: Cleanup = {
  name: 'unsaved record attachments',
  async run(db, now, { config, log }) {
    const since = now - LOOK_BACK;
    const held = await pathsOnRecordsSince(db.kysely, since);
    const stores = fileStoresOf(config);
    let removed = 0;
    let afterId = 0;
    for (let round = 0; round < 10_000; round++) {
      const batch = await uploadedAttachments(db.kysely, since, now - UNSAVED_AFTER, afterId, BATCH);
      const last = batch.at(-1);
      if (!last) break;
      afterId = last.id;
      const unsaved = batch.filter((f) => !held.has(f.path)).map((f) => f.id);
      removed += (await removeStoredFiles(db.kysely, stores, unsaved, log)).length;
      if (batch.length < BATCH) break;
    }
    return removed;
  },
};
