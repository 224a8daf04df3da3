import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount } from '../devices/testing.ts';
import { linksFor } from '../gateway/links.ts';
import type { DtuServer } from '../gateway/server.ts';
import {
  connectDtu,
  plantSlave,
  registrationOf,
  startTestDtuServer,
  type TestDtu,
  type TestSlave,
} from '../gateway/testing.ts';
import { taskRunJob } from './run.ts';
import { buildPlant } from './testing.ts';

const silentLog = memoryLogger().logger;
let t: TestApp;
let owner: Caller;
let plant: Awaited<ReturnType<typeof buildPlant>>;
let server: DtuServer;
let slave: TestSlave;
let dtu: TestDtu;
let worker: JobWorker;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  plant = await buildPlant(owner);
  server = await startTestDtuServer(t.db, silentLog, { readTimeoutMs: 150 });
  slave = plantSlave();
  dtu = await connectDtu(server.port, registrationOf(plant.sn, 'secret12'), [slave]);
  await vi.waitFor(() => expect(linksFor(t.db).get(plant.deviceId)).toBeDefined(), { timeout: 5_000 });
  worker = new JobWorker({ db: t.db, log: silentLog, jobs: [taskRunJob], pollMs: 20 });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  dtu.close();
  await server.stop();
  await t.close();
});

const recordsOf = async (taskId: number) =>
  (await owner.get(`/iot/tasks/records?taskId=${taskId}&size=100`)).json().data.list as Array<{
    outcome: string;
    outcomeText: string;
    value: string;
    pointName: string;
  }>;

describe('a timed task on a DTU over real sockets', () => {
  it("writes the set point into the slave's holding register every second, and records each run's outcome", async () => {
    const res = await owner.post('/iot/tasks', {
      name: 'Set point every second',
      schedule: { kind: 'interval', every: 1, unit: 'seconds' },
      startAt: Date.now(),
      endAt: null,
      targets: [{ deviceId: plant.deviceId, pointId: plant.point('Setpoint'), value: 30.5 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;

    // The inverse formula x * 10: 30.5 goes out as 305 in holding register 10.
    await expect.poll(() => slave.holding.get(10), { timeout: 10_000 }).toBe(305);
    await expect.poll(async () => (await recordsOf(id)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect((await recordsOf(id))[0]).toMatchObject({
      pointName: 'Setpoint',
      value: '30.5',
      outcome: 'success',
      outcomeText: 'Success',
    });

    slave.fault = 'noReply';
    await expect.poll(async () => (await recordsOf(id))[0]?.outcome, { timeout: 10_000 }).toBe('noReply');
    expect((await recordsOf(id))[0]?.outcomeText).toBe('Slave no reply');
    slave.fault = 'exception';
    await expect.poll(async () => (await recordsOf(id))[0]?.outcome, { timeout: 10_000 }).toBe('errorReply');
    expect((await recordsOf(id))[0]?.outcomeText).toBe('Slave error reply (exception code 2)');
    slave.fault = 'none';

    const paused = await owner.post(`/iot/tasks/${id}/pause`);
    expect(paused.json().data.state).toBe('paused');
    const view = (await owner.get(`/iot/tasks/${id}`)).json().data;
    expect(view.runs).toBeGreaterThanOrEqual(4);
    expect(view.failures).toBeGreaterThanOrEqual(2);
  });
});
