import type { AlarmQuery, AlarmState, PageQuery, TriggerQuery } from '@meridian/contracts';
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { contains, paginate } from '../../platform/db/sql.ts';
import type { Scope } from '../../portal/access/scope.ts';
import type { DeviceRight } from '../devices/access.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { AlarmTriggersTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;
type TriggerBuilder = ExpressionBuilder<Database & { t: Database['alarm_triggers'] }, 't'>;

/**
 * A condition on `alarm_triggers` (aliased `t`): a template trigger is its owner's (and the
 * owner's superiors'); an independent trigger goes with its device, for the right asked.
 */
function triggerVisible(scope: Scope, right: DeviceRight) {
  return (eb: TriggerBuilder) => {
    if (scope.all) return eb.lit(true);
    return eb.or([
      eb.and([eb('t.scope', '=', 'template'), eb('t.owner_id', 'in', scope.ownerIds)]),
      eb.and([
        eb('t.scope', '=', 'device'),
        eb('t.device_id', 'in', eb.selectFrom('devices as d').select('d.id').where(deviceVisible(scope, right))),
      ]),
    ]);
  };
}

export async function listTriggers(db: Db, scope: Scope, query: Omit<TriggerQuery, 'page' | 'size'>, page: PageQuery) {
  let q = db
    .selectFrom('alarm_triggers as t')
    .leftJoin('devices as dv', 'dv.id', 't.device_id')
    .leftJoin('templates as tp', 'tp.id', 't.template_id')
    .selectAll('t')
    .select(['dv.name as device_name', 'dv.cloud_config as device_cloud_config', 'tp.name as template_name'])
    .where(triggerVisible(scope, 'view'));
  if (query.scope) q = q.where('t.scope', '=', query.scope);
  if (query.keyword) q = q.where(contains('t.name', query.keyword));
  if (query.templateId) q = q.where('t.template_id', '=', query.templateId);
  if (query.deviceId) {
    // A device's triggers: its own, and those of its template.
    const deviceId = query.deviceId;
    q = q.where((eb) =>
      eb.or([
        eb('t.device_id', '=', deviceId),
        eb('t.template_id', '=', eb.selectFrom('devices').select('template_id').where('id', '=', deviceId)),
      ]),
    );
  }
  if (query.pointId) {
    // Conditions are JSON: a point's triggers are found by the text of their conditions, which
    // PostgreSQL writes with a space after the colon and SQLite without; the number ends at , or }.
    const patterns = [':', ': '].flatMap((colon) =>
      [',', '}'].map((end) => `%"pointId"${colon}${query.pointId}${end}%`),
    );
    const text = sql<string>`cast(t.conditions as text)`;
    q = q.where((eb) => eb.or(patterns.map((p) => eb(text, 'like', p))));
  }
  return paginate(q.orderBy('t.id', 'desc'), page);
}
export type TriggerListRow = Awaited<ReturnType<typeof listTriggers>>['list'][number];

export function findTrigger(db: Db, scope: Scope, id: number, right: DeviceRight) {
  return db
    .selectFrom('alarm_triggers as t')
    .leftJoin('devices as dv', 'dv.id', 't.device_id')
    .leftJoin('templates as tp', 'tp.id', 't.template_id')
    .selectAll('t')
    .select(['dv.name as device_name', 'dv.cloud_config as device_cloud_config', 'tp.name as template_name'])
    .where('t.id', '=', id)
    .where(triggerVisible(scope, right))
    .executeTakeFirst();
}

export async function insertTrigger(trx: Db, values: Insertable<AlarmTriggersTable>): Promise<number> {
  const row = await trx.insertInto('alarm_triggers').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateTrigger(trx: Db, id: number, patch: Updateable<AlarmTriggersTable>): Promise<void> {
  await trx.updateTable('alarm_triggers').set(patch).where('id', '=', id).execute();
}

export async function deleteTrigger(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('alarm_triggers').where('id', '=', id).execute();
}

/** Ends a trigger's active alarms (restored, their active keys freed); the devices they were on, one per alarm. */
export async function restoreAlarmsOfTrigger(trx: Db, triggerId: number, at: number): Promise<number[]> {
  const rows = await trx
    .updateTable('alarms')
    .set({ recovery: 'restored', restored_at: at, active_key: null })
    .where('trigger_id', '=', triggerId)
    .where('recovery', '=', 'notRestored')
    .returning('device_id')
    .execute();
  return rows.map((r) => Number(r.device_id));
}

/** Forgets what was waiting for a trigger's duration, on every device. */
export async function clearPendingOfTrigger(trx: Db, triggerId: number): Promise<void> {
  await trx.deleteFrom('alarm_pending').where('trigger_id', '=', triggerId).execute();
}

/** Whether any alarm of the device is still active. */
export async function hasActiveAlarm(db: Db, deviceId: number): Promise<boolean> {
  const still = await db
    .selectFrom('alarms')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('recovery', '=', 'notRestored')
    .limit(1)
    .executeTakeFirst();
  return still !== undefined;
}

/** Shows "online" again on a device in "alarm" (offline and fault stay). */
export async function showDeviceOnline(trx: Db, deviceId: number): Promise<void> {
  await trx
    .updateTable('devices')
    .set({ status: 'online' })
    .where('id', '=', deviceId)
    .where('status', '=', 'alarm')
    .execute();
}

/** The points of a template, for checking what a trigger names. */
export function templatePointKinds(db: Db, templateId: number) {
  return db
    .selectFrom('template_points')
    .select(['id', 'name', 'data_type', 'read_write', 'register_type'])
    .where('template_id', '=', templateId)
    .execute();
}

/** Points by id with their names and units, for showing the conditions that name them. */
export async function pointsByIds(db: Db, ids: readonly number[]) {
  // Guard against running an invalid `in ()` query when no condition names a point.
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('template_points')
    .select(['id', 'name', 'unit'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((p) => ({ id: Number(p.id), name: p.name, unit: p.unit || null }));
}

/** The devices a template trigger reaches, or the one of an independent trigger. */
export async function devicesOf(
  db: Db,
  trigger: { scope: string; device_id: number | null; template_id: number | null },
) {
  let q = db.selectFrom('devices').select('id').where('enabled', '=', true);
  q =
    trigger.scope === 'device'
      ? q.where('id', '=', trigger.device_id ?? 0)
      : q.where('template_id', '=', trigger.template_id ?? 0);
  return (await q.execute()).map((r) => Number(r.id));
}

/** Alarm Record: the alarms of the devices the caller may see, newest first, without those the save rule keeps out. */
export function alarmsQuery(db: Db, scope: Scope, filter: Omit<AlarmQuery, 'page' | 'size'>) {
  let q = db
    .selectFrom('alarms as a')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .leftJoin('template_points as p', 'p.id', 'a.point_id')
    .leftJoin('users as u', 'u.id', 'a.processed_by')
    .selectAll('a')
    .select(['d.name as device_name', 'p.name as point_name', 'u.nickname as processor_name'])
    .where('a.recorded', '=', true)
    .where(deviceVisible(scope, 'view'));
  if (filter.deviceId) q = q.where('a.device_id', '=', filter.deviceId);
  if (filter.pointId) q = q.where('a.point_id', '=', filter.pointId);
  if (filter.triggerId) q = q.where('a.trigger_id', '=', filter.triggerId);
  if (filter.state) q = q.where('a.state', '=', filter.state);
  if (filter.recovery) q = q.where('a.recovery', '=', filter.recovery);
  if (filter.from !== undefined) q = q.where('a.fired_at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('a.fired_at', '<', filter.to);
  return q;
}

export function listAlarms(db: Db, scope: Scope, filter: Omit<AlarmQuery, 'page' | 'size'>, page: PageQuery) {
  return paginate(alarmsQuery(db, scope, filter).orderBy('a.id', 'desc'), page);
}
export type AlarmListRow = Awaited<ReturnType<typeof listAlarms>>['list'][number];

/** The next `limit` alarms of the filtered record below `beforeId`, for an export read a page at a time. */
export function alarmsBefore(
  db: Db,
  scope: Scope,
  filter: Omit<AlarmQuery, 'page' | 'size'>,
  beforeId: number,
  limit: number,
) {
  return alarmsQuery(db, scope, filter).where('a.id', '<', beforeId).orderBy('a.id', 'desc').limit(limit).execute();
}

/** One alarm as Alarm Record lists it, if the caller may see it. */
export function findAlarmRow(db: Db, scope: Scope, id: number) {
  return alarmsQuery(db, scope, {}).where('a.id', '=', id).executeTakeFirst();
}

export function findAlarm(db: Db, scope: Scope, id: number, right: DeviceRight) {
  return db
    .selectFrom('alarms as a')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .select(['a.id', 'a.state'])
    .where('a.id', '=', id)
    .where(deviceVisible(scope, right))
    .executeTakeFirst();
}

export async function processAlarm(
  trx: Db,
  id: number,
  state: AlarmState,
  result: string | null,
  by: number,
  at: number,
) {
  await trx
    .updateTable('alarms')
    .set({ state, result, processed_by: by, processed_at: at })
    .where('id', '=', id)
    .execute();
}

/** The home page's figures over the devices the caller may see. */
export async function alarmCounts(db: Db, scope: Scope, todayFrom: number) {
  const base = () =>
    db
      .selectFrom('alarms as a')
      .innerJoin('devices as d', 'd.id', 'a.device_id')
      .where('a.recorded', '=', true)
      .where(deviceVisible(scope, 'view'));
  const [today, active, unprocessed, devices] = await Promise.all([
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.fired_at', '>=', todayFrom)
      .executeTakeFirstOrThrow(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.recovery', '=', 'notRestored')
      .executeTakeFirstOrThrow(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('a.state', '=', 'unprocessed')
      .executeTakeFirstOrThrow(),
    base()
      .select((eb) => eb.fn.count<number>('a.device_id').distinct().as('n'))
      .where('a.recovery', '=', 'notRestored')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    today: Number(today.n),
    active: Number(active.n),
    unprocessed: Number(unprocessed.n),
    devicesInAlarm: Number(devices.n),
  };
}

/**
 * Recorded alarms raised in each range `[bounds[i], bounds[i + 1])`, and how many of those are
 * restored: one grouped scan of the alarms in range, for the home page's week.
 */
export async function alarmsByRange(db: Db, scope: Scope, bounds: readonly number[]) {
  const first = bounds[0] ?? 0;
  const last = bounds.at(-1) ?? first;
  // The range a time falls in: the newest bound it is at or past. Bounds are written as literals
  // (integers computed here), so that PostgreSQL sees the same expression in the group by.
  const whens = [];
  for (let i = bounds.length - 2; i > 0; i--)
    whens.push(sql`when a.fired_at >= ${sql.lit(bounds[i] ?? 0)} then ${sql.lit(i)}`);
  const range = whens.length ? sql<number>`case ${sql.join(whens, sql` `)} else 0 end` : sql<number>`0`;
  const rows = await db
    .selectFrom('alarms as a')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .where('a.recorded', '=', true)
    .where(deviceVisible(scope, 'view'))
    .where('a.fired_at', '>=', first)
    .where('a.fired_at', '<', last)
    .select((eb) => [
      range.as('range'),
      eb.fn.countAll<number>().as('raised'),
      eb.fn.sum<number>(eb.case().when('a.recovery', '!=', 'notRestored').then(1).else(0).end()).as('restored'),
    ])
    .groupBy(range)
    .execute();
  const ranges = bounds.slice(1).map(() => ({ raised: 0, restored: 0 }));
  for (const row of rows) {
    const range = ranges[Number(row.range)];
    if (range) {
      range.raised = Number(row.raised);
      range.restored = Number(row.restored ?? 0);
    }
  }
  return ranges;
}
