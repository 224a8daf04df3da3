import { ModbusSlave, SimulatedMqttDevice, Ticker } from '@meridian/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { type RunningBroker, startBroker } from '../mqtt/broker.ts';
import { buildMqttWorld, type MqttWorld, PASSWORD, RecordingTelemetry } from '../mqtt/testing.ts';
import { type ConfigRunner, startConfigRunner } from './runner.ts';

const log = memoryLogger().logger;
let t: TestApp;
let world: MqttWorld;
let broker: RunningBroker;
let runner: ConfigRunner;
const devices: SimulatedMqttDevice[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildMqttWorld(t);
  broker = await startBroker({
    db: t.db,
    log,
    telemetry: new RecordingTelemetry(),
    port: 0,
    host: '127.0.0.1',
    retentionDays: 35,
    commandTimeoutMs: 1000,
    // The embedded broker's connections are held here (an external broker's are not, and take no configuration).
    holder: { name: 'mqtt-config-test', ready: Promise.resolve() },
  });
  runner = await startConfigRunner(t.db, 'mqtt-config-test', log, { everyMs: 100, claimMs: 10_000 });
});
afterAll(async () => {
  for (const d of devices) await d.stop();
  await runner.stop();
  await broker.stop();
  await t.close();
});

it('sends an MQTT device its JSON configuration, which it acknowledges: success', async () => {
  const d = await world.addDevice();
  const sim = new SimulatedMqttDevice({
    url: `mqtt://127.0.0.1:${broker.port}`,
    sn: d.sn,
    password: PASSWORD,
    values: new ModbusSlave(1, []),
    intervalSeconds: 3600,
    statusSeconds: 0,
    ticker: new Ticker(),
  });
  devices.push(sim);
  await sim.start();
  const profile = await world.owner.post('/iot/config/profiles', {
    kind: 'mqtt',
    name: 'Report every minute',
    mqtt: { document: '{"interval": 60, "unit": "C"}' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const applied = await world.owner.post(`/iot/config/profiles/${profile.json().data.id}/apply`, { deviceIds: [d.id] });
  expect(applied.statusCode, applied.body).toBe(200);
  await expect
    .poll(async () => (await world.owner.get('/iot/config/devices')).json().data.list[0]?.state, { timeout: 10_000 })
    .toBe('success');
  expect(sim.config).toEqual({ interval: 60, unit: 'C' });
});
