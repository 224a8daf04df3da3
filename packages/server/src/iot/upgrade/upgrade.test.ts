import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { filesEnv } from '../../../test/files.ts';
import { messageFor } from '../devices/testing.ts';
import { type RunningBroker, startBroker } from '../mqtt/broker.ts';
import { buildMqttWorld, type MqttWorld, RecordingTelemetry } from '../mqtt/testing.ts';
import { startUpgradeRunner, type UpgradeRunner } from './runner.ts';
import { simulatedDevice, uploadFirmware } from './testing.ts';

const log = memoryLogger().logger;
const NODE = 'upgrade-test';
let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let world: MqttWorld;
let broker: RunningBroker;
let runner: UpgradeRunner;
let port = 0;
const sims: Array<ReturnType<typeof simulatedDevice>> = [];

/** The broker and the runner, as a gateway process runs them; `timeoutMs` short only where a test waits for it. */
async function startGateway(timeoutMs = 60_000) {
  broker = await startBroker({
    db: t.db,
    log,
    telemetry: new RecordingTelemetry(),
    port,
    host: '127.0.0.1',
    retentionDays: 35,
    otaTimeoutMs: 10_000,
    holder: { name: NODE, ready: Promise.resolve() },
  });
  port = broker.port;
  runner = await startUpgradeRunner(t.db, NODE, t.app.config, log, {
    everyMs: 100,
    claimMs: 10_000,
    timeoutMs,
    chunkSize: 4096,
  });
}

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  world = await buildMqttWorld(t);
  await startGateway();
});
afterAll(async () => {
  for (const sim of sims) await sim.stop();
  await broker.stop();
  await runner.stop();
  await t.close();
  await files.close();
});

/** A device of the world, simulated and connected, once the cloud has its firmware report. */
async function connected(firmware: Parameters<typeof simulatedDevice>[2] = {}) {
  const device = await world.addDevice();
  const sim = simulatedDevice(port, device.sn, firmware);
  sims.push(sim);
  await sim.start();
  await expect
    .poll(async () => candidate(device.id).then((c) => c?.model), { timeout: 5000 })
    .toBe(firmware.model ?? 'M100-A');
  return { ...device, sim };
}

async function candidate(id: number) {
  const list = (await world.owner.get('/iot/upgrades/candidates')).json().data as Array<{
    id: number;
    model: string | null;
    version: string | null;
  }>;
  return list.find((c) => c.id === id);
}

function start(body: Record<string, unknown>, lang: 'en' | 'zh-CN' = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/iot/upgrades',
    headers: { ...as(world.owner.token), 'accept-language': lang },
    payload: body,
  });
}

async function devicesOf(jobId: number) {
  const res = await world.owner.get(`/iot/upgrades/${jobId}/devices?size=50`);
  return res.json().data.list as Array<{
    deviceId: number;
    state: string;
    percent: number;
    reason: string | null;
    version: string | null;
  }>;
}

const stateOf = async (jobId: number, deviceId: number) =>
  (await devicesOf(jobId)).find((d) => d.deviceId === deviceId);

describe('firmware upgrade jobs over MQTT', () => {
  it('refuses another model, a wrong wave size and threshold, in the caller’s language', async () => {
    const firmwareId = await uploadFirmware(t, world.owner, '2.0.0', 5000);
    const other = await connected({ model: 'M200-B' });
    const wrong = await start({ firmwareId, deviceIds: [other.id], waveSize: 2, failPercent: 50 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      `Device ${other.sn} is a M100 M200-B, not the firmware’s M100 M100-A: it cannot take this firmware`,
    );
    const zh = await start({ firmwareId, deviceIds: [other.id], waveSize: 2, failPercent: 50 }, 'zh-CN');
    expect(zh.json().message).toBe(`设备 ${other.sn} 的型号为 M100 M200-B，与固件的 M100 M100-A 不符，不能升级`);
    const bad = { firmwareId, deviceIds: [other.id], waveSize: 0, failPercent: 101 };
    const en = await start(bad);
    expect(messageFor(en.json(), 'waveSize')).toEqual(['Devices at once: a whole number from 1 to 100']);
    expect(messageFor(en.json(), 'failPercent')).toEqual(['Failure threshold: a whole number from 0 to 100 (%)']);
    const cn = await start({ ...bad, waveSize: 101, failPercent: -1 }, 'zh-CN');
    expect(messageFor(cn.json(), 'waveSize')).toEqual(['同时升级数为 1 到 100 的整数']);
    expect(messageFor(cn.json(), 'failPercent')).toEqual(['失败阈值为 0 到 100 的整数（%）']);
    expect((await world.owner.get('/iot/upgrades')).json().data.total).toBe(0);
  });

  it('upgrades devices in waves; each reports its new version; the firmware cannot be deleted meanwhile', async () => {
    const firmwareId = await uploadFirmware(t, world.owner, '2.1.0', 20_000);
    const devices = [await connected(), await connected(), await connected()];
    const res = await start({ firmwareId, deviceIds: devices.map((d) => d.id), waveSize: 2, failPercent: 50 });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json().data.id as number;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/iot/firmware/${firmwareId}`,
      headers: { ...as(world.owner.token), 'accept-language': 'zh-CN' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('该固件正被升级任务使用，不能删除');
    await expect
      .poll(async () => (await devicesOf(jobId)).map((d) => d.state), { timeout: 15_000 })
      .toEqual(['success', 'success', 'success']);
    for (const d of devices) {
      expect(d.sim.ota?.firmware.version).toBe('2.1.0');
      expect((await candidate(d.id))?.version).toBe('2.1.0');
    }
    const job = (await world.owner.get(`/iot/upgrades/${jobId}`)).json().data;
    expect(job).toMatchObject({ state: 'finished', counts: { success: 3, failed: 0, pending: 0, upgrading: 0 } });
    expect((await devicesOf(jobId)).every((d) => d.percent === 100)).toBe(true);
  });

  it('fails a device whose SHA-256 check fails, stops the job over its threshold, and retries it', async () => {
    const firmwareId = await uploadFirmware(t, world.owner, '3.0.0', 9000);
    const bad = await connected({ failVerification: true });
    const next = await connected();
    const res = await start({ firmwareId, deviceIds: [bad.id, next.id], waveSize: 1, failPercent: 0 });
    const jobId = res.json().data.id as number;
    await expect.poll(async () => (await world.owner.get(`/iot/upgrades/${jobId}`)).json().data.state).toBe('stopped');
    expect(await stateOf(jobId, bad.id)).toMatchObject({
      state: 'failed',
      reason: 'The device’s SHA-256 check of the firmware failed: sha256 mismatch',
      version: '1.0.0',
    });
    expect((await stateOf(jobId, next.id))?.reason).toBe('Not upgraded: the job stopped after too many failures');
    expect((await world.owner.get(`/iot/upgrades/${jobId}`)).json().data.reason).toBe(
      'More than 0% of the devices failed: the job stopped',
    );
    // The device is repaired; retried, it resumes and ends in success.
    if (bad.sim.ota) bad.sim.ota.options.failVerification = false;
    expect((await world.owner.post(`/iot/upgrades/${jobId}/devices/${bad.id}/retry`)).statusCode).toBe(200);
    await expect.poll(async () => (await stateOf(jobId, bad.id))?.state, { timeout: 10_000 }).toBe('success');
    expect((await candidate(bad.id))?.version).toBe('3.0.0');
  });

  it('resumes from the last acknowledged chunk after the server restarts mid-transfer', async () => {
    const firmwareId = await uploadFirmware(t, world.owner, '4.0.0', 64 * 1024);
    const device = await connected({ chunkDelayMs: 40 });
    const res = await start({ firmwareId, deviceIds: [device.id], waveSize: 1, failPercent: 0 });
    const jobId = res.json().data.id as number;
    await expect.poll(async () => (await stateOf(jobId, device.id))?.percent, { timeout: 10_000 }).toBeGreaterThan(20);
    // The server goes away mid-transfer, and a new one starts on the same port.
    await broker.stop();
    await runner.stop();
    const cut = await stateOf(jobId, device.id);
    expect(cut?.state).toBe('upgrading');
    const acked = device.sim.ota?.received.length ?? 0;
    await startGateway();
    await expect.poll(async () => (await stateOf(jobId, device.id))?.state, { timeout: 15_000 }).not.toBe('upgrading');
    expect(await stateOf(jobId, device.id)).toMatchObject({ state: 'success', reason: null });
    const received = device.sim.ota?.received ?? [];
    // Each of the 16 chunks was sent once, but for at most the one in flight when the server went away.
    expect(received.filter((seq) => seq === 0)).toHaveLength(1);
    expect(received.length).toBeLessThanOrEqual(17);
    expect(received.length).toBeGreaterThan(acked);
    expect((await candidate(device.id))?.version).toBe('4.0.0');
  });

  it('fails a device that went away mid-transfer after the timeout, with the reason', async () => {
    await broker.stop();
    await runner.stop();
    await startGateway(1500);
    const firmwareId = await uploadFirmware(t, world.owner, '5.0.0', 64 * 1024);
    const device = await connected({ chunkDelayMs: 40 });
    const res = await start({ firmwareId, deviceIds: [device.id], waveSize: 1, failPercent: 100 });
    const jobId = res.json().data.id as number;
    await expect.poll(async () => (await stateOf(jobId, device.id))?.percent, { timeout: 10_000 }).toBeGreaterThan(0);
    await device.sim.stop();
    await expect.poll(async () => (await stateOf(jobId, device.id))?.state, { timeout: 10_000 }).toBe('failed');
    expect((await stateOf(jobId, device.id))?.reason).toBe(
      'No progress in 1 min: the upgrade failed; you can retry it',
    );
    expect((await candidate(device.id))?.version).toBe('1.0.0');
  });
});
