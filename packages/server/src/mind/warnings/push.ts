import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { enabledUsers, findNoticeSubject, insertNotices, setPushState } from './workflow-repository.ts';

export const WARNING_PUSH = 'mind.warning.push';

interface PushPayload {
  warningId: number;
  historyId: number;
  userIds: number[];
}

/**
 * Queues the notice of a step in the step's transaction (the outbox): the step and its notice exist
 * together or not at all, and the key of the step makes a second enqueue a no-op.
 */
export async function queuePush(trx: Transaction<Database>, payload: PushPayload, at: number): Promise<void> {
  await setPushState(trx, payload.warningId, 'pending');
  await insertJob(
    trx,
    { kind: WARNING_PUSH, payload, dedupeKey: `${WARNING_PUSH}:${payload.historyId}`, maxAttempts: 3 },
    at,
  );
}

/**
 * Delivers a warning's notice to its handlers' inboxes. A notice is keyed by step and person, so a
 * run repeated after a crash writes nothing twice. With nobody left to reach (accounts disabled),
 * the run fails; after the last attempt the warning shows a failed push that `retry` sends again.
 */
export const warningPushJob = defineJob<PushPayload>({
  kind: WARNING_PUSH,
  maxAttempts: 3,
  async run(job, { db }) {
    const { warningId, historyId, userIds } = job.payload;
    const k = db.kysely;
    const w = await findNoticeSubject(k, warningId);
    if (!w) return; // the warning was deleted with its student: nothing to tell anyone
    const reachable = userIds.length === 0 ? [] : await enabledUsers(k, userIds);
    if (reachable.length === 0) {
      if (job.attempt >= job.maxAttempts) {
        await setPushState(k, warningId, 'failed');
      }
      throw new Error('warning.pushNobody');
    }
    const at = Date.now();
    await k.transaction().execute(async (trx) => {
      await insertNotices(
        trx,
        reachable.map((u) => ({
          warning_id: warningId,
          history_id: historyId,
          user_id: u.id,
          title_key: 'notice.warning.published',
          params: toJson({ student: w.name, level: w.level }),
          created_at: at,
          read_at: null,
        })),
      );
      await setPushState(trx, warningId, 'sent');
    });
  },
});
