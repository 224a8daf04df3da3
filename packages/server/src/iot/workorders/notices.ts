import { toLang, translate, type WorkOrderNoticeEvent } from '@meridian/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { defineJob, type Schedule } from '../../platform/jobs/types.ts';
import { SendError } from '../../platform/sms/send.ts';
import { formatDateTime } from '../../platform/time.ts';
import { type NotifyEnv, senderFor } from '../notify/channels/index.ts';
import * as repo from './notices-repository.ts';
import { overdueOf } from './overdue.ts';

export const NOTICE_JOB = 'iot.workOrders.notice';
export const OVERDUE_JOB = 'iot.workOrders.overdue';
/** The first try and five retries, as alarm notifications. */
const NOTICE_ATTEMPTS = 6;

export interface NoticeOf {
  orderId: number;
  ownerId: number;
  event: WorkOrderNoticeEvent;
  userIds: readonly number[];
  /** When the time being told about began (the assignment, the acceptance): a new one is told anew. */
  since: number;
}

/**
 * Puts the notices of one event in the outbox, in the caller's transaction: to each person by SMS
 * where they have a phone and by mail where they have an address, each with its job. The key
 * (event, order, since, person, channel) makes a second call for the same event add nothing.
 */
export async function queueNotices(trx: Transaction<Database> | Kysely<Database>, n: NoticeOf): Promise<number> {
  let queued = 0;
  for (const user of await repo.contactsOf(trx, [...new Set(n.userIds)])) {
    const addresses = [
      ['sms', user.phone],
      ['email', user.email],
    ] as const;
    for (const [channel, target] of addresses) {
      if (!target) continue;
      const key = `${n.event}:${n.orderId}:${n.since}:${user.id}:${channel}`;
      const id = await repo.insertNotice(trx, {
        order_id: n.orderId,
        owner_id: n.ownerId,
        user_id: Number(user.id),
        event: n.event,
        channel,
        target,
        dedupe_key: key,
        state: 'queued',
        last_error: null,
        provider_ref: null,
        created_at: Date.now(),
        sent_at: null,
      });
      if (id === undefined) continue;
      await insertJob(trx, {
        kind: NOTICE_JOB,
        payload: { noticeId: id },
        dedupeKey: `workOrderNotice:${key}`,
        maxAttempts: NOTICE_ATTEMPTS,
      });
      queued++;
    }
  }
  return queued;
}

/** Sends one notice through the device owner's SMS or mail settings, as alarm notifications go. */
export async function sendNotice(
  db: Kysely<Database>,
  id: number,
  env: NotifyEnv,
  attempt: { now: number; max: number },
): Promise<void> {
  const n = await repo.noticeToSend(db, id);
  if (n?.state !== 'queued') return;
  const lang = toLang(n.lang) ?? 'zh-CN';
  const params = { number: n.number, device: n.device_name };
  const text = translate(`workOrder.notice.${n.event}`, lang, params);
  try {
    const sender = await senderFor(db, Number(n.owner_id), n.channel, env);
    const accepted = await sender.send({
      key: n.dedupe_key,
      target: n.target,
      subject: translate('workOrder.notice.subject', lang, params),
      text,
      // SMS templates are the alarm's: the device, and the text as its content.
      params: {
        device: n.device_name,
        point: '',
        value: '',
        content: text,
        time: formatDateTime(Number(n.created_at)),
      },
    });
    await repo.recordNotice(db, id, {
      state: 'sent',
      last_error: null,
      provider_ref: accepted.ref,
      sent_at: Date.now(),
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const final = (error instanceof SendError && error.permanent) || attempt.now >= attempt.max;
    await repo.recordNotice(db, id, { state: final ? 'failed' : 'queued', last_error: reason });
    if (!final) throw error;
  }
}

export const workOrderNoticeJob = defineJob<{ noticeId: number }>({
  kind: NOTICE_JOB,
  maxAttempts: NOTICE_ATTEMPTS,
  run: (job, { db, config }) =>
    sendNotice(db.kysely, job.payload.noticeId, config, { now: job.attempt, max: job.maxAttempts }),
});

/**
 * Finds the orders past the time their priority allows (decision 0071) and tells their engineer
 * and whoever assigned them (the owner, for an order not assigned yet), once per time limit.
 */
export async function noticeOverdue(db: Kysely<Database>, now = Date.now()): Promise<number> {
  let queued = 0;
  for (const order of await repo.openOrdersEverywhere(db)) {
    const late = overdueOf(order, now);
    if (!late) continue;
    const event = late === 'response' ? 'responseOverdue' : 'completionOverdue';
    const since = Number((late === 'response' ? order.sent_at : order.accepted_at) ?? order.created_at);
    const assignee = order.assignee_id === null ? [] : [Number(order.assignee_id)];
    const dispatcher = (await repo.lastDispatcher(db, Number(order.id))) ?? Number(order.owner_id);
    queued += await db.transaction().execute((trx) =>
      queueNotices(trx, {
        orderId: Number(order.id),
        ownerId: Number(order.owner_id),
        event,
        userIds: [...assignee, dispatcher],
        since,
      }),
    );
  }
  return queued;
}

export const workOrderOverdueJob = defineJob({
  kind: OVERDUE_JOB,
  maxAttempts: 1,
  run: async (_job, { db, log }) => {
    const queued = await noticeOverdue(db.kysely);
    if (queued) log.info({ queued }, 'work orders past their time: notices queued');
  },
});

/** Checked every five minutes: an order is told about within five minutes of its limit. */
export const workOrderSchedules: Schedule[] = [{ kind: OVERDUE_JOB, cron: '*/5 * * * *' }];
