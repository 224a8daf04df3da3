import type { DataPushAlarmBody } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { runJobsUntilSettled } from '../../platform/jobs/testing.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildTrigger } from '../alarms/testing.ts';
import type { MqttWorld } from '../mqtt/testing.ts';
import { DATA_PUSH_JOB } from './push.ts';
import { buildPushWorld, type PushReceiver, type PushWorld } from './testing.ts';

let w: PushWorld;
let t: TestApp;
let world: MqttWorld;
let admin: Caller;
let receiver: PushReceiver;
let worker: JobWorker;
let device: { id: number; token: string };

beforeAll(async () => {
  w = await buildPushWorld();
  ({ t, world, admin, receiver, worker, device } = w);
});
afterAll(() => w.close());

const report = (values: Record<string, unknown>) => w.report(values);

async function deliveriesOf(id: number, atLeast: number) {
  let list: Array<Record<string, unknown>> = [];
  await vi.waitFor(
    async () => {
      list = (await world.owner.get(`/iot/data-push/${id}/deliveries`)).json().data.list;
      expect(list.length).toBeGreaterThanOrEqual(atLeast);
    },
    { timeout: 10_000, interval: 10 },
  );
  return list;
}

let targetId: number;

describe('a target subscribed to alarms', () => {
  it('is made by an administrator with what it pushes; one of the two is required', async () => {
    const none = await admin.post('/iot/data-push', {
      ownerId: world.owner.user.id,
      name: 'SCADA',
      url: receiver.url,
      pushValues: false,
      pushAlarms: false,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().data).toEqual([
      { field: 'pushValues', msg: 'Choose at least one of device values and alarms to push' },
    ]);
    const res = await admin.post('/iot/data-push', {
      ownerId: world.owner.user.id,
      name: 'SCADA',
      url: receiver.url,
      pushValues: false,
      pushAlarms: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    targetId = res.json().data.id;
    receiver.state.secret = res.json().data.secret;
    expect((await world.owner.get(`/iot/data-push/${targetId}`)).json().data).toMatchObject({
      pushValues: false,
      pushAlarms: true,
      ownerAccount: world.owner.user.account,
    });
  });

  it('gets the alarm raised and then recovered, signed, and no values', async () => {
    await buildTrigger(world.owner, {
      name: 'Too hot',
      scope: 'device',
      deviceId: device.id,
      conditions: [{ kind: 'gt', pointId: world.points.temperature, value: 50 }],
    });
    expect((await report({ Temperature: 61.5 })).statusCode).toBe(200);
    const [raised] = await deliveriesOf(targetId, 1);
    expect(raised).toMatchObject({ kind: 'alarm', state: 'queued' });
    expect((await report({ Temperature: 20 })).statusCode).toBe(200);
    await deliveriesOf(targetId, 2);
    await runJobsUntilSettled(worker, t.db, DATA_PUSH_JOB);

    // Deliveries run side by side and may arrive in either order: a receiver orders them by the event's time.
    const bodies = receiver.state.received
      .map((r) => r.body as unknown as DataPushAlarmBody)
      .sort((a, b) => a.alarm.at - b.alarm.at || (a.alarm.event === 'raised' ? -1 : 1));
    expect(receiver.state.received.every((r) => r.signed)).toBe(true);
    expect(bodies.map((b) => [b.kind, b.alarm.event])).toEqual([
      ['alarm', 'raised'],
      ['alarm', 'recovered'],
    ]);
    expect(bodies[0]?.alarm).toMatchObject({
      deviceId: device.id,
      trigger: 'Too hot',
      point: 'Temperature',
      value: '61.5',
    });
    expect(bodies[1]?.alarm).toMatchObject({ id: bodies[0]?.alarm.id, value: '20' });
    const list = await deliveriesOf(targetId, 2);
    expect(list.map((d) => [d.kind, d.state, d.status])).toEqual([
      ['alarm', 'sent', 200],
      ['alarm', 'sent', 200],
    ]);
  });

  it('is changed by an administrator only: values added, the customer refused in words', async () => {
    const change = { name: 'SCADA', url: receiver.url, pushValues: true, pushAlarms: true };
    const refused = await world.owner.call('PUT', `/iot/data-push/${targetId}`, change);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Data push creation no longer supported (contact sales)');
    const outside = await admin.call('PUT', `/iot/data-push/${targetId}`, {
      ...change,
      url: 'https://elsewhere.example/',
    });
    expect(outside.json().data).toEqual([{ field: 'url', msg: 'The data push URL must start with http://127.0.0.1' }]);
    const res = await admin.call('PUT', `/iot/data-push/${targetId}`, change);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ pushValues: true, pushAlarms: true });
    expect((await report({ Temperature: 21 })).statusCode).toBe(200);
    const [latest] = await deliveriesOf(targetId, 3);
    expect(latest).toMatchObject({ kind: 'values', values: 1 });
  });
});
