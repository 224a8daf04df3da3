import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { DAY, startOfDate } from '../../platform/time.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount } from '../devices/testing.ts';
import { buildDevice as buildProjectDevice } from '../projects/testing.ts';
import { planOrdersJob, runPlanFiring } from './run.ts';
import { dueFrom, orderAtOf, plusMonths } from './schedule.ts';

const log = pino({ level: 'silent' });
let t: TestApp;
let owner: Caller;
let engineer: Caller;
let strangerEngineer: Caller;
let deviceId: number;

async function staff(parentId: number, role: number): Promise<Caller> {
  return callerFor(t, await buildUser(t.db.kysely, { roleIds: [role], userType: 'sub', parentId, identityId: null }));
}

const plan = (change: Record<string, unknown> = {}) => ({
  name: 'Pump service',
  cycle: 'week',
  every: 1,
  deviceIds: [deviceId],
  engineerId: engineer.user.id,
  advance: '1d',
  startAt: Date.now() + 30 * DAY,
  content: 'Grease the bearings',
  ...change,
});
const count = async (table: 'maintenance_plans' | 'maintenance_plan_devices' | 'jobs' | 'work_orders') =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const ordersOfPlan = (planId: number) =>
  t.db.kysely.selectFrom('work_orders').selectAll().where('plan_id', '=', planId).orderBy('id').execute();

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  engineer = await staff(owner.user.id, 16);
  const other = await mainAccount(t);
  strangerEngineer = await staff(other.user.id, 16);
  deviceId = await buildDevice(owner, { name: 'Pump 7' });
});
afterAll(() => t.close());

describe('the cycle', () => {
  it('steps N days, weeks or calendar months from the start, or along the dates listed, up to the end', () => {
    const start = startOfDate('2026-01-31');
    const month = { cycle: 'month' as const, every: 1, dates: [], startAt: start, endAt: null };
    expect(plusMonths(start, 1)).toBe(startOfDate('2026-02-28'));
    expect(dueFrom(month, start + 1)).toBe(startOfDate('2026-02-28'));
    expect(dueFrom(month, startOfDate('2026-03-01'))).toBe(startOfDate('2026-03-31'));
    const weeks = { cycle: 'week' as const, every: 2, dates: [], startAt: start, endAt: start + 20 * DAY };
    expect(dueFrom(weeks, start + 1)).toBe(start + 14 * DAY);
    expect(dueFrom(weeks, start + 15 * DAY)).toBeNull();
    const dates = {
      cycle: 'dates' as const,
      every: null,
      dates: [start + 9 * DAY, start],
      startAt: start,
      endAt: null,
    };
    expect(dueFrom(dates, start + 1)).toBe(start + 9 * DAY);
    expect(orderAtOf(start, '1m')).toBe(startOfDate('2025-12-31'));
    expect(orderAtOf(start, '2w')).toBe(start - 14 * DAY);
  });
});

describe('a maintenance plan', () => {
  it('is not started until its advance notice is due, then makes its order once, after a restart too', async () => {
    // The first maintenance is a day away, less a moment: its order is due in a moment.
    const startAt = Date.now() + DAY + 300;
    const res = await owner.post('/iot/maintenance-plans', plan({ startAt }));
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    expect(made).toMatchObject({ state: 'notStarted', nextDueAt: startAt, nextOrderAt: startAt - DAY, orders: 0 });

    // The server was down when the order was due: the next start's workers make it, once.
    await expect.poll(() => Date.now() > startAt - DAY, { timeout: 5_000 }).toBe(true);
    const other = openDatabase(t.config.databaseUrl);
    const workers = [t.db, other].map(
      (db) => new JobWorker({ db, log, jobs: [planOrdersJob], pollMs: 5, concurrency: 2 }),
    );
    for (const w of workers) w.start();
    try {
      await expect.poll(async () => (await ordersOfPlan(made.id)).length, { timeout: 10_000 }).toBe(1);
    } finally {
      for (const w of workers) await w.stop();
      await other.close();
    }
    // The job run again (a retry) makes nothing more.
    expect(await runPlanFiring(t.db.kysely, { planId: made.id, at: startAt - DAY })).toBe(0);
    expect(await ordersOfPlan(made.id)).toHaveLength(1);

    const after = (await owner.get(`/iot/maintenance-plans/${made.id}`)).json().data;
    expect(after).toMatchObject({ state: 'waiting', orders: 1, nextDueAt: startAt + 7 * DAY });
    // The order is a maintenance order sent to the plan's engineer, in the device's service record.
    const record = (await owner.get(`/iot/work-orders?deviceId=${deviceId}`)).json().data;
    expect(record.list[0]).toMatchObject({
      type: 'maintenance',
      state: 'sent',
      assigneeId: engineer.user.id,
      planId: made.id,
      planDueAt: startAt,
      deviceId,
    });
    expect(record.list[0].description).toContain('Grease the bearings');
    const engineerSees = (await engineer.get('/iot/work-orders')).json().data.list;
    expect(engineerSees.map((o: { planId: number }) => o.planId)).toContain(made.id);
  });

  it('orders every device of its project, and ends after its last date', async () => {
    const projectId = Number(
      (
        await t.db.kysely
          .insertInto('projects')
          .values({
            owner_id: owner.user.id,
            name: 'Plant B',
            manager_id: null,
            manager_name: null,
            phone: null,
            remark: null,
            created_at: Date.now(),
            updated_at: Date.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const a = await buildProjectDevice(t.db.kysely, { ownerId: owner.user.id, projectId });
    const b = await buildProjectDevice(t.db.kysely, { ownerId: owner.user.id, projectId });
    const due = Date.now() + 3 * DAY;
    const res = await owner.post(
      '/iot/maintenance-plans',
      plan({ cycle: 'dates', dates: [due], deviceIds: [], projectId, advance: '1w', startAt: null }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data;
    // A week's notice for a date three days away: the order is due now.
    expect(made.nextOrderAt).toBe(due - 7 * DAY);
    expect(await runPlanFiring(t.db.kysely, { planId: made.id, at: made.nextOrderAt })).toBe(2);
    expect((await ordersOfPlan(made.id)).map((o) => Number(o.device_id))).toEqual([a.id, b.id]);
    expect((await owner.get(`/iot/maintenance-plans/${made.id}`)).json().data).toMatchObject({
      state: 'ended',
      orders: 2,
    });
    const ended = (await owner.get('/iot/maintenance-plans?state=ended')).json().data;
    expect(ended.list.map((p: { id: number }) => p.id)).toEqual([made.id]);
  });
});

describe('refusals leave nothing half-saved', () => {
  it('refuses a plan with no device, an engineer of another owner, an end before the start', async () => {
    const before = await Promise.all([count('maintenance_plans'), count('maintenance_plan_devices'), count('jobs')]);
    const noDevice = await owner.post('/iot/maintenance-plans', plan({ deviceIds: [] }));
    expect(noDevice.statusCode).toBe(400);
    expect(noDevice.json().data).toContainEqual({ field: 'deviceIds', msg: 'Choose at least one device or a project' });

    const stranger = await owner.post('/iot/maintenance-plans', plan({ engineerId: strangerEngineer.user.id }));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().data).toContainEqual({
      field: 'engineerId',
      msg: 'The person chosen is not a maintenance engineer of the devices’ account',
    });

    const startAt = Date.now() + 10 * DAY;
    const backwards = await owner.post('/iot/maintenance-plans', plan({ startAt, endAt: startAt - DAY }));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().data).toContainEqual({ field: 'endAt', msg: 'The end date must be after the start date' });

    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/iot/maintenance-plans',
      headers: { 'x-authorization': owner.token, 'accept-language': 'zh-CN' },
      payload: plan({ deviceIds: [] }),
    });
    expect(zh.json().data).toContainEqual({ field: 'deviceIds', msg: '请选择至少一台设备或一个项目' });

    const after = await Promise.all([count('maintenance_plans'), count('maintenance_plan_devices'), count('jobs')]);
    expect(after).toEqual(before);
  });
});

describe('work-order numbers', () => {
  it('are distinct when many orders of one owner are created at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        owner.post('/iot/work-orders', { type: 'repair', deviceId, description: `Leak ${i}`, priority: 'low' }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const numbers = results.map((res) => res.json().data.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
