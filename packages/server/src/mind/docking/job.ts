import { fromJson } from '../../platform/db/sql.ts';
import { defineJob, type JobDefinition } from '../../platform/jobs/types.ts';
import { ProvinceCallError, sendBatch } from './client.ts';
import { mappingOf, translate } from './mapping.ts';
import type { WireRecord } from './protocol.ts';
import { findBatch, readConfig, recordAttemptFailed, recordOutcome, waitingRecordsOf } from './repository.ts';
import { BATCH_ATTEMPTS, DOCKING_BATCH_JOB, endpointOf } from './service.ts';

/**
 * Sends one batch to the province platform (decision 0103). The platform knows each record by its
 * key, so a batch sent twice (a node died after sending) updates rather than duplicates. A platform
 * that is down, slow, busy (429) or refusing the signature is tried again with the jobs table's
 * backoff; after the last attempt the batch's records fail with the reason, to be resent by hand.
 */
export const dockingBatchJob: JobDefinition<{ batchId: number }> = defineJob<{ batchId: number }>({
  kind: DOCKING_BATCH_JOB,
  maxAttempts: BATCH_ATTEMPTS,
  async run(job, { db: { kysely: db }, config: settings }) {
    const batch = await findBatch(db, job.payload.batchId);
    if (!batch || batch.state === 'sent' || batch.state === 'failed') return;
    const records = await waitingRecordsOf(db, Number(batch.id));
    const last = job.attempt >= job.maxAttempts;
    const config = await readConfig(db, Number(batch.owner_org_id));
    const endpoint = config ? endpointOf(config, settings) : null;
    if (!config || !endpoint) {
      const reason = 'the province platform is not set up, or has no secret';
      await recordAttemptFailed(db, Number(batch.id), reason, job.attempt, last, Date.now());
      throw new Error(reason);
    }
    // The mapping of the time of sending: correcting it and resending makes a failed record go (decision 0129).
    const mapping = mappingOf(config.mapping);
    const wire: WireRecord[] = [];
    const unsent: Array<{ key: string; reason: string }> = [];
    for (const r of records) {
      const translated = translate(fromJson<Record<string, unknown>>(r.payload), mapping);
      if (translated.ok) wire.push({ key: r.record_key, kind: r.kind, data: translated.data });
      else unsent.push({ key: r.record_key, reason: translated.reason });
    }
    try {
      const results = wire.length === 0 ? [] : await sendBatch(endpoint, `${endpoint.appId}:batch-${batch.id}`, wire);
      const byKey = new Map(results.map((r) => [r.key, r]));
      const accepted: string[] = [];
      const refused: Array<{ key: string; reason: string }> = [];
      for (const r of wire) {
        const answer = byKey.get(r.key);
        if (answer && answer.status !== 'rejected') accepted.push(r.key);
        else
          refused.push({
            key: r.key,
            reason: answer?.reason?.slice(0, 500) || 'the platform gave no answer for this record',
          });
      }
      await recordOutcome(db, Number(batch.id), { accepted, refused, unsent, attempts: job.attempt }, Date.now());
    } catch (error) {
      if (!(error instanceof ProvinceCallError)) throw error;
      await recordAttemptFailed(db, Number(batch.id), error.message.slice(0, 500), job.attempt, last, Date.now());
      throw error;
    }
  },
});
