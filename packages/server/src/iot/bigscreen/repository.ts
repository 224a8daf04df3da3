import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { Scope } from '../../portal/access/scope.ts';
import { deviceVisible } from '../devices/access-repository.ts';
import type { BigscreenSettingsTable } from './tables.ts';

type Db = Kysely<Database>;

/** The monitor settings of one account, or undefined for the defaults. */
export function settingsOf(db: Db, userId: number) {
  return db.selectFrom('bigscreen_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function saveSettings(db: Db, row: BigscreenSettingsTable): Promise<void> {
  const { user_id: _, ...changes } = row;
  await db
    .insertInto('bigscreen_settings')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}

/** The visible devices with the most recorded alarms since `from`, most first. */
export async function topAlarmDevices(db: Db, scope: Scope, from: number, limit: number) {
  const rows = await db
    .selectFrom('alarms as a')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .where('a.recorded', '=', true)
    .where('a.fired_at', '>=', from)
    .where(deviceVisible(scope, 'view'))
    .select((eb) => ['d.id', 'd.name', eb.fn.countAll<number>().as('n')])
    .groupBy(['d.id', 'd.name'])
    .orderBy('n', 'desc')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ deviceId: Number(r.id), name: r.name, count: Number(r.n) }));
}

/** The newest recorded alarms of visible devices, newest first (the alarms' time index). */
export async function recentAlarms(db: Db, scope: Scope, limit: number) {
  const rows = await db
    .selectFrom('alarms as a')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .where('a.recorded', '=', true)
    .where(deviceVisible(scope, 'view'))
    .select(['a.id', 'a.device_id', 'd.name', 'a.content', 'a.fired_at', 'a.recovery'])
    .orderBy('a.fired_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    deviceId: Number(r.device_id),
    deviceName: r.name,
    content: r.content,
    firedAt: Number(r.fired_at),
    restored: r.recovery !== 'notRestored',
  }));
}

/** The ids of up to `limit` visible enabled devices, to follow on the live socket. */
export async function followedDevices(db: Db, scope: Scope, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('devices as d')
    .where(deviceVisible(scope, 'view'))
    .where('d.enabled', '=', true)
    .select('d.id')
    .orderBy('d.id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}
