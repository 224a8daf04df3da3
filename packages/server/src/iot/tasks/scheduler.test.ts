import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount } from '../devices/testing.ts';
import { MISSED_AFTER_MS, runFiring, taskRunJob } from './run.ts';
import { firingAfter, firstClash } from './schedule.ts';
import { buildPlant, everyMinute } from './testing.ts';

const log = pino({ level: 'silent' });
let t: TestApp;
let owner: Caller;
let plant: Awaited<ReturnType<typeof buildPlant>>;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  plant = await buildPlant(owner);
});
afterAll(() => t.close());

const records = (taskId: number) =>
  t.db.kysely.selectFrom('timed_task_records').selectAll().where('task_id', '=', taskId).orderBy('id').execute();
const task = (id: number) =>
  t.db.kysely.selectFrom('timed_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the schedule', () => {
  const base = { startAt: Date.UTC(2026, 0, 5, 0, 0), endAt: null, timeZone: 'Asia/Shanghai' };
  it('fires daily and weekly at wall-clock times of its zone, and intervals from the start', () => {
    const daily = { ...base, schedule: { kind: 'daily' as const, times: ['08:00'] } };
    // 08:00 in Shanghai is 00:00 UTC.
    expect(firingAfter(daily, base.startAt - 1)).toBe(Date.UTC(2026, 0, 5, 0, 0));
    expect(firingAfter(daily, base.startAt)).toBe(Date.UTC(2026, 0, 6, 0, 0));
    const weekly = { ...base, schedule: { kind: 'weekly' as const, times: ['09:30'], weekdays: [3] } };
    expect(new Date(firingAfter(weekly, base.startAt) as number).toISOString()).toBe('2026-01-07T01:30:00.000Z');
    const every = { ...base, schedule: { kind: 'interval' as const, every: 15, unit: 'seconds' as const } };
    expect(firingAfter(every, base.startAt + 20_000)).toBe(base.startAt + 30_000);
    expect(firingAfter({ ...every, endAt: base.startAt + 20_000 }, base.startAt + 20_000)).toBeNull();
  });

  it('finds when two schedules meet, jumping rather than stepping second by second', () => {
    // Every 2 s on odd seconds never meets 08:00:00; on even seconds it does, the next morning.
    const seconds = {
      ...base,
      schedule: { kind: 'interval' as const, every: 2, unit: 'seconds' as const },
      startAt: base.startAt + 1000,
    };
    const daily = { ...base, schedule: { kind: 'daily' as const, times: ['08:00'] } };
    expect(firstClash(seconds, daily, base.startAt)).toBeNull();
    const aligned = { ...seconds, startAt: base.startAt };
    expect(firstClash(aligned, daily, base.startAt + 1)).toBe(Date.UTC(2026, 0, 6, 0, 0));
  });
});

describe('a firing', () => {
  it('runs once when two job workers share the database', async () => {
    const startAt = Date.now() + 300;
    const res = await owner.post(
      '/iot/tasks',
      everyMinute(plant.deviceId, plant.point('Setpoint'), startAt, {
        name: 'Twice watched',
        schedule: { kind: 'interval', every: 1, unit: 'seconds' },
        endAt: startAt + 2_000,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const other = openDatabase(t.config.databaseUrl);
    const workers = [t.db, other].map(
      (db) => new JobWorker({ db, log, jobs: [taskRunJob], pollMs: 5, concurrency: 4 }),
    );
    for (const w of workers) w.start();
    try {
      await expect.poll(async () => (await task(id)).state, { timeout: 15_000 }).toBe('ended');
    } finally {
      for (const w of workers) await w.stop();
      await other.close();
    }
    const written = await records(id);
    const dues = written.map((r) => Number(r.due_at));
    expect(dues.length).toBeGreaterThan(0);
    expect(new Set(dues).size).toBe(dues.length);
    expect(dues.every((d) => (d - startAt) % 1000 === 0 && d <= startAt + 2_000)).toBe(true);
    // No device is connected: each run says so in the spec's words.
    expect(new Set(written.map((r) => r.outcome))).toEqual(new Set(['offline']));
    expect(Number((await task(id)).runs)).toBe(dues.length);
  });

  it('follows the missed-run rule after the server was down: skip, or run once on recovery', async () => {
    const startAt = Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE;
    const downFor = 10 * MINUTE;
    const made = async (missed: string, point: string, offset: number) => {
      const res = await owner.post(
        '/iot/tasks',
        everyMinute(plant.deviceId, plant.point(point), startAt + offset, {
          missed,
          targets: [{ deviceId: plant.deviceId, pointId: plant.point(point), value: point === 'Setpoint' ? 20 : true }],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const skip = await made('skip', 'Setpoint', 0);
    const once = await made('runOnce', 'Pump Switch', 20_000);

    await runFiring(t.db, log, { taskId: skip, at: startAt }, startAt + downFor);
    expect(await records(skip)).toEqual([]);
    expect(Number((await task(skip)).next_run_at)).toBe(startAt + downFor + MINUTE);
    const skipLog = (await owner.get(`/iot/tasks/log?taskId=${skip}`)).json().data.list[0];
    expect(skipLog).toMatchObject({ action: 'skipped' });
    expect(skipLog.text).toMatch(
      /^Skipped the run due at .+: the server was not running, and the rule skips missed runs$/,
    );

    await runFiring(t.db, log, { taskId: once, at: startAt + 20_000 }, startAt + 20_000 + downFor);
    const [late] = await records(once);
    expect([late?.outcome, Number(late?.due_at)]).toEqual(['offline', startAt + 20_000]);
    expect(Boolean(late?.late)).toBe(true);
    const texts = (await owner.get(`/iot/tasks/log?taskId=${once}`))
      .json()
      .data.list.map((l: { text: string }) => l.text);
    expect(texts).toContainEqual(expect.stringMatching(/was missed, and the rule ran it once on recovery$/));
    // The device was offline too: its run is kept for its return (recovery.test.ts).
    expect(texts).toContainEqual(expect.stringMatching(/offline at the run due at .+: written once when back online/));
    // Just late enough to count as on time: nothing is skipped.
    expect(MISSED_AFTER_MS).toBeGreaterThanOrEqual(10_000);
  });

  it('does nothing for a firing of a paused task, or a firing already carried out', async () => {
    const startAt = Math.ceil(Date.now() / MINUTE) * MINUTE + 2 * MINUTE + 40_000;
    const res = await owner.post('/iot/tasks', {
      ...everyMinute(plant.deviceId, plant.point('Run Flag'), startAt),
      targets: [{ deviceId: plant.deviceId, pointId: plant.point('Run Flag'), value: 1 }],
    });
    const id = res.json().data.id;
    await owner.post(`/iot/tasks/${id}/pause`);
    await runFiring(t.db, log, { taskId: id, at: startAt }, startAt);
    expect(await records(id)).toEqual([]);
    await owner.post(`/iot/tasks/${id}/resume`);
    // Two workers holding the same firing at once (a lease ran out mid-run): one carries it out.
    await Promise.all([
      runFiring(t.db, log, { taskId: id, at: startAt }, startAt),
      runFiring(t.db, log, { taskId: id, at: startAt }, startAt),
    ]);
    await runFiring(t.db, log, { taskId: id, at: startAt }, startAt);
    expect(await records(id)).toHaveLength(1);
  });

  it('writes nothing to a device whose cloud configuration is off, and says so once in the log', async () => {
    const other = await buildPlant(owner);
    const startAt = Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE;
    const res = await owner.post('/iot/tasks', everyMinute(other.deviceId, other.point('Setpoint'), startAt));
    const id = res.json().data.id;
    await t.db.kysely.updateTable('devices').set({ cloud_config: false }).where('id', '=', other.deviceId).execute();
    await runFiring(t.db, log, { taskId: id, at: startAt }, startAt);
    await runFiring(t.db, log, { taskId: id, at: startAt + MINUTE }, startAt + MINUTE);
    expect(await records(id)).toEqual([]);
    const lines = (await owner.get(`/iot/tasks/log?taskId=${id}`))
      .json()
      .data.list.map((l: { text: string }) => l.text);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^From the run due at .+ on, nothing is written to Pump: cloud configuration is off$/);
  });
});
