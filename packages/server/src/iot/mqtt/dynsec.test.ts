import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { peerRuns } from '@meridian/simulator/peers';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { freePort } from '../../../test/processes.ts';
import type { RunningBroker } from './broker.ts';
import { brokerSyncJob, DynsecControl, syncBroker } from './dynsec.ts';
import { startExternal } from './external.ts';
import { buildMqttWorld, connectDevice, type MqttWorld, PASSWORD, RecordingTelemetry } from './testing.ts';

// Debian's Mosquitto with its dynamic security plugin: Meridian keeps each device's client there.
const MOSQUITTO = '/usr/sbin/mosquitto';
const PLUGIN = ['x86_64-linux-gnu', 'aarch64-linux-gnu']
  .map((arch) => `/usr/lib/${arch}/mosquitto_dynamic_security.so`)
  .find((path) => existsSync(path));
const dynsecRuns = peerRuns({
  name: 'Mosquitto with dynamic security',
  install: 'apt-get install -y mosquitto',
  runs: () =>
    PLUGIN !== undefined && /mosquitto version/.test(spawnSync(MOSQUITTO, ['-h'], { encoding: 'utf8' }).stdout ?? ''),
});

const ADMIN = { user: 'dynsec-admin', password: 'Adm1n-secret' };
const GATEWAY = { username: 'meridian-gateway', password: 'Gw-secret-1' };

let t: TestApp;
let world: MqttWorld;
let mosquitto: ChildProcess;
let port: number;
let dir: string;
let control: DynsecControl;
let gateway: RunningBroker | undefined;
const telemetry = new RecordingTelemetry();

const sync = () => syncBroker(t.db.kysely, control, GATEWAY);

beforeAll(async () => {
  if (!dynsecRuns) return;
  t = await buildTestApp();
  world = await buildMqttWorld(t);
  port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'mosquitto-dynsec-'));
  const init = spawnSync('mosquitto_ctrl', ['dynsec', 'init', join(dir, 'dynsec.json'), ADMIN.user, ADMIN.password], {
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`dynsec init failed: ${init.stderr}`);
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'persistence false',
      // Started as root, Mosquitto becomes the `mosquitto` user, who cannot read this private folder.
      `user ${userInfo().username}`,
      `plugin ${PLUGIN}`,
      `plugin_opt_config_file ${join(dir, 'dynsec.json')}`,
      '',
    ].join('\n'),
  );
  mosquitto = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  const admin = `mqtt://${ADMIN.user}:${ADMIN.password}@127.0.0.1:${port}`;
  control = await vi.waitFor(() => DynsecControl.connect(admin), { timeout: 5_000, interval: 100 });
});
afterAll(async () => {
  if (!dynsecRuns) return;
  await gateway?.stop();
  await control.close();
  mosquitto.kill();
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** What the broker answers a device's CONNECT: connected, or the refusal's message. */
async function connects(sn: string, password = PASSWORD): Promise<true | string> {
  try {
    const client = await connectDevice(port, sn, { password, protocolVersion: 5 });
    await client.endAsync();
    return true;
  } catch (error) {
    return (error as Error).message;
  }
}

describe.runIf(dynsecRuns)('device clients in Mosquitto’s dynamic security', () => {
  it('lets in each enabled MQTT device with its password, on its own topics only, and the gateway reads them', async () => {
    const a = await world.addDevice();
    const b = await world.addDevice();
    const off = await world.addDevice({ enabled: false });
    // Before the sync the broker knows no device.
    expect(await connects(a.sn)).not.toBe(true);

    expect(await sync()).toEqual({ added: 2, changed: 0, removed: 0 });
    expect(await connects(a.sn)).toBe(true);
    expect(await connects(a.sn, 'wrong-password')).toMatch(/not authorized|bad user name or password/i);
    expect(await connects(off.sn)).not.toBe(true);

    // The gateway's own client, made by the sync, reads the devices through its shared subscription.
    gateway = await startExternal({
      db: t.db,
      log: memoryLogger().logger,
      telemetry,
      url: `mqtt://${GATEWAY.username}:${GATEWAY.password}@127.0.0.1:${port}`,
      retentionDays: 35,
      clientId: `meridian-dynsec-test-${port}`,
      commandTimeoutMs: 2000,
    });
    const device = await connectDevice(port, a.sn, { protocolVersion: 5 });
    await device.publishAsync(`devices/${a.sn}/up`, JSON.stringify({ values: { Temperature: 21.5 } }), { qos: 1 });
    await expect.poll(() => telemetry.records.some((r) => r.deviceId === a.id), { timeout: 5_000 }).toBe(true);

    // A's publish on B's topic is refused by the broker (MQTT 5: PUBACK "not authorized") and never read.
    await expect(
      device.publishAsync(`devices/${b.sn}/up`, JSON.stringify({ values: { Temperature: 99 } }), { qos: 1 }),
    ).rejects.toThrow(/not authorized/i);
    // Nor may it listen to what is sent down to B.
    await expect(device.subscribeAsync(`devices/${b.sn}/down`, { qos: 1 })).rejects.toThrow(/not authorized/i);
    await device.endAsync();
    expect(telemetry.records.some((r) => r.deviceId === b.id)).toBe(false);

    // A second sync has nothing to do.
    expect(await sync()).toEqual({ added: 0, changed: 0, removed: 0 });
  });

  it('follows a changed password, a disabled device and a deleted one, and disconnects them', async () => {
    const c = await world.addDevice();
    const d = await world.addDevice();
    await sync();
    const connected = await connectDevice(port, d.sn, { protocolVersion: 5 });
    const kicked = new Promise<void>((resolve) => connected.once('close', () => resolve()));

    await t.db.kysely.updateTable('devices').set({ comm_password: 'N3w-password' }).where('id', '=', c.id).execute();
    await t.db.kysely.updateTable('devices').set({ enabled: false }).where('id', '=', d.id).execute();
    expect(await sync()).toEqual({ added: 0, changed: 1, removed: 1 });
    expect(await connects(c.sn)).not.toBe(true);
    expect(await connects(c.sn, 'N3w-password')).toBe(true);
    expect(await connects(d.sn)).not.toBe(true);
    // The disabled device's open connection is closed by the broker.
    await kicked;

    await t.db.kysely.deleteFrom('devices').where('id', '=', c.id).execute();
    expect(await sync()).toEqual({ added: 0, changed: 0, removed: 1 });
    expect(await connects(c.sn, 'N3w-password')).not.toBe(true);
  });

  it('makes up a sync that died half-way: clients the broker has but Meridian did not record', async () => {
    const e = await world.addDevice();
    await sync();
    await t.db.kysely.deleteFrom('mqtt_broker_clients').where('sn', '=', e.sn).execute();
    await t.db.kysely.updateTable('devices').set({ comm_password: 'Another-1' }).where('id', '=', e.id).execute();
    expect(await sync()).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(await connects(e.sn, 'Another-1')).toBe(true);
  });

  it('refuses a control connection with the wrong administrator password', async () => {
    await expect(DynsecControl.connect(`mqtt://${ADMIN.user}:nope@127.0.0.1:${port}`)).rejects.toThrow(
      /not authorized|bad user name or password/i,
    );
    // Not the administrator: a device's account cannot reach the plugin's control topic.
    const e = await world.addDevice();
    await sync();
    const sneaky = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      clientId: e.sn,
      username: e.sn,
      password: PASSWORD,
      protocolVersion: 5,
      reconnectPeriod: 0,
    });
    await expect(
      sneaky.publishAsync('$CONTROL/dynamic-security/v1', JSON.stringify({ commands: [{ command: 'listClients' }] }), {
        qos: 1,
      }),
    ).rejects.toThrow(/not authorized/i);
    await sneaky.endAsync();
  });

  it('runs as a job each minute, only where MQTT_ADMIN_URL names the administrator', async () => {
    const f = await world.addDevice();
    const run = (settings: Partial<typeof t.config>) =>
      brokerSyncJob.run(
        { id: 1, kind: brokerSyncJob.kind, payload: {}, attempt: 1, maxAttempts: 1 },
        {
          db: t.db,
          log: memoryLogger().logger,
          config: { ...t.config, ...settings },
          signal: new AbortController().signal,
        },
      );
    const broker = `mqtt://${GATEWAY.username}:${GATEWAY.password}@127.0.0.1:${port}`;
    await run({ MQTT_ADMIN_URL: undefined, MQTT_URL: broker });
    expect(await connects(f.sn)).not.toBe(true);
    await run({ MQTT_ADMIN_URL: `mqtt://${ADMIN.user}:${ADMIN.password}@127.0.0.1:${port}`, MQTT_URL: broker });
    expect(await connects(f.sn)).toBe(true);
  });
});
