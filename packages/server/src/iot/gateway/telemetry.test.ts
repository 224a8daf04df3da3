import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { closeTelemetry, telemetryFor } from '../telemetry/index.ts';
import { DTU_DEFAULTS, startDtuServer } from './server.ts';
import { connectDtu, plantSlave, plantTemplate, registrationOf, until } from './testing.ts';

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
  const server = await startDtuServer(t.db, log, telemetryFor(t.db, t.config, log), {
    ...DTU_DEFAULTS,
    host: '127.0.0.1',
    port: 0,
    readTimeoutMs: 150,
    registrationQuietMs: 50,
  });
  try {
    const dtu = await connectDtu(server.port, registrationOf(sn, 'secret12'), [plantSlave()]);
    const latest = () =>
      t.db.kysely
        .selectFrom('telemetry_latest')
        .select('num')
        .where('device_id', '=', deviceId)
        .where('point_id', '=', humidity)
        .executeTakeFirst();
    await until(async () => (await latest())?.num === 65.5, 8000);
    const status = async () =>
      (await t.db.kysely.selectFrom('devices').select('status').where('id', '=', deviceId).executeTakeFirstOrThrow())
        .status;
    expect(await status()).toBe('online');
    dtu.close();
    await until(async () => (await status()) === 'offline', 8000);
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
