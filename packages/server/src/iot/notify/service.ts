import {
  type AlarmFacts,
  alarmText,
  type DeliveryState,
  type DeliveryView,
  type NotifyChannel,
  type NotifyKind,
  type PageQuery,
} from '@meridian/contracts';
import { fromJson, paginate } from '../../platform/db/sql.ts';
import { AppError } from '../../platform/http/errors.ts';
import { insertJob } from '../../platform/jobs/repository.ts';
import { accountScopeOf } from '../../portal/access/scope.ts';
import { audit } from '../../portal/audit/service.ts';
import type { Actor } from '../../portal/orgs/actor.ts';
import { contains } from '../../portal/orgs/text.ts';
import { deviceVisible } from '../devices/access.ts';
import { formatTime, NOTIFY_JOB, NOTIFY_MAX_ATTEMPTS } from './deliver.ts';

export interface DeliveryFilter {
  state?: DeliveryState;
  channel?: NotifyChannel;
  kind?: NotifyKind;
  alarmId?: number;
  deviceId?: number;
  keyword?: string;
  from?: number;
  to?: number;
}

/** Alarm Notification: every delivery of the devices the caller may see, newest first, with its outcome. */
export async function deliveryList(actor: Actor, filter: DeliveryFilter, page: PageQuery) {
  const scope = await accountScopeOf(actor.db, actor.auth);
  const keyword = filter.keyword;
  const query = actor.db
    .selectFrom('notify_deliveries as n')
    .selectAll('n')
    .$if(!scope.all, (q) =>
      q.where('n.device_id', 'in', (eb) => eb.selectFrom('devices as d').select('d.id').where(deviceVisible(scope))),
    )
    .$if(filter.state !== undefined, (q) => q.where('n.state', '=', filter.state ?? 'sent'))
    .$if(filter.channel !== undefined, (q) => q.where('n.channel', '=', filter.channel ?? 'sms'))
    .$if(filter.kind !== undefined, (q) => q.where('n.kind', '=', filter.kind ?? 'fire'))
    .$if(filter.alarmId !== undefined, (q) => q.where('n.alarm_id', '=', filter.alarmId ?? 0))
    .$if(filter.deviceId !== undefined, (q) => q.where('n.device_id', '=', filter.deviceId ?? 0))
    .$if(filter.from !== undefined, (q) => q.where('n.created_at', '>=', filter.from ?? 0))
    .$if(filter.to !== undefined, (q) => q.where('n.created_at', '<', filter.to ?? 0))
    .$if(Boolean(keyword), (q) =>
      q.where((eb) =>
        eb.or([
          contains('n.device_name', keyword ?? ''),
          contains('n.contact_name', keyword ?? ''),
          contains('n.target', keyword ?? ''),
          contains('n.content', keyword ?? ''),
        ]),
      ),
    )
    .orderBy('n.id', 'desc');
  const result = await paginate(query, page);
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
          n.facts === null ? n.content : alarmText(fromJson<AlarmFacts>(n.facts), actor.lang, formatTime(n.event_at)),
        state: n.state,
        attempts: n.attempts,
        lastError: n.last_error,
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
  const row = await actor.db
    .selectFrom('notify_deliveries as n')
    .select(['n.id', 'n.state', 'n.attempts', 'n.dedupe_key'])
    .where('n.id', '=', id)
    .$if(!scope.all, (q) =>
      q.where('n.device_id', 'in', (eb) => eb.selectFrom('devices as d').select('d.id').where(deviceVisible(scope))),
    )
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'delivery.notFound');
  if (row.state !== 'failed') throw new AppError(409, 'delivery.notFailed');
  await actor.db.transaction().execute(async (trx) => {
    const reopened = await trx
      .updateTable('notify_deliveries')
      .set({ state: 'queued', sending_until: null, updated_at: Date.now() })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    if (Number(reopened.numUpdatedRows) === 0) throw new AppError(409, 'delivery.notFailed');
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
