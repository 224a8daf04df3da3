import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob } from '../../platform/jobs/types.ts';

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
  await trx.updateTable('warnings').set({ push_state: 'pending' }).where('id', '=', payload.warningId).execute();
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
    const w = await k
      .selectFrom('warnings as w')
      .innerJoin('students as s', 's.id', 'w.student_id')
      .select(['w.id', 's.name', 'w.level'])
      .where('w.id', '=', warningId)
      .executeTakeFirst();
    if (!w) return; // the warning was deleted with its student: nothing to tell anyone
    const reachable =
      userIds.length === 0
        ? []
        : await k.selectFrom('users').select('id').where('id', 'in', userIds).where('status', '=', 'enabled').execute();
    if (reachable.length === 0) {
      if (job.attempt >= job.maxAttempts) {
        await k.updateTable('warnings').set({ push_state: 'failed' }).where('id', '=', warningId).execute();
      }
      throw new Error('warning.pushNobody');
    }
    const at = Date.now();
    await k.transaction().execute(async (trx) => {
      await trx
        .insertInto('warning_notices')
        .values(
          reachable.map((u) => ({
            warning_id: warningId,
            history_id: historyId,
            user_id: u.id,
            title_key: 'notice.warning.published',
            params: toJson({ student: w.name, level: w.level }),
            created_at: at,
            read_at: null,
          })),
        )
        .onConflict((oc) => oc.columns(['history_id', 'user_id']).doNothing())
        .execute();
      await trx.updateTable('warnings').set({ push_state: 'sent' }).where('id', '=', warningId).execute();
    });
  },
});
