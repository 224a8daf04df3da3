import { type AlarmFacts, alarmText, type DeliveryView, type PageQuery } from '@meridian/contracts';
import { fromJson } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { formatDateTime } from '../../platform/time.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { lastErrorIn } from '../billing/allowance.ts';
import { NOTIFY_JOB, NOTIFY_MAX_ATTEMPTS } from './deliver.ts';
import type { DeliveryFilter } from './deliveries-repository.ts';
import * as repo from './deliveries-repository.ts';

/** Alarm Notification: every delivery of the devices the caller may see, newest first, with its outcome. */
export async function deliveryList(actor: Actor, filter: DeliveryFilter, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const result = await repo.listDeliveries(actor.db, scope, filter, page);
  return {
    ...result,
    list: result.list.map(
      (n): DeliveryView => ({
        id: n.id,
        alarmId: n.alarm_id,
        triggerId: n.trigger_id,
        deviceId: n.device_id,
        deviceName: n.device_name,
        contactId: n.contact_id,
        contactName: n.contact_name,
        channel: n.channel,
        kind: n.kind,
        target: n.target,
        // In the reader's language; rows from before the facts were kept read as they were sent.
        content:
          n.facts === null
            ? n.content
            : alarmText(fromJson<AlarmFacts>(n.facts), actor.lang, formatDateTime(n.event_at)),
        state: n.state,
        attempts: n.attempts,
        lastError: lastErrorIn(n.last_error, actor.lang),
        sentAt: n.sent_at,
        createdAt: n.created_at,
      }),
    ),
  };
}

/**
 * Sends a failed delivery again, when someone has fixed what made it fail (a number, a secret).
 * Only a failed one: a sent message is never sent twice by hand either. The new job's key names
 * the attempts so far, so that the resend is one job however often the button is pressed.
 */
export async function resendDelivery(actor: Actor, id: number): Promise<void> {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const row = await repo.findDelivery(actor.db, scope, id);
  if (!row) throw new AppError(404, 'delivery.notFound');
  if (row.state !== 'failed') throw new AppError(409, 'delivery.notFailed');
  await actor.db.transaction().execute(async (trx) => {
    if (!(await repo.reopenFailed(trx, id, Date.now()))) throw new AppError(409, 'delivery.notFailed');
    await insertJob(trx, {
      kind: NOTIFY_JOB,
      payload: { deliveryId: id },
      dedupeKey: `notify:${row.dedupe_key}:resend:${row.attempts}`,
      maxAttempts: NOTIFY_MAX_ATTEMPTS,
    });
    await audit(trx, actor.request, {
      action: 'resendNotification',
      result: 'ok',
      targetType: 'notifyDelivery',
      targetId: String(id),
      detail: { attempts: row.attempts },
    });
  });
}
