import { DOCKING_KINDS, type DockingKind, type DockingResync, type DockingResyncStart } from '@meridian/contracts';
import { fromJson, toJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob, type JobDefinition } from '../../platform/jobs/types.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { staffScope } from '../assessments/tasks.ts';
import { schoolsOfScope as schoolsOf } from '../people/students/scope-repository.ts';
import {
  advanceResync,
  findResync,
  insertRecords,
  insertResync,
  knownKeys,
  latestResync,
  payloadsOf,
  requeueWithPayload,
  sourceCounts,
} from './repository.ts';
import {
  BATCH_MAX,
  type Candidate,
  candidatesOfKind,
  enqueueBatches,
  listOf,
  type Payload,
  usableConfig,
} from './service.ts';
import type { DockingResyncRow } from './tables.ts';

// A full resync (decision 0129): every record of the chosen schools and kinds again, under the
// keys the platform knows them by, at most N batches a minute, from a cursor that survives a stop.

export const DOCKING_RESYNC_JOB = 'mind.docking.resync';
/** One step queues at most the platform's batches a minute; the next step is a minute later. */
export const RESYNC_WINDOW_MS = 60_000;

const stepJob = (resyncId: number, step: number, runAt: number) => ({
  kind: DOCKING_RESYNC_JOB,
  payload: { resyncId, step },
  runAt,
  // A step is one job: enqueued twice (a step run twice), it is still one.
  dedupeKey: `${DOCKING_RESYNC_JOB}:${resyncId}:${step}`,
  maxAttempts: 8,
});

function resyncOf(r: DockingResyncRow): DockingResync {
  return {
    id: Number(r.id),
    state: r.state,
    schoolIds: listOf(r.school_ids).map(Number),
    kinds: listOf(r.kinds) as DockingKind[],
    total: Math.max(Number(r.total), Number(r.done)),
    done: Number(r.done),
    batches: Number(r.batches),
    perMinute: Number(r.per_minute),
    startedAt: Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  };
}

/** The latest resync of the caller's platform, running or done. */
export async function resyncStatus(actor: Actor): Promise<{ resync: DockingResync | null }> {
  const scope = await staffScope(actor);
  const { owner } = await usableConfig(actor, scope);
  const row = await latestResync(actor.db, owner);
  return { resync: row ? resyncOf(row) : null };
}

/** Starts a full resync; a second one while the first runs is refused in a sentence. */
export async function startResync(actor: Actor, body: DockingResyncStart): Promise<{ resync: DockingResync | null }> {
  const scope = await staffScope(actor);
  const { owner, row } = await usableConfig(actor, scope);
  const known = new Set((await schoolsOf(actor.db, scope)).map((s) => Number(s.id)));
  const schoolIds = [...new Set(body.schoolIds ?? listOf(row.school_ids).map(Number))];
  if (schoolIds.length === 0) throw new AppError(409, 'docking.noSchools');
  if (schoolIds.some((id) => !known.has(id))) {
    throw new AppError(400, 'docking.schoolOutside', { rules: [{ field: 'schoolIds', key: 'docking.schoolOutside' }] });
  }
  const chosen = new Set(body.kinds ?? (listOf(row.kinds) as DockingKind[]));
  const kinds = DOCKING_KINDS.filter((k) => chosen.has(k));
  const counts = await sourceCounts(actor.db, schoolIds);
  const total = kinds.reduce((sum, k) => sum + counts[k], 0);
  const now = Date.now();
  const id = await actor.db.transaction().execute(async (trx) => {
    const created = await insertResync(trx, {
      owner_org_id: owner,
      running_owner: owner,
      school_ids: schoolIds.join(','),
      kinds: kinds.join(','),
      state: 'running',
      total,
      done: 0,
      batches: 0,
      per_minute: Number(row.resync_per_minute),
      cursor_kind: 0,
      cursor_id: 0,
      step: 1,
      created_by: actor.auth.userId,
      started_at: now,
      finished_at: null,
    });
    if (created !== undefined) await insertJob(trx, stepJob(created, 1, now), now);
    return created;
  });
  if (id === undefined) {
    const running = await latestResync(actor.db, owner);
    throw new AppError(409, 'docking.resyncRunning', {
      params: { done: Number(running?.done ?? 0), total: Number(running?.total ?? 0) },
    });
  }
  await audit(actor.db, actor.request, {
    action: 'docking.resync',
    targetType: 'org',
    targetId: owner,
    detail: { resyncId: id, schoolIds, kinds, total },
  });
  return { resync: resyncOf((await findResync(actor.db, id)) as DockingResyncRow) };
}

/** What a record sends again: today's data, but a correction made by "modify student info" stays. */
function refreshed(fresh: Payload, stored: string | undefined): string {
  const fixed = stored ? fromJson<Payload>(stored)._fixed : undefined;
  return toJson(fixed && typeof fixed === 'object' ? { ...fresh, ...(fixed as object), _fixed: fixed } : fresh);
}

/**
 * One step: from the cursor, up to `per_minute` batches of at most 100 records, each record new to
 * the platform inserted and each known one queued again under its key (one already waiting in a
 * batch is left there); the cursor, the batches and the next step's job in one transaction. A step
 * run twice finds the step moved on and does nothing.
 */
export const dockingResyncJob: JobDefinition<{ resyncId: number; step: number }> = defineJob({
  kind: DOCKING_RESYNC_JOB,
  maxAttempts: 8,
  async run(job, { db: { kysely } }) {
    const { resyncId, step } = job.payload;
    await kysely.transaction().execute(async (trx) => {
      const resync = await findResync(trx, resyncId);
      if (resync?.state !== 'running' || Number(resync.step) !== step) return;
      const kinds = listOf(resync.kinds) as DockingKind[];
      const schoolIds = listOf(resync.school_ids).map(Number);
      const owner = Number(resync.owner_org_id);
      const createdBy = Number(resync.created_by);
      let cursorKind = Number(resync.cursor_kind);
      let cursorId = Number(resync.cursor_id);
      let done = Number(resync.done);
      let batches = Number(resync.batches);
      const now = Date.now();
      for (let b = 0; b < Number(resync.per_minute) && cursorKind < kinds.length; b++) {
        const chunk: Candidate[] = [];
        while (chunk.length < BATCH_MAX && cursorKind < kinds.length) {
          const want = BATCH_MAX - chunk.length;
          const rows = await candidatesOfKind(trx, kinds[cursorKind] as DockingKind, schoolIds, {
            after: cursorId,
            limit: want,
          });
          chunk.push(...rows);
          if (rows.length < want) {
            cursorKind++;
            cursorId = 0;
          } else cursorId = (rows[rows.length - 1] as Candidate).sourceId;
        }
        const known = await knownKeys(
          trx,
          chunk.map((c) => c.key),
        );
        // Waiting in a batch already: it goes with that batch, not twice.
        const toSend = chunk.filter((c) => known.get(c.key) !== 'pending' && known.get(c.key) !== 'resend');
        const stored = await payloadsOf(
          trx,
          toSend.map((c) => c.key),
        );
        batches += await enqueueBatches(
          trx,
          createdBy,
          owner,
          'resync',
          toSend,
          async (batchId, list, at) => {
            await insertRecords(
              trx,
              list
                .filter((c) => !known.has(c.key))
                .map((c) => ({
                  owner_org_id: owner,
                  record_key: c.key,
                  kind: c.kind,
                  source_id: c.sourceId,
                  school_id: c.schoolId,
                  student_id: c.studentId,
                  payload: toJson(c.payload),
                  state: 'pending' as const,
                  reason: null,
                  batch_id: batchId,
                  sends: 0,
                  sent_at: null,
                  created_at: at,
                  updated_at: at,
                })),
            );
            for (const c of list) {
              const id = known.ids.get(c.key);
              if (id !== undefined)
                await requeueWithPayload(trx, id, refreshed(c.payload, stored.get(c.key)), batchId, at);
            }
          },
          resyncId,
        );
        done += chunk.length;
      }
      const finished = cursorKind >= kinds.length;
      const moved = await advanceResync(trx, resyncId, step, {
        cursor_kind: cursorKind,
        cursor_id: cursorId,
        done,
        batches,
        finishedAt: finished ? now : null,
      });
      if (moved && !finished) await insertJob(trx, stepJob(resyncId, step + 1, now + RESYNC_WINDOW_MS), now);
    });
  },
});
