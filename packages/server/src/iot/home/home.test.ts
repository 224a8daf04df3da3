import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildRole, buildUser } from '../../../test/factories.ts';
import type { Database } from '../../platform/db/schema.ts';
import { DAY, formatDate, HOUR, startOfDay } from '../../platform/time.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildAlarm } from '../alarms/testing.ts';
import { buildDevice, mainAccount } from '../devices/testing.ts';
import { buildWorkOrder } from '../workorders/testing.ts';

let t: TestApp;
let db: Kysely<Database>;
let owner: Caller;
let other: Caller;
let devicesOnly: Caller;
const today = startOfDay(Date.now());

async function alarm(deviceId: number, ownerId: number, firedAt: number, restored = false) {
  const id = await buildAlarm(db, { deviceId, ownerId, triggerName: 'High', content: 'High' });
  await db
    .updateTable('alarms')
    .set({ fired_at: firedAt, recovery: restored ? 'restored' : 'notRestored', restored_at: restored ? firedAt : null })
    .where('id', '=', id)
    .execute();
}

const order = (deviceId: number, o: Record<string, number | string | null>) =>
  buildWorkOrder(db, owner.user.id, deviceId, o);

async function offlineAt(deviceId: number, at: number) {
  await db
    .updateTable('devices')
    .set({ status: 'offline', last_online_at: at - HOUR })
    .where('id', '=', deviceId)
    .execute();
  await db
    .insertInto('device_online_records')
    .values({ device_id: deviceId, state: 'offline', reason: 'timeout' as never, transport: null, at })
    .execute();
}

const summary = async (by: Caller) => {
  const res = await by.get('/iot/home/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await buildTestApp();
  db = t.db.kysely;
  owner = await mainAccount(t);
  other = await mainAccount(t);
  const pump = await buildDevice(owner, { name: 'Pump' });
  const tank = await buildDevice(owner, { name: 'Tank' });
  const meter = await buildDevice(owner, { name: 'Meter' });
  const elsewhere = await buildDevice(other, { name: 'Elsewhere' });
  // Today: two alarms, one restored; two days ago one; eight days ago one, out of the week.
  await alarm(pump, owner.user.id, today + HOUR);
  await alarm(tank, owner.user.id, today + 2 * HOUR, true);
  await alarm(pump, owner.user.id, today - 2 * DAY + HOUR, true);
  await alarm(pump, owner.user.id, today - 8 * DAY);
  await alarm(elsewhere, other.user.id, today + HOUR);
  await offlineAt(tank, Date.now() - 2 * HOUR);
  await offlineAt(meter, Date.now() - HOUR);
  await offlineAt(elsewhere, Date.now() - 10 * 60_000);
  // Open: one fresh, one past its response limit (normal: 24 h), one of a plan whose date passed;
  // one ended order, not open.
  await order(pump, {});
  await order(pump, { state: 'sent', sent_at: Date.now() - 30 * HOUR, assignee_id: owner.user.id });
  await order(tank, { plan_due_at: Date.now() - DAY });
  await order(tank, { state: 'ended', completed_at: Date.now() });
  // A role of the deployment's own that sees the home page and devices, and nothing of alarms or orders.
  const role = await buildRole(db, 'iot', { '/iot/home': 'view', '/iot/devices': 'view' }, 'Watcher');
  const user = await buildUser(db, { roleIds: [role], userType: 'sub', parentId: owner.user.id, identityId: null });
  devicesOnly = await callerFor(t, user);
}, 60_000);
afterAll(() => t.close());

describe('the home page summary', () => {
  it("counts the caller's alarms of each of the last seven days, today last, and how many are restored", async () => {
    const { alarms } = await summary(owner);
    expect(alarms.today).toBe(2);
    expect(alarms.active).toBe(2); // today's unrestored one and the one of eight days ago
    expect(alarms.week).toHaveLength(7);
    expect(alarms.week.at(-1)).toEqual({ date: formatDate(today), raised: 2, restored: 1 });
    expect(alarms.week.at(-3)).toEqual({ date: formatDate(today - 2 * DAY), raised: 1, restored: 1 });
    expect(alarms.week[0].date).toBe(formatDate(today - 6 * DAY));
    expect(alarms.week.reduce((n: number, d: { raised: number }) => n + d.raised, 0)).toBe(3);
  });

  it('lists the devices gone offline, the most recent first, without other accounts’ devices', async () => {
    const { offline } = await summary(owner);
    expect(offline.map((d: { name: string }) => d.name)).toEqual(['Meter', 'Tank']);
    expect(offline[0].at).toBeGreaterThan(offline[1].at);
  });

  it('counts open work orders, those past their limit, those assigned to me and late maintenance', async () => {
    const { workOrders } = await summary(owner);
    expect(workOrders).toEqual({ open: 3, overdue: 1, mine: 1, maintenanceOverdue: 1 });
    expect((await summary(other)).workOrders).toEqual({ open: 0, overdue: 0, mine: 0, maintenanceOverdue: 0 });
  });

  it('leaves out what the caller may not open', async () => {
    const data = await summary(devicesOnly);
    expect(data.alarms).toBeNull();
    expect(data.workOrders).toBeNull();
    expect(data.offline).not.toBeNull();
  });
});
