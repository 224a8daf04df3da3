import type { ChildProcess } from 'node:child_process';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it, onTestFailed } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { freePort, type MeridianProcess, spawnMeridian, untilRunning } from '../../../test/processes.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import { buildMqttWorld, connectDevice, type MqttWorld } from '../mqtt/testing.ts';
import { connectDtu, plantSlave, plantTemplate, registrationOf } from './testing.ts';

interface Gateway extends MeridianProcess {
  dtuPort: number;
  mqttPort: number;
}

const running = new Set<ChildProcess>();

/** A gateway process (`main.ts --services=gateway`) on the test's database, started as an operator would. */
async function startGateway(name: string, ports?: { dtuPort: number; mqttPort: number }): Promise<Gateway> {
  const dtuPort = ports?.dtuPort ?? (await freePort());
  const mqttPort = ports?.mqttPort ?? (await freePort());
  const gateway = spawnMeridian(
    {
      NODE_ENV: 'test',
      DEMO_DATA: 'off',
      DATABASE_URL: t.config.databaseUrl,
      DTU_PORT: String(dtuPort),
      MQTT_PORT: String(mqttPort),
      GATEWAY_ID: name,
    },
    ['--services=gateway'],
  );
  running.add(gateway.child);
  void gateway.exited.then(() => running.delete(gateway.child));
  await untilRunning(gateway);
  return { ...gateway, dtuPort, mqttPort };
}

let t: TestApp;
let mqttWorld: MqttWorld;
let dtuTemplate: number;
let owner: Awaited<ReturnType<typeof mainAccount>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  dtuTemplate = (await owner.post('/iot/templates', plantTemplate('Plant Controller'))).json().data.id;
  mqttWorld = await buildMqttWorld(t);
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await t.close();
});

async function dtuDevice() {
  const sn = newSn();
  const id = await buildDevice(owner, { sn, commPassword: 'secret12', templateId: dtuTemplate, queryInterval: 1 });
  return { id, sn, registration: registrationOf(sn, 'secret12') };
}

/** The device's status and its online/offline records, oldest first. */
async function stateOf(deviceId: number) {
  const k = t.db.kysely;
  const { status } = await k
    .selectFrom('devices')
    .select('status')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const records = await k
    .selectFrom('device_online_records')
    .select(['state', 'reason', 'transport'])
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute();
  return { status, records };
}

const closedOf = (client: MqttClient) => new Promise<void>((resolve) => client.once('close', () => resolve()));

it('after a crash, the restarted gateway takes its devices offline at once ("the cloud restarted"), and they come back online', async () => {
  const dtu = await dtuDevice();
  const mqtt = await mqttWorld.addDevice();
  const elsewhere = await dtuDevice();

  const a = await startGateway('gw-a');
  const b = await startGateway('gw-b');
  const gateways = [a, b];
  onTestFailed(() => {
    for (const g of gateways) console.log(g.output());
  });
  const dtuLink = await connectDtu(a.dtuPort, dtu.registration, [plantSlave()]);
  const mqttLink = await connectDevice(a.mqttPort, mqtt.sn);
  const mqttClosed = closedOf(mqttLink);
  await connectDtu(b.dtuPort, elsewhere.registration, [plantSlave()]);
  for (const id of [dtu.id, mqtt.id, elsewhere.id])
    await expect.poll(async () => (await stateOf(id)).status, { timeout: 15_000 }).toBe('online');

  // A crash: no shutdown runs, the kernel closes the process's sockets.
  a.child.kill('SIGKILL');
  await a.exited;
  await dtuLink.closed;
  await mqttClosed;
  mqttLink.end(true);
  // Nobody was left to say so.
  expect((await stateOf(dtu.id)).status).toBe('online');

  const a2 = await startGateway('gw-a', { dtuPort: a.dtuPort, mqttPort: a.mqttPort });
  gateways.push(a2);
  // Offline as soon as the new process is up, before anything reconnects.
  expect(await stateOf(dtu.id)).toEqual({
    status: 'offline',
    records: [
      { state: 'online', reason: null, transport: 'tcp' },
      { state: 'offline', reason: 'restarted', transport: null },
    ],
  });
  expect(await stateOf(mqtt.id)).toEqual({
    status: 'offline',
    records: [
      { state: 'online', reason: null, transport: 'mqtt' },
      { state: 'offline', reason: 'restarted', transport: null },
    ],
  });
  // The other gateway's device is not the restarted process's business.
  expect(await stateOf(elsewhere.id)).toEqual({
    status: 'online',
    records: [{ state: 'online', reason: null, transport: 'tcp' }],
  });

  await connectDtu(a2.dtuPort, dtu.registration, [plantSlave()]);
  const again = await connectDevice(a2.mqttPort, mqtt.sn);
  try {
    await expect.poll(async () => (await stateOf(dtu.id)).status, { timeout: 15_000 }).toBe('online');
    await expect.poll(async () => (await stateOf(mqtt.id)).status, { timeout: 15_000 }).toBe('online');
    expect((await stateOf(dtu.id)).records.at(-1)).toEqual({ state: 'online', reason: null, transport: 'tcp' });
    expect((await stateOf(mqtt.id)).records.at(-1)).toEqual({ state: 'online', reason: null, transport: 'mqtt' });

    // A clean stop says the same: the cloud went away, not the device.
    a2.child.kill('SIGTERM');
    expect(await a2.exited).toBe(0);
    expect((await stateOf(dtu.id)).records.at(-1)).toEqual({ state: 'offline', reason: 'restarted', transport: null });
    expect((await stateOf(mqtt.id)).records.at(-1)).toEqual({
      state: 'offline',
      reason: 'restarted',
      transport: null,
    });
    expect((await stateOf(elsewhere.id)).status).toBe('online');
  } finally {
    again.end(true);
    b.child.kill('SIGTERM');
    await b.exited;
  }
}, 120_000);
