import { DATA_PUSH_PAUSE_AFTER } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobContextOf, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { runJobsUntilSettled } from '../../platform/jobs/testing.ts';
import type { JobWorker } from '../../platform/jobs/worker.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildMqttWorld, type MqttWorld } from '../mqtt/testing.ts';
import { DATA_PUSH_JOB, DATA_PUSH_KEPT_DAYS, dataPushDeliveriesCleanup } from './push.ts';
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

const runOutbox = () => runJobsUntilSettled(worker, t.db, DATA_PUSH_JOB);

/** Waits until telemetry's listener has queued a delivery for the target beyond `seen`. */
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

describe('creating a data push target', () => {
  it('is refused to a customer, in words, in both languages', async () => {
    const body = { ownerId: world.owner.user.id, name: 'ERP', url: receiver.url };
    const en = await world.owner.post('/iot/data-push', body);
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe('Data push creation no longer supported (contact sales)');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/iot/data-push',
      headers: { ...as(world.owner.token), 'accept-language': 'zh-CN' },
      payload: body,
    });
    expect(zh.statusCode).toBe(403);
    expect(zh.json().message).toBe('数据推送已不再支持新建（请联系销售）');
    // Nothing was made.
    expect((await world.owner.get('/iot/data-push')).json().data.list).toEqual([]);
  });

  it('refuses a URL outside the configured prefix, even to an administrator', async () => {
    const res = await admin.post('/iot/data-push', {
      ownerId: world.owner.user.id,
      name: 'Elsewhere',
      url: 'https://collector.example.com/push',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field: 'url', msg: 'The data push URL must start with http://127.0.0.1' }]);
  });

  it('is made by an administrator for an account, its secret shown once and kept sealed', async () => {
    const res = await admin.post('/iot/data-push', { ownerId: world.owner.user.id, name: 'ERP', url: receiver.url });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    targetId = created.id;
    receiver.state.secret = created.secret;
    expect(created).toMatchObject({ name: 'ERP', state: 'active', url: receiver.url });
    const row = await t.db.kysely
      .selectFrom('data_push_targets')
      .select('secret')
      .where('id', '=', targetId)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(created.secret);
    // The owner sees it without its secret; another account does not see it.
    const list = (await world.owner.get('/iot/data-push')).json().data.list;
    expect(list).toEqual([expect.objectContaining({ id: targetId, name: 'ERP' })]);
    expect(list[0]).not.toHaveProperty('secret');
    const stranger = await buildMqttWorld(t);
    expect((await stranger.owner.get('/iot/data-push')).json().data.list).toEqual([]);
    expect((await stranger.owner.post(`/iot/data-push/${targetId}/pause`)).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it("forwards a device's report in one signed request, retried after the receiver fails", async () => {
    receiver.state.answers = [503];
    expect((await report({ Temperature: 21.5, Label: 'north' })).statusCode).toBe(200);
    const [queued] = await deliveriesOf(targetId, 1);
    expect(queued).toMatchObject({ state: 'queued', devices: 1, values: 2 });
    await runOutbox();
    expect(receiver.state.refused).toBe(1);
    expect(receiver.state.received).toHaveLength(1);
    const [push] = receiver.state.received;
    expect(push?.signed).toBe(true);
    expect(push?.body.devices).toEqual([
      expect.objectContaining({
        deviceId: device.id,
        values: expect.arrayContaining([
          expect.objectContaining({ name: 'Temperature', value: 21.5 }),
          expect.objectContaining({ name: 'Label', value: 'north' }),
        ]),
      }),
    ]);
    const [sent] = await deliveriesOf(targetId, 1);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, status: 200, error: null });
    const view = (await world.owner.get(`/iot/data-push/${targetId}`)).json().data;
    expect(view).toMatchObject({ state: 'active', failuresInRow: 0 });
    expect(view.lastSentAt).toBeGreaterThan(0);
  });

  it('sends nothing while its owner pauses it, and again once resumed', async () => {
    expect((await world.owner.post(`/iot/data-push/${targetId}/pause`)).json().data.state).toBe('paused');
    const before = (await deliveriesOf(targetId, 1)).length;
    expect((await report({ Temperature: 22 })).statusCode).toBe(200);
    // The ingest answers once the values are committed; the listener then finds no active target.
    await runOutbox();
    expect((await deliveriesOf(targetId, 1)).length).toBe(before);
    expect((await world.owner.post(`/iot/data-push/${targetId}/resume`)).json().data.state).toBe('active');
    expect((await report({ Temperature: 23 })).statusCode).toBe(200);
    await deliveriesOf(targetId, before + 1);
    await runOutbox();
    expect(receiver.state.received.at(-1)?.body.devices[0]?.values).toEqual([
      expect.objectContaining({ name: 'Temperature', value: 23 }),
    ]);
  });

  it(`pauses a target after ${DATA_PUSH_PAUSE_AFTER} failures in a row, with the reason shown`, async () => {
    const before = (await deliveriesOf(targetId, 1)).length;
    receiver.state.answers = Array.from({ length: DATA_PUSH_PAUSE_AFTER }, () => 500);
    expect((await report({ Temperature: 30 })).statusCode).toBe(200);
    await deliveriesOf(targetId, before + 1);
    await runOutbox();
    const view = (await world.owner.get(`/iot/data-push/${targetId}`)).json().data;
    expect(view).toMatchObject({ state: 'paused', failuresInRow: DATA_PUSH_PAUSE_AFTER });
    expect(view.pausedReason).toContain('HTTP 500');
    const [last] = await deliveriesOf(targetId, before + 1);
    expect(last).toMatchObject({ state: 'failed', attempts: DATA_PUSH_PAUSE_AFTER, status: 500, error: 'HTTP 500' });
  });

  it(`keeps finished deliveries ${DATA_PUSH_KEPT_DAYS} days, without their bodies`, async () => {
    const rows = await t.db.kysely.selectFrom('data_push_deliveries').select(['state', 'body']).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.state !== 'queued' && r.body === '')).toBe(true);
    const ctx = jobContextOf(t);
    expect(await dataPushDeliveriesCleanup.run(t.db, Date.now(), ctx)).toBe(0);
    const later = Date.now() + (DATA_PUSH_KEPT_DAYS + 1) * 86_400_000;
    expect(await dataPushDeliveriesCleanup.run(t.db, later, ctx)).toBe(rows.length);
    expect((await world.owner.get(`/iot/data-push/${targetId}/deliveries`)).json().data.list).toEqual([]);
  });
});
