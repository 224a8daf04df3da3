import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { closeTelemetry, telemetryFor } from '../telemetry/index.ts';
import {
  connectDtu,
  plantSlave,
  plantTemplate,
  registrationOf,
  startTestDtuServer,
  type TestSlave,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await closeTelemetry(t.db);
  await t.close();
});

it('with the real telemetry: a polled DTU is online, its latest values kept, and offline once it disconnects', async () => {
  const owner = await mainAccount(t);
  const template = await owner.post('/iot/templates', plantTemplate('Plant Controller'));
  const humidity = template.json().data.points.find((p: { name: string }) => p.name === 'Humidity').id;
  const sn = newSn();
  const deviceId = await buildDevice(owner, {
    sn,
    commPassword: 'secret12',
    templateId: template.json().data.id,
    queryInterval: 1,
  });
  const log = memoryLogger().logger;
  const server = await startTestDtuServer(t.db, log, { readTimeoutMs: 150 }, telemetryFor(t.db, t.config, log));
  try {
    const dtu = await connectDtu(server.port, registrationOf(sn, 'secret12'), [plantSlave()]);
    const latest = () =>
      t.db.kysely
        .selectFrom('telemetry_latest')
        .select('num')
        .where('device_id', '=', deviceId)
        .where('point_id', '=', humidity)
        .executeTakeFirst();
    await expect.poll(async () => (await latest())?.num, { timeout: 8000 }).toBe(65.5);
    const status = async () =>
      (await t.db.kysely.selectFrom('devices').select('status').where('id', '=', deviceId).executeTakeFirstOrThrow())
        .status;
    expect(await status()).toBe('online');
    dtu.close();
    await expect.poll(async () => await status(), { timeout: 8000 }).toBe('offline');
    const records = await t.db.kysely
      .selectFrom('device_online_records')
      .select(['state', 'reason'])
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute();
    expect(records).toEqual([
      { state: 'online', reason: null },
      { state: 'offline', reason: 'disconnected' },
    ]);
  } finally {
    await server.stop();
  }
}, 30_000);

/** The device's status and its records, newest last, with the reason in English as the records page shows it. */
async function stateOf(owner: Caller, deviceId: number) {
  const device = await t.db.kysely
    .selectFrom('devices')
    .select('status')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const res = await owner.call('GET', `/iot/online-records?deviceId=${deviceId}&size=50`);
  const list = res.json().data.list as Array<{ state: string; reason: string | null; reasonText: string | null }>;
  return {
    status: device.status,
    records: list.reverse().map(({ state, reason, reasonText }) => ({ state, reason, reasonText })),
  };
}

it('a DTU whose slave stops answering goes to "fault" after 3 polls, with a record, and back online when it answers', async () => {
  const owner = await mainAccount(t);
  const template = await owner.post('/iot/templates', plantTemplate('Faulty Plant'));
  const sn = newSn();
  const deviceId = await buildDevice(owner, {
    sn,
    commPassword: 'secret12',
    templateId: template.json().data.id,
    queryInterval: 1,
  });
  const log = memoryLogger().logger;
  const server = await startTestDtuServer(
    t.db,
    log,
    { readTimeoutMs: 100, retries: 0 },
    telemetryFor(t.db, t.config, log),
  );
  const slave: TestSlave = plantSlave();
  try {
    await connectDtu(server.port, registrationOf(sn, 'secret12'), [slave]);
    const polls = () => slave.requests.filter((r) => r.fn === 3).length;
    await expect
      .poll(async () => (await stateOf(owner, deviceId)).status === 'online' && polls() > 0, { timeout: 8000 })
      .toBe(true);

    slave.fault = 'noReply';
    const silentFrom = polls();
    await expect.poll(async () => (await stateOf(owner, deviceId)).status, { timeout: 15_000 }).toBe('fault');
    // Not before the third poll without an answer.
    expect(polls() - silentFrom).toBeGreaterThanOrEqual(3);
    expect((await stateOf(owner, deviceId)).records.at(-1)).toEqual({
      state: 'fault',
      reason: 'slaveNoReply',
      reasonText: 'Slave no reply',
    });

    slave.fault = 'none';
    await expect.poll(async () => (await stateOf(owner, deviceId)).status, { timeout: 8000 }).toBe('online');
    expect((await stateOf(owner, deviceId)).records.at(-1)).toEqual({
      state: 'online',
      reason: 'recovered',
      reasonText: 'The slaves answer again',
    });

    // Replies that cannot be read are "data collection failed".
    slave.fault = 'badCrc';
    await expect.poll(async () => (await stateOf(owner, deviceId)).status, { timeout: 15_000 }).toBe('fault');
    slave.fault = 'none';
    await expect.poll(async () => (await stateOf(owner, deviceId)).status, { timeout: 8000 }).toBe('online');
    expect((await stateOf(owner, deviceId)).records).toEqual([
      { state: 'online', reason: null, reasonText: null },
      { state: 'fault', reason: 'slaveNoReply', reasonText: 'Slave no reply' },
      { state: 'online', reason: 'recovered', reasonText: 'The slaves answer again' },
      { state: 'fault', reason: 'collectFailed', reasonText: 'Data collection failed' },
      { state: 'online', reason: 'recovered', reasonText: 'The slaves answer again' },
    ]);
  } finally {
    await server.stop();
  }
}, 60_000);
