import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Database } from '../../platform/db/schema.ts';
import { DAY, formatDate, HOUR, MINUTE, startOfDate } from '../../platform/time.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildAlarm } from '../alarms/testing.ts';
import { buildDevice, mainAccount, subUser } from '../devices/testing.ts';
import { buildWorkOrder } from '../workorders/testing.ts';
import { countMissing } from './service.ts';

let t: TestApp;
let db: Kysely<Database>;
let owner: Caller;
let other: Caller;
let sub: Caller;
/** The day counted: three days ago in the deployment's time zone, and its first instant. */
const day = formatDate(Date.now() - 3 * DAY);
const at = (hours: number) => startOfDate(day) + hours * HOUR;
/** 02:00 today in the deployment's time zone: yesterday's next 01:00 has passed, whatever the hour of the run. */
const now = startOfDate(formatDate(Date.now())) + 2 * HOUR;

async function online(
  deviceId: number,
  state: 'online' | 'offline' | 'fault',
  when: number,
  reason: string | null = null,
) {
  await db
    .insertInto('device_online_records')
    .values({ device_id: deviceId, state, reason: reason as never, transport: null, at: when })
    .execute();
}

/** An order of the owner's, made at 09:00 of the day counted unless `o` says otherwise. */
const order = (deviceId: number, o: Record<string, number | string | null>) =>
  buildWorkOrder(db, owner.user.id, deviceId, { created_at: at(9), ...o });

const view = async (by: Caller, window = 'days') => {
  const res = await by.get(`/iot/operations?window=${window}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await buildTestApp();
  db = t.db.kysely;
  owner = await mainAccount(t);
  other = await mainAccount(t);
  sub = await subUser(t, owner.user.id);
  // Three devices: one online all day, one offline all day, one added that day that comes online,
  // goes into fault and recovers, then into fault again until the day ends.
  const steady = await buildDevice(owner, { name: 'Steady' });
  const dark = await buildDevice(owner, { name: 'Dark' });
  const fresh = await buildDevice(owner, { name: 'Fresh' });
  const elsewhere = await buildDevice(other, { name: 'Elsewhere' });
  await db
    .updateTable('devices')
    .set({ created_at: at(-48) })
    .where('id', 'in', [steady, dark, elsewhere])
    .execute();
  await db
    .updateTable('devices')
    .set({ created_at: at(1) })
    .where('id', '=', fresh)
    .execute();
  // Records after the day do not change it.
  await db.updateTable('devices').set({ status: 'offline' }).execute();
  await online(steady, 'online', at(-30));
  await online(dark, 'offline', at(-20), 'timeout');
  await online(fresh, 'online', at(2));
  await online(fresh, 'fault', at(3), 'slaveTimeout');
  await online(fresh, 'online', at(4), 'recovered');
  await online(fresh, 'fault', at(20), 'slaveTimeout');
  await online(fresh, 'online', at(26), 'recovered');
  await online(elsewhere, 'online', at(-30));

  // Alarms: two that day (one restored that day, one the next), one the day before.
  const alarm = async (fired: number, restored: number | null) => {
    const id = await buildAlarm(db, { deviceId: steady, ownerId: owner.user.id, triggerName: 'High', content: 'High' });
    await db.updateTable('alarms').set({ fired_at: fired, restored_at: restored }).where('id', '=', id).execute();
  };
  await alarm(at(5), at(6));
  await alarm(at(22), at(25));
  await alarm(at(-5), at(-4));

  // Work orders: one answered in 30 minutes and repaired in 2 hours, one urgent never accepted (1 hour allowed).
  await order(steady, {
    state: 'closed',
    sent_at: at(9),
    accepted_at: at(9) + 30 * MINUTE,
    completed_at: at(11) + 30 * MINUTE,
    closed_at: at(12),
  });
  await order(dark, { priority: 'urgent', created_at: at(10), sent_at: at(10), state: 'sent' });

  // Five values that day, two the day before.
  const values = [at(1), at(2), at(3), at(4), at(5), at(-1), at(-2)].map((ts) => ({
    device_id: steady,
    point_id: 1,
    ts,
    num: 1,
    text: null,
  }));
  await db.insertInto('telemetry').values(values).execute();

  // Sign-ins: the owner twice and the sub-user once that day; a failed one does not count.
  const signIn = (userId: number, when: number, result: 'ok' | 'fail' = 'ok') =>
    db
      .insertInto('audit_log')
      .values({
        at: when,
        user_id: userId,
        account: null,
        action: 'signIn',
        result,
        target_type: null,
        target_id: null,
        detail: '{}',
        ip: null,
        user_agent: null,
      } as never)
      .execute();
  await signIn(owner.user.id, at(8));
  await signIn(owner.user.id, at(9));
  await signIn(sub.user.id, at(10));
  await signIn(other.user.id, at(10), 'fail');
}, 60_000);
afterAll(() => t.close());

describe('the operation center', () => {
  it('counts a day once its next 01:00 has passed, and not again', async () => {
    // 00:30 the day after: not yet.
    const early = await countMissing(db, at(24.5));
    expect(early.days).not.toContain(day);
    const counted = await countMissing(db, now);
    expect(counted.days).toContain(day);
    expect(counted.days).toContain(formatDate(now - DAY));
    expect(counted.days).not.toContain(formatDate(now));
    expect((await countMissing(db, now)).days).toEqual([]);
  });

  it('shows the owner what happened that day: devices, online rate, recovery rate, orders, data and users', async () => {
    const v = await view(owner);
    const row = v.rows.find((r: { period: string }) => r.period === day);
    expect(row).toEqual({
      period: day,
      devicesTotal: 3,
      devicesAdded: 1,
      deviceDaysOnline: 2,
      deviceDays: 3,
      onlineRate: 2 / 3,
      alarmsRaised: 2,
      alarmsRestored: 1,
      faultsRaised: 2,
      faultsRecovered: 1,
      // One alarm and one fault of four restored the day they were raised.
      recoveryRate: 0.5,
      ordersOpened: 2,
      ordersClosed: 1,
      ordersOverdue: 1,
      meanResponseMinutes: 30,
      meanRepairMinutes: 120,
      values: 5,
      activeUsers: 2,
    });
    expect(v.countedThrough).toBe(formatDate(now - DAY));
    // The days before the first device are not counted; the day before shows the earlier alarm.
    expect(v.rows.find((r: { period: string }) => r.period === formatDate(at(-12)))).toMatchObject({
      alarmsRaised: 1,
      alarmsRestored: 1,
      values: 2,
    });
    expect(v.totals).toMatchObject({ alarmsRaised: 3, devicesTotal: 3, activeUsers: 2 });
  });

  it('shows another account only its own figures, and refuses a sub-user without the permission', async () => {
    const theirs = await view(other);
    expect(theirs.rows.find((r: { period: string }) => r.period === day)).toMatchObject({
      devicesTotal: 1,
      deviceDaysOnline: 1,
      alarmsRaised: 0,
      activeUsers: 0,
    });
    expect((await sub.get('/iot/operations')).statusCode).toBe(403);
  });

  it('refuses a window other than 30 days or 12 months with a sentence', async () => {
    const res = await owner.get('/iot/operations?window=weeks');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Choose the window: 30 days or 12 months');
  });

  it('exports the window as an Excel file and audits it', async () => {
    const res = await owner.get('/iot/operations/export?window=days');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const audited = await db
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'exportOperations')
      .execute();
    expect(audited.map((r) => Number(r.user_id))).toEqual([owner.user.id]);
  });

  it('makes up a day the server was down for on its next run', async () => {
    await db.deleteFrom('ops_runs').where('start', '=', day).execute();
    await db.deleteFrom('ops_stats').where('start', '=', day).execute();
    expect((await countMissing(db, Date.now())).days).toEqual([day]);
    expect((await view(owner)).rows.find((r: { period: string }) => r.period === day)).toMatchObject({
      alarmsRaised: 2,
    });
  });

  it('counts a month on the 1st: the sums of its days, its users each once, its devices at its end', async () => {
    const month = day.slice(0, 7);
    // 02:00 on the first day of the next month.
    const [y, m] = month.split('-').map(Number) as [number, number];
    const nextFirst = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const counted = await countMissing(db, startOfDate(nextFirst) + 2 * HOUR);
    expect(counted.months).toContain(month);
    const row = await db
      .selectFrom('ops_stats')
      .selectAll()
      .where('owner_id', '=', owner.user.id)
      .where('period', '=', 'month')
      .where('start', '=', month)
      .executeTakeFirstOrThrow();
    const days = await db
      .selectFrom('ops_stats')
      .selectAll()
      .where('owner_id', '=', owner.user.id)
      .where('period', '=', 'day')
      .where('start', 'like', `${month}-%`)
      .execute();
    expect(Number(row.alarms_raised)).toBe(days.reduce((s, d) => s + Number(d.alarms_raised), 0));
    expect(Number(row.values_stored)).toBe(days.reduce((s, d) => s + Number(d.values_stored), 0));
    expect(Number(row.active_users)).toBe(2);
    expect(Number(row.devices_total)).toBe(3);
  });
});
