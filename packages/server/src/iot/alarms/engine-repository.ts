import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { AlarmsTable } from './tables.ts';

/**
 * The alarm engine's reads and writes: the live engine, the scheduled check and their actions.
 * Each write is guarded so that a second process that saw the same values changes nothing.
 */
type Db = Kysely<Database> | Transaction<Database>;

// ---- What the engine keeps per device (store.ts)

/** The enabled devices among `ids`, with their owner's language. */
export function enabledDevices(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('devices as d')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .select([
      'd.id',
      'd.name',
      'd.owner_id',
      'd.template_id',
      'd.cloud_config',
      'd.status',
      'd.last_data_at',
      'd.last_online_at',
      'u.lang',
    ])
    .where('d.id', 'in', ids)
    .where('d.enabled', '=', true)
    .execute();
}

/** The enabled triggers of the devices (independent ones) and of the templates, by id. */
export function enabledTriggersOf(db: Db, deviceIds: readonly number[], templateIds: readonly number[]) {
  return db
    .selectFrom('alarm_triggers')
    .selectAll()
    .where('alarm_enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'device'), eb('device_id', 'in', deviceIds)]),
        ...(templateIds.length ? [eb.and([eb('scope', '=', 'template'), eb('template_id', 'in', templateIds)])] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** The alarms not yet restored of the devices. */
export function activeAlarmsOf(db: Db, deviceIds: readonly number[]) {
  return db
    .selectFrom('alarms')
    .select(['id', 'device_id', 'trigger_id', 'last_pushed_at', 'point_id', 'value'])
    .where('device_id', 'in', deviceIds)
    .where('recovery', '=', 'notRestored')
    .execute();
}

/** The conditions of the devices waiting for their duration. */
export function pendingOf(db: Db, deviceIds: readonly number[]) {
  return db
    .selectFrom('alarm_pending')
    .select(['device_id', 'trigger_id', 'since'])
    .where('device_id', 'in', deviceIds)
    .execute();
}

/** Shows "alarm" on those of the devices that are online (offline and fault stay). */
export async function showDevicesInAlarm(db: Db, deviceIds: readonly number[]): Promise<void> {
  await db
    .updateTable('devices')
    .set({ status: 'alarm' })
    .where('id', 'in', deviceIds)
    .where('status', '=', 'online')
    .execute();
}

/** The newest value of each point of the devices. */
export function latestValueRows(db: Db, deviceIds: readonly number[]) {
  return db
    .selectFrom('telemetry_latest')
    .select(['device_id', 'point_id', 'num', 'text'])
    .where('device_id', 'in', deviceIds)
    .execute();
}

/** The names and units of a template's points. */
export function templatePointNames(db: Db, templateId: number) {
  return db
    .selectFrom('template_points')
    .select(['id', 'name', 'unit'])
    .where('template_id', '=', templateId)
    .execute();
}

// ---- What the engine watches for (engine.ts)

/** Changes whenever a trigger is added, edited or deleted, by any process. */
export function triggerVersion(db: Db) {
  return db
    .selectFrom('alarm_triggers')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('at'), eb.fn.max('id').as('id')])
    .executeTakeFirstOrThrow();
}

/** The id of the newest alarm, 0 when there is none. */
export async function lastAlarmId(db: Db): Promise<number> {
  const last = await db
    .selectFrom('alarms')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(last?.id ?? 0);
}

/** The next `limit` alarms after `afterId`, oldest first, with their devices. */
export function alarmsAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('alarms')
    .select(['id', 'device_id'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ---- The scheduled check (sweep.ts)

/** Every enabled trigger, with where it applies and its conditions. */
export function enabledTriggers(db: Db) {
  return db
    .selectFrom('alarm_triggers')
    .select(['id', 'scope', 'device_id', 'template_id', 'conditions'])
    .where('alarm_enabled', '=', true)
    .execute();
}

/** The devices with a condition waiting for its duration. */
export async function devicesWithPending(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('alarm_pending').select('device_id').distinct().execute();
  return rows.map((r) => Number(r.device_id));
}

/** The devices with an active alarm whose trigger pushes again after an interval. */
export async function devicesWithRepeatingAlarms(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('alarms as a')
    .innerJoin('alarm_triggers as t', 't.id', 'a.trigger_id')
    .select('a.device_id')
    .distinct()
    .where('a.recovery', '=', 'notRestored')
    .where('t.push_interval', '>', 0)
    .execute();
  return rows.map((r) => Number(r.device_id));
}

// ---- The actions (actions.ts)

/** Starts waiting for a condition's duration; a wait already recorded keeps its start. */
export async function addPending(
  db: Db,
  pending: { triggerId: number; deviceId: number; since: number; pointId: number | null; value: string | null },
): Promise<void> {
  await db
    .insertInto('alarm_pending')
    .values({
      trigger_id: pending.triggerId,
      device_id: pending.deviceId,
      since: pending.since,
      point_id: pending.pointId,
      value: pending.value,
    })
    .onConflict((oc) => oc.columns(['trigger_id', 'device_id']).doNothing())
    .execute();
}

/** Stops waiting for a trigger's condition on a device. */
export async function removePending(db: Db, triggerId: number, deviceId: number): Promise<void> {
  await db.deleteFrom('alarm_pending').where('trigger_id', '=', triggerId).where('device_id', '=', deviceId).execute();
}

/** Records a fired alarm; undefined when its active key is taken (another process fired it first). */
export async function insertAlarm(trx: Db, values: Insertable<AlarmsTable>): Promise<number | undefined> {
  const row = await trx
    .insertInto('alarms')
    .values(values)
    .onConflict((oc) => oc.column('active_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** The active alarm holding `activeKey`, as the engine keeps it. */
export function findActiveAlarm(db: Db, activeKey: string) {
  return db
    .selectFrom('alarms')
    .select(['id', 'last_pushed_at', 'point_id', 'value'])
    .where('active_key', '=', activeKey)
    .executeTakeFirst();
}

/** Shows "alarm" on the device if it is online; whether it moved. */
export async function showDeviceInAlarm(trx: Db, deviceId: number): Promise<boolean> {
  const moved = await trx
    .updateTable('devices')
    .set({ status: 'alarm' })
    .where('id', '=', deviceId)
    .where('status', '=', 'online')
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

/**
 * Counts a repeated push of an active alarm, if no one pushed it since `lastPushedAt`; what the
 * push says, or undefined when another process pushed it or it was restored.
 */
export function recordRepeat(trx: Db, alarmId: number, at: number, lastPushedAt: number) {
  return trx
    .updateTable('alarms')
    .set((eb) => ({ last_pushed_at: at, repeats: eb('repeats', '+', 1) }))
    .where('id', '=', alarmId)
    .where('recovery', '=', 'notRestored')
    .where('last_pushed_at', '=', lastPushedAt)
    .returning(['content', 'point_id', 'value', 'facts'])
    .executeTakeFirst();
}

/** Restores an active alarm; its notification state, or undefined when it was restored already. */
export function restoreAlarm(trx: Db, alarmId: number, at: number, restoreValue: string | null) {
  return trx
    .updateTable('alarms')
    .set({ recovery: 'restored', restored_at: at, restore_value: restoreValue, active_key: null })
    .where('id', '=', alarmId)
    .where('recovery', '=', 'notRestored')
    .returning(['notification'])
    .executeTakeFirst();
}

/** Shows "online" again on a device in "alarm" that has no active alarm left; whether it moved. */
export async function showDeviceOutOfAlarm(trx: Db, deviceId: number): Promise<boolean> {
  const moved = await trx
    .updateTable('devices')
    .set({ status: 'online' })
    .where('id', '=', deviceId)
    .where('status', '=', 'alarm')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('alarms').select('id').where('device_id', '=', deviceId).where('recovery', '=', 'notRestored'),
        ),
      ),
    )
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}

/** Keeps what the alarm's linkage write came to. */
export async function setLinkageOutcome(db: Db, alarmId: number, outcome: string): Promise<void> {
  await db.updateTable('alarms').set({ linkage_outcome: outcome }).where('id', '=', alarmId).execute();
}
