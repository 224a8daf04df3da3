import { WORK_ORDER_TEXT_MAX } from '@meridian/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { toJson } from '../../platform/db/sql.ts';
import { defineJob } from '../../platform/jobs/types.ts';
import { formatDate, startOfDay } from '../../platform/time.ts';
import { queueNotices } from '../workorders/notices.ts';
import { insertOrder, insertStep, nextNumber } from '../workorders/repository.ts';
import { engineersOf } from '../workorders/service.ts';
import * as repo from './repository.ts';
import { dueFrom, orderAtOf } from './schedule.ts';
import { enqueuePlanFiring, PLAN_ORDER_JOB, timingOf } from './service.ts';

interface Firing {
  planId: number;
  /** The order time the job was enqueued for: the plan's `next_order_at` then. */
  at: number;
}

/**
 * Makes the work orders of the plan's maintenance date whose order time is `firing.at`, once: the
 * plan is moved on to its next date in the same transaction as the orders (and the next date's job
 * is enqueued there), so a second worker, a retry or a job of an edited plan finds nothing to take.
 * A job found late (the server was down) still makes its orders; the next date is the first one
 * from today, so a long downtime is one order per device, not one per missed date. Returns the
 * orders made.
 */
export async function runPlanFiring(db: Kysely<Database>, firing: Firing, clock = Date.now()): Promise<number> {
  const plan = await repo.planForRun(db, firing.planId);
  if (!plan || Number(plan.next_order_at) !== firing.at || plan.next_due_at === null) return 0;
  const due = Number(plan.next_due_at);
  const following = dueFrom(timingOf(plan), Math.max(due + 1, startOfDay(clock)));
  const nextOrderAt = following === null ? null : orderAtOf(following, plan.advance);
  const ownerId = Number(plan.owner_id);
  const devices = await repo.planTargets(
    db,
    Number(plan.id),
    plan.project_id === null ? null : Number(plan.project_id),
  );
  // An engineer who has left the account (or lost the role) leaves the orders to be assigned.
  const engineer = (await engineersOf({ db }, ownerId)).find((e) => e.id === Number(plan.engineer_id));
  const description = `[${formatDate(due)}] ${plan.name}: ${plan.content}`.slice(0, WORK_ORDER_TEXT_MAX);
  return db.transaction().execute(async (trx) => {
    const claimed = await repo.claimFiring(trx, Number(plan.id), firing.at, {
      next_due_at: following,
      next_order_at: nextOrderAt,
      last_due_at: due,
      made: devices.length,
    });
    if (!claimed) return 0;
    for (const deviceId of devices) {
      const seq = await nextNumber(trx, ownerId);
      const orderId = await insertOrder(trx, {
        owner_id: ownerId,
        number: `WO${String(seq).padStart(6, '0')}`,
        type: 'maintenance',
        state: engineer ? 'sent' : 'pending',
        priority: plan.priority,
        device_id: deviceId,
        description,
        pictures: toJson([]),
        alarm_id: null,
        reporter_id: Number(plan.created_by),
        assignee_id: engineer ? engineer.id : null,
        result: null,
        result_pictures: toJson([]),
        created_at: clock,
        sent_at: engineer ? clock : null,
        accepted_at: null,
        completed_at: null,
        closed_at: null,
        plan_id: Number(plan.id),
        plan_due_at: due,
      });
      const step = { order_id: orderId, actor_id: Number(plan.created_by), pictures: toJson([]), at: clock };
      await insertStep(trx, { ...step, step: 'created', note: plan.name });
      if (engineer) {
        await insertStep(trx, { ...step, step: 'assigned', note: engineer.name });
        await queueNotices(trx, { orderId, ownerId, event: 'assigned', userIds: [engineer.id], since: clock });
      }
    }
    if (nextOrderAt !== null) await enqueuePlanFiring(trx, Number(plan.id), nextOrderAt, Number(plan.updated_at));
    return devices.length;
  });
}

export const planOrdersJob = defineJob<Firing>({
  kind: PLAN_ORDER_JOB,
  run: async (job, { db }) => {
    await runPlanFiring(db.kysely, job.payload);
  },
});
