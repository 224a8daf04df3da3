import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount } from '../devices/testing.ts';
import type { DtuServer } from '../gateway/server.ts';
import {
  connectDtu,
  plantSlave,
  registrationOf,
  startTestDtuServer,
  type TestDtu,
  type TestSlave,
} from '../gateway/testing.ts';
import { startTaskRecovery, type TaskRecoveryRunner } from './recovery.ts';
import { runFiring } from './run.ts';
import { buildPlant, everyMinute } from './testing.ts';

// "Run once on recovery" for a device that was offline at the firing (decision 0061): the run is
// kept, and written once when the DTU connects again, over real sockets.

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
let t: TestApp;
let owner: Caller;
let server: DtuServer;
let runner: TaskRecoveryRunner;
const dtus: TestDtu[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  server = await startTestDtuServer(t.db, log, { readTimeoutMs: 150 });
  runner = await startTaskRecovery(t.db, 'recovery-test', log, { everyMs: 50, claimMs: 10_000 });
});
afterAll(async () => {
  await runner.stop();
  for (const dtu of dtus) dtu.close();
  await server.stop();
  await t.close();
});

/** A once-task on a point of the plant, due `inMinutes` from now (its job never runs: the test fires it). */
async function onceTask(plant: Awaited<ReturnType<typeof buildPlant>>, missed: string, value: number, at: number) {
  const res = await owner.post('/iot/tasks', {
    ...everyMinute(plant.deviceId, plant.point('Setpoint'), at, {
      name: `${missed} ${value}`,
      schedule: { kind: 'once' },
      missed,
    }),
    targets: [{ deviceId: plant.deviceId, pointId: plant.point('Setpoint'), value }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  await runFiring(t.db, log, { taskId: id, at }, at);
  return id;
}

const outcomes = async (taskId: number) =>
  (
    (await owner.get(`/iot/tasks/records?taskId=${taskId}`)).json().data.list as { outcome: string; late: boolean }[]
  ).map((r) => `${r.outcome}${r.late ? ' late' : ''}`);
const logOf = async (taskId: number) =>
  ((await owner.get(`/iot/tasks/log?taskId=${taskId}`)).json().data.list as { action: string; text: string }[]).map(
    (l) => `${l.action}: ${l.text}`,
  );

async function connect(plant: Awaited<ReturnType<typeof buildPlant>>): Promise<TestSlave> {
  const slave = plantSlave();
  dtus.push(await connectDtu(server.port, registrationOf(plant.sn, 'secret12'), [slave]));
  return slave;
}

/** Lets the runner look at the connected devices a few more times. */
async function fewLooks() {
  const from = runner.ticks;
  await expect.poll(() => runner.ticks, { timeout: 5_000 }).toBeGreaterThanOrEqual(from + 3);
}

describe('a run kept for a device that was offline', () => {
  it('is written once when the DTU is back; a task that skips missed runs writes nothing then', async () => {
    const plant = await buildPlant(owner, { name: 'Boiler 7' });
    const at = Date.now() + 10 * MINUTE;
    const kept = await onceTask(plant, 'runOnce', 30.5, at);
    const skipped = await onceTask(plant, 'skip', 40, at + MINUTE);
    expect(await outcomes(kept)).toEqual(['offline']);
    expect(await outcomes(skipped)).toEqual(['offline']);
    expect(await logOf(kept)).toContainEqual(
      expect.stringMatching(
        /^waiting: Boiler 7 offline at the run due at .+: written once when back online within 24 h$/,
      ),
    );

    const slave = await connect(plant);
    // The inverse formula x * 10: 30.5 goes out as 305 in holding register 10.
    await expect.poll(() => slave.holding.get(10), { timeout: 10_000 }).toBe(305);
    await expect.poll(() => outcomes(kept), { timeout: 5_000 }).toEqual(['success late', 'offline']);
    // The log line follows the records it speaks of.
    await expect
      .poll(async () => (await logOf(kept))[0], { timeout: 5_000 })
      .toMatch(/^recovered: Boiler 7 is back online: the run due at .+ was written once$/);
    await fewLooks();
    expect(slave.holding.get(10)).toBe(305);
    expect(await outcomes(kept)).toEqual(['success late', 'offline']);
    expect(await outcomes(skipped)).toEqual(['offline']);
    // Task Monitoring finds them by their last run.
    const ids = async (lastOutcome: string) =>
      ((await owner.get(`/iot/tasks?lastOutcome=${lastOutcome}&size=100`)).json().data.list as { id: number }[]).map(
        (x) => x.id,
      );
    expect(await ids('failing')).toContain(skipped);
    expect(await ids('failing')).not.toContain(kept);
    expect(await ids('success')).toContain(kept);
    expect(await ids('success')).not.toContain(skipped);
    expect((await owner.get('/iot/tasks?lastOutcome=failed')).statusCode).toBe(400);
  });

  it('is dropped when the task is paused, and not written after a day', async () => {
    const paused = await buildPlant(owner, { name: 'Boiler 8' });
    const late = await buildPlant(owner, { name: 'Boiler 9' });
    const at = Date.now() + 20 * MINUTE;
    const pausedTask = await onceTask(paused, 'runOnce', 31, at);
    const lateTask = await onceTask(late, 'runOnce', 32, at + MINUTE);
    // A once-task ended with its firing: a paused one is an interval task.
    const every = await owner.post('/iot/tasks', {
      ...everyMinute(paused.deviceId, paused.point('Setpoint'), at + 5 * MINUTE, { missed: 'runOnce', name: 'Every' }),
      targets: [{ deviceId: paused.deviceId, pointId: paused.point('Setpoint'), value: 33 }],
    });
    const everyId = every.json().data.id as number;
    await runFiring(t.db, log, { taskId: everyId, at: at + 5 * MINUTE }, at + 5 * MINUTE);
    expect(await outcomes(everyId)).toEqual(['offline']);
    // Paused, then resumed: the run kept before the pause is not written.
    expect((await owner.post(`/iot/tasks/${everyId}/pause`)).statusCode).toBe(200);
    expect((await owner.post(`/iot/tasks/${everyId}/resume`)).statusCode).toBe(200);
    await t.db.kysely
      .updateTable('timed_task_recoveries')
      .set({ expires_at: Date.now() - 1 })
      .where('task_id', '=', lateTask)
      .execute();

    const pausedSlave = await connect(paused);
    const lateSlave = await connect(late);
    // The once-task on the same device still writes: only the paused task's run is dropped.
    await expect.poll(() => pausedSlave.holding.get(10), { timeout: 10_000 }).toBe(310);
    await expect
      .poll(async () => (await logOf(lateTask))[0], { timeout: 5_000 })
      .toMatch(/^skipped: Boiler 9 came back more than 24 h after the run due at .+: it was not written$/);
    await fewLooks();
    expect(pausedSlave.holding.get(10)).toBe(310);
    expect(lateSlave.holding.get(10)).toBe(215);
    expect(await outcomes(everyId)).toEqual(['offline']);
    expect(await outcomes(lateTask)).toEqual(['offline']);
    await expect.poll(() => outcomes(pausedTask), { timeout: 5_000 }).toEqual(['success late', 'offline']);
  });
});
