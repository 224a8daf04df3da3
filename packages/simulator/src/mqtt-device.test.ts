import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimulatedMqttDevice } from './mqtt-device.ts';
import { profile } from './profiles.ts';
import { ModbusSlave } from './slave.ts';
import { Ticker } from './stats.ts';

const SN = 'SIMM0000000000000001';
const PASSWORD = 'Pa55word';

let broker: Aedes;
let server: Server;
let url: string;
let logins: { clientId: string; username?: string; password?: string }[];
const devices: SimulatedMqttDevice[] = [];

beforeEach(async () => {
  logins = [];
  broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      logins.push({ clientId: client.id, username, password: password?.toString() });
      done(null, username === SN && password?.toString() === PASSWORD);
    },
  });
  server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `mqtt://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.stop()));
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function start(failRate = 0): Promise<SimulatedMqttDevice> {
  const device = new SimulatedMqttDevice({
    url,
    sn: SN,
    password: PASSWORD,
    values: new ModbusSlave(1, profile('greenhouse')),
    statusSeconds: 0,
    failRate,
    ticker: new Ticker(),
  });
  devices.push(device);
  await device.start();
  return device;
}

/** A client of the test's own, standing in for the cloud side: collects what the device publishes. */
async function cloud() {
  const client = await mqtt.connectAsync(url, { clientId: 'cloud', username: SN, password: PASSWORD });
  const received: { topic: string; body: Record<string, unknown> }[] = [];
  client.on('message', (topic, payload) => received.push({ topic, body: JSON.parse(payload.toString()) }));
  await client.subscribeAsync(`devices/${SN}/#`);
  /** The first message on `topic` not yet taken, once it has come (at most 5 s). */
  const next = async (topic: string) => {
    const at = await vi.waitFor(
      () => {
        const found = received.findIndex((m) => m.topic === topic);
        if (found < 0) throw new Error(`nothing on ${topic}`);
        return found;
      },
      { timeout: 5000 },
    );
    return received.splice(at, 1)[0].body;
  };
  return { client, next };
}

describe('a simulated MQTT device', () => {
  it('connects with its SN as client id and user name and its password, and publishes values by point name', async () => {
    const device = await start();
    const { client, next } = await cloud();
    expect(logins[0]).toEqual({ clientId: SN, username: SN, password: PASSWORD });
    await device.publish();
    const up = await next(`devices/${SN}/up`);
    expect(typeof up.ts).toBe('number');
    const values = up.values as Record<string, number>;
    expect(Object.keys(values)).toEqual(profile('greenhouse').map((s) => s.name));
    expect(values['Air humidity']).toBeGreaterThanOrEqual(40);
    expect(values['Air humidity']).toBeLessThanOrEqual(95);

    await device.publishStatus();
    const status = await next(`devices/${SN}/status`);
    expect(status.signal).toBeGreaterThanOrEqual(0);
    expect(status.signal).toBeLessThanOrEqual(31);
    expect(status.battery).toBeGreaterThan(0);
    await client.endAsync();
  });

  it('carries out a write from the down topic, acknowledges it and publishes the new value', async () => {
    await start();
    const { client, next } = await cloud();
    await client.publishAsync(`devices/${SN}/down`, JSON.stringify({ id: 'c1', write: { 'Fan speed setpoint': 80 } }));
    expect(await next(`devices/${SN}/ack`)).toEqual({ id: 'c1', ok: true });
    expect(((await next(`devices/${SN}/up`)).values as Record<string, number>)['Fan speed setpoint']).toBe(80);
    await client.endAsync();
  });

  it('refuses a write to a read-only or unknown point, or of a value that is not a number, saying why', async () => {
    await start();
    const { client, next } = await cloud();
    const send = (body: object) => client.publishAsync(`devices/${SN}/down`, JSON.stringify(body));
    await send({ id: 'c2', write: { 'Air temperature': 10 } });
    expect(await next(`devices/${SN}/ack`)).toEqual({
      id: 'c2',
      ok: false,
      error: 'Air temperature is not a writable point',
    });
    await send({ id: 'c3', write: { 'Fan speed setpoint': 'fast' } });
    expect(await next(`devices/${SN}/ack`)).toEqual({
      id: 'c3',
      ok: false,
      error: 'value of Fan speed setpoint is not a number',
    });
    await client.endAsync();
  });

  it('answers a failed execution when its actuator fails', async () => {
    await start(1);
    const { client, next } = await cloud();
    await client.publishAsync(`devices/${SN}/down`, JSON.stringify({ id: 'c4', write: { 'Irrigation valve': true } }));
    expect(await next(`devices/${SN}/ack`)).toEqual({ id: 'c4', ok: false, error: 'actuator did not respond' });
    await client.endAsync();
  });
});
