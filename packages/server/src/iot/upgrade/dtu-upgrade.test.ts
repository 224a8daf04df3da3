import { type SimulatedDtu, Ticker } from '@meridian/simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { filesEnv } from '../../../test/files.ts';
import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import type { DtuServer } from '../gateway/server.ts';
import { startTestDtu, startTestDtuServer } from '../gateway/testing.ts';
import { startUpgradeRunner, type UpgradeRunner } from './runner.ts';
import { MODEL, SERIES, uploadFirmware } from './testing.ts';

const log = memoryLogger().logger;
let t: TestApp;
let files: Awaited<ReturnType<typeof filesEnv>>;
let owner: Caller;
let server: DtuServer;
let runner: UpgradeRunner;
const ticker = new Ticker();
const dtus: SimulatedDtu[] = [];

beforeAll(async () => {
  files = await filesEnv('LOCAL');
  t = await buildTestApp(files.env);
  owner = await mainAccount(t);
  server = await startTestDtuServer(t.db, log, { atTimeoutMs: 1000 });
  runner = await startUpgradeRunner(t.db, 'dtu-upgrade-test', t.app.config, log, {
    everyMs: 100,
    claimMs: 10_000,
    timeoutMs: 60_000,
    chunkSize: 4096,
  });
});
afterEach(() => {
  for (const dtu of dtus.splice(0)) dtu.stop();
});
afterAll(async () => {
  await runner.stop();
  await server.stop();
  await t.close();
  await files.close();
});

let seq = 0;
/** A DTU device of the owner, simulated and connected, once the cloud has asked it which firmware it runs. */
async function connectedDtu(firmware: { failVerification?: boolean; chunkDelayMs?: number } = {}) {
  const sn = newSn();
  const password = `up${String(++seq).padStart(6, '0')}`;
  const id = await buildDevice(owner, { sn, commPassword: password });
  const dtu = startTestDtu(server, {
    sn,
    password,
    ticker,
    firmware: { series: SERIES, model: MODEL, version: '1.0.0', ...firmware },
  });
  dtus.push(dtu);
  await expect.poll(() => candidate(id).then((c) => c?.model), { timeout: 10_000 }).toBe(MODEL);
  return { id, sn, dtu };
}

async function candidate(id: number) {
  const list = (await owner.get('/iot/upgrades/candidates')).json().data as Array<{
    id: number;
    model: string | null;
    version: string | null;
  }>;
  return list.find((c) => c.id === id);
}

async function startJob(firmwareId: number, deviceIds: number[]): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/iot/upgrades',
    headers: { ...as(owner.token), 'accept-language': 'en' },
    payload: { firmwareId, deviceIds, waveSize: 5, failPercent: 100 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function stateOf(jobId: number, deviceId: number) {
  const list = (await owner.get(`/iot/upgrades/${jobId}/devices?size=50`)).json().data.list as Array<{
    deviceId: number;
    state: string;
    percent: number;
    reason: string | null;
    version: string | null;
  }>;
  return list.find((d) => d.deviceId === deviceId);
}

const settled = (jobId: number, deviceId: number) =>
  expect.poll(async () => (await stateOf(jobId, deviceId))?.state, { timeout: 20_000 }).toMatch(/success|failed/);

const chunkCommands = (dtu: SimulatedDtu) =>
  dtu.commands.filter((c) => c.includes('#AT+OTADATA=')).map((c) => Number(c.split(',')[1]));

describe('firmware upgrade of DTUs over their TCP link', () => {
  it('sends the image in chunks by AT commands; the version changes once the restarted DTU reports it', async () => {
    const firmwareId = await uploadFirmware(t, owner, '2.0.0', 10_000);
    const d = await connectedDtu();
    expect((await candidate(d.id))?.version).toBe('1.0.0');
    const jobId = await startJob(firmwareId, [d.id]);
    await settled(jobId, d.id);
    expect(await stateOf(jobId, d.id)).toMatchObject({
      state: 'success',
      percent: 100,
      reason: null,
      version: '2.0.0',
    });
    expect(d.dtu.firmware?.ota.firmware.version).toBe('2.0.0');
    expect(d.dtu.firmware?.ota.received).toEqual([0, 1, 2]);
    const names = d.dtu.commands.map((c) => /#AT\+([A-Z]+)/.exec(c)?.[1]);
    // Asked at connection, then at the transfer; the DTU restarted after OTAEND and was asked again.
    expect(names).toEqual(['VER', 'VER', 'OTABEGIN', 'OTADATA', 'OTADATA', 'OTADATA', 'OTAEND', 'VER']);
    expect(d.dtu.commands[2]).toMatch(/^www\.usr\.cn#AT\+OTABEGIN=\d+-\d+,2\.0\.0,10000,4096,[0-9a-f]{64}$/);
    expect(d.dtu.commands[3]).toMatch(/^www\.usr\.cn#AT\+OTADATA=\d+-\d+,0,4096,[0-9a-f]{8}$/);
  });

  it('resumes from the last acknowledged chunk after the DTU drops its link mid-transfer', async () => {
    const firmwareId = await uploadFirmware(t, owner, '2.1.0', 40 * 1024);
    const d = await connectedDtu({ chunkDelayMs: 40 });
    const jobId = await startJob(firmwareId, [d.id]);
    await expect.poll(() => d.dtu.firmware?.ota.received.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(3);
    d.dtu.drop();
    await settled(jobId, d.id);
    expect(await stateOf(jobId, d.id)).toMatchObject({ state: 'success', version: '2.1.0' });
    const received = d.dtu.firmware?.ota.received ?? [];
    // Ten chunks, each stored once but for at most the one in flight when the link dropped.
    expect(received.filter((s) => s === 0)).toHaveLength(1);
    expect(new Set(received).size).toBe(10);
    expect(received.length).toBeLessThanOrEqual(11);
    // The second OTABEGIN came after the reconnection, and the chunks went on from where they were.
    expect(d.dtu.commands.filter((c) => c.includes('#AT+OTABEGIN='))).toHaveLength(2);
  });

  it('sends a chunk whose CRC the DTU refused again, and fails after three retries with the reason', async () => {
    const firmwareId = await uploadFirmware(t, owner, '2.2.0', 9000);
    const once = await connectedDtu();
    once.dtu.firmware?.corruptChunks(1);
    const jobOnce = await startJob(firmwareId, [once.id]);
    await settled(jobOnce, once.id);
    expect((await stateOf(jobOnce, once.id))?.state).toBe('success');
    expect(chunkCommands(once.dtu)).toEqual([0, 0, 1, 2]);

    const always = await connectedDtu();
    always.dtu.firmware?.corruptChunks(4);
    const jobAlways = await startJob(firmwareId, [always.id]);
    await settled(jobAlways, always.id);
    expect(await stateOf(jobAlways, always.id)).toMatchObject({
      state: 'failed',
      reason: 'Chunk 0 failed its CRC check repeatedly',
      version: '1.0.0',
    });
  });

  it('fails a DTU whose SHA-256 check fails, with its words, and keeps its version', async () => {
    const firmwareId = await uploadFirmware(t, owner, '2.3.0', 5000);
    const d = await connectedDtu({ failVerification: true });
    const jobId = await startJob(firmwareId, [d.id]);
    await settled(jobId, d.id);
    expect(await stateOf(jobId, d.id)).toMatchObject({
      state: 'failed',
      reason: 'The device’s SHA-256 check of the firmware failed: sha256 mismatch',
      version: '1.0.0',
    });
    expect(d.dtu.firmware?.ota.firmware.version).toBe('1.0.0');
  });
});
