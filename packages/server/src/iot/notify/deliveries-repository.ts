import type { DeliveryState, NotifyChannel, NotifyKind, PageQuery } from '@meridian/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { NotifyDeliveriesTable } from './tables.ts';

/** The notification outbox: one row per recipient, channel and alarm event, with its outcome. */
type Db = Kysely<Database> | Transaction<Database>;

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

// ---- Queueing (index.ts)

/** The device of an alarm event, with its owner's language. */
export function deviceToNotify(db: Db, deviceId: number) {
  return db
    .selectFrom('devices as d')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .select(['d.id', 'd.name', 'd.owner_id', 'd.cloud_config', 'u.lang'])
    .where('d.id', '=', deviceId)
    .executeTakeFirst();
}

/** The name and unit of a point, as the template has them now. */
export function pointNameOf(db: Db, pointId: number) {
  return db.selectFrom('template_points').select(['name', 'unit']).where('id', '=', pointId).executeTakeFirst();
}

/** The number of the alarm's last repeated push that was queued, 0 when none was. */
export async function lastRepeatNo(db: Db, alarmId: number): Promise<number> {
  const row = await db
    .selectFrom('notify_deliveries')
    .select((eb) => eb.fn.max('repeat_no').as('last'))
    .where('alarm_id', '=', alarmId)
    .where('kind', '=', 'repeat')
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Queues a delivery; undefined when one with its dedupe key is queued already. */
export async function insertDelivery(trx: Db, values: Insertable<NotifyDeliveriesTable>): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('notify_deliveries')
    .values(values)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

// ---- Sending (deliver.ts)

/**
 * Takes a delivery to send it (queued or retrying, or a send whose hold ran out), holding it
 * until `until`; undefined when it cannot be taken.
 */
export function takeDelivery(db: Db, id: number, at: number, until: number) {
  return db
    .updateTable('notify_deliveries')
    .set((eb) => ({
      state: 'sending',
      attempts: eb('attempts', '+', 1),
      sending_until: until,
      updated_at: at,
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('state', 'in', ['queued', 'retrying']),
        eb.and([eb('state', '=', 'sending'), eb('sending_until', '<', at)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** A delivery's state, undefined when it is gone. */
export async function deliveryState(db: Db, id: number): Promise<DeliveryState | undefined> {
  const row = await db.selectFrom('notify_deliveries').select('state').where('id', '=', id).executeTakeFirst();
  return row?.state;
}

/** The language an account chose, null when it chose none. */
export async function accountLang(db: Db, userId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('users').select('lang').where('id', '=', userId).executeTakeFirst();
  return row?.lang;
}

/**
 * Records what a send came to, if the run still holds the delivery (in "sending" at the attempt
 * it took): a run that lost its hold records nothing.
 */
export async function recordSend(
  db: Db,
  id: number,
  attempts: number,
  outcome: Updateable<NotifyDeliveriesTable>,
): Promise<void> {
  await db
    .updateTable('notify_deliveries')
    .set(outcome)
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .where('attempts', '=', attempts)
    .execute();
}

/** Deletes up to `limit` finished deliveries (sent or failed) created before `before`; how many. */
export async function deleteFinishedBefore(db: Db, before: number, limit: number): Promise<number> {
  const ids = db
    .selectFrom('notify_deliveries')
    .select('id')
    .where('state', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .limit(limit);
  const result = await db.deleteFrom('notify_deliveries').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- Alarm Notification (service.ts)

/** The deliveries of the devices the scope reaches, filtered, newest first. */
export function listDeliveries(db: Db, scope: Scope, filter: DeliveryFilter, page: PageQuery) {
  const keyword = filter.keyword;
  const query = db
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
  return paginate(query, page);
}

/** One delivery of a device the scope reaches. */
export function findDelivery(db: Db, scope: Scope, id: number) {
  return db
    .selectFrom('notify_deliveries as n')
    .select(['n.id', 'n.state', 'n.attempts', 'n.dedupe_key'])
    .where('n.id', '=', id)
    .$if(!scope.all, (q) =>
      q.where('n.device_id', 'in', (eb) => eb.selectFrom('devices as d').select('d.id').where(deviceVisible(scope))),
    )
    .executeTakeFirst();
}

/** Queues a failed delivery again; whether it was still failed. */
export async function reopenFailed(trx: Db, id: number, at: number): Promise<boolean> {
  const reopened = await trx
    .updateTable('notify_deliveries')
    .set({ state: 'queued', sending_until: null, updated_at: at })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(reopened.numUpdatedRows) > 0;
}
