import {
  ModbusSlave,
  type RunningOnvifCamera,
  SimulatedMqttDevice,
  startOnvifCamera,
  Ticker,
} from '@meridian/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { mainAccount } from '../devices/testing.ts';
import { type RunningBroker, startBroker } from '../mqtt/broker.ts';
import { buildMqttWorld, type MqttWorld, PASSWORD, RecordingTelemetry } from '../mqtt/testing.ts';

const log = memoryLogger().logger;
let t: TestApp;
let world: MqttWorld;
let broker: RunningBroker;
let camera: RunningOnvifCamera;
let other: Caller;
const sims: SimulatedMqttDevice[] = [];
/** An edge gateway on the camera's LAN, and a plain MQTT meter that knows nothing of cameras. */
let gateway: { id: number; sn: string };
let meter: { id: number; sn: string };

async function connect(device: { sn: string }, edge: boolean) {
  const sim = new SimulatedMqttDevice({
    url: `mqtt://127.0.0.1:${broker.port}`,
    sn: device.sn,
    password: PASSWORD,
    values: new ModbusSlave(1, []),
    intervalSeconds: 3600,
    statusSeconds: 0,
    ticker: new Ticker(),
    ...(edge ? { edge: { onvif: { waitMs: 300, targets: [camera.discovery] } } } : {}),
  });
  sims.push(sim);
  await sim.start();
}

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildMqttWorld(t);
  other = await mainAccount(t);
  broker = await startBroker({
    db: t.db,
    log,
    telemetry: new RecordingTelemetry(),
    port: 0,
    host: '127.0.0.1',
    retentionDays: 35,
    commandTimeoutMs: 5000,
    holder: { name: 'onvif-test', ready: Promise.resolve() },
  });
  camera = await startOnvifCamera({
    username: 'admin',
    password: 'Cam3ra!',
    rtspUrl: 'rtsp://127.0.0.1:8554/pumproom',
    name: 'Pump room',
  });
  gateway = await world.addDevice({ name: 'Edge gateway' });
  meter = await world.addDevice({ name: 'Meter' });
  await connect(gateway, true);
  await connect(meter, false);
});
afterAll(async () => {
  for (const sim of sims) await sim.stop();
  await broker.stop();
  await camera.close();
  await t.close();
});

const discover = (by: Caller, deviceId: number) => by.post('/iot/cameras/onvif/discover', { deviceId });
const profiles = (by: Caller, body: Record<string, unknown>) => by.post('/iot/cameras/onvif/profiles', body);

describe('adding cameras from an ONVIF discovery on an edge gateway’s LAN', () => {
  it('lists the cameras the gateway found, then one camera’s streams, and the caller saves one', async () => {
    const found = await discover(world.owner, gateway.id);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.cameras).toEqual([
      { endpoint: camera.endpoint, xaddrs: [camera.xaddr], name: 'Pump room', hardware: 'DS-2CD2T47' },
    ]);
    const asked = await profiles(world.owner, {
      deviceId: gateway.id,
      xaddr: camera.xaddr,
      username: 'admin',
      password: 'Cam3ra!',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(
      asked.json().data.profiles.map((p: { name: string; uri: string; width: number }) => [p.name, p.uri, p.width]),
    ).toEqual([
      ['mainStream', 'rtsp://127.0.0.1:8554/pumproom', 1280],
      ['subStream', 'rtsp://127.0.0.1:8554/pumproom?sub=1', 640],
    ]);
    // Both asks are audited; the camera's password is in neither.
    const audits = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'like', 'camera.onvif.%')
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['camera.onvif.discover', 'camera.onvif.profiles']);
    expect(JSON.stringify(audits)).not.toContain('Cam3ra!');
    // The page puts the credentials into the address it saves, shown masked as any camera's.
    const saved = await world.owner.post('/iot/cameras', {
      name: 'Pump room',
      streamUrl: 'rtsp://admin:Cam3ra!@127.0.0.1:8554/pumproom',
      deviceIds: [gateway.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ kind: 'rtsp', devices: [{ id: gateway.id }] });
    expect(saved.json().data.streamUrl).not.toContain('Cam3ra!');
  });

  it('says in words when the camera refuses the password, the gateway cannot probe, or the device is offline', async () => {
    const refused = await profiles(world.owner, {
      deviceId: gateway.id,
      xaddr: camera.xaddr,
      username: 'admin',
      password: 'wrong',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The camera refused the user name or password; check them and try again');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/iot/cameras/onvif/discover',
      headers: { ...as(world.owner.token), 'accept-language': 'zh-CN' },
      payload: { deviceId: meter.id },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('该网关不支持 ONVIF 摄像头搜索，请升级网关固件或手动填写视频流地址');
    const unreachable = await profiles(world.owner, {
      deviceId: gateway.id,
      xaddr: 'http://127.0.0.1:9/onvif/device_service',
      username: 'admin',
      password: 'x',
    });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.json().message).toBe('The gateway cannot reach the camera; check that it is online');
    const offline = await world.addDevice({ name: 'Not connected' });
    expect((await discover(world.owner, offline.id)).statusCode).toBe(409);
  });

  it('refuses bad input and other accounts’ gateways', async () => {
    const bad = await profiles(world.owner, { deviceId: gateway.id, xaddr: 'ftp://x', username: '', password: 'p' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual(
      expect.arrayContaining([
        { field: 'xaddr', msg: 'The camera’s service address is http(s)://… (at most 300 characters)' },
        { field: 'username', msg: 'Enter the camera’s user name (at most 64 characters)' },
      ]),
    );
    expect((await discover(other, gateway.id)).statusCode).toBe(404);
  });
});
