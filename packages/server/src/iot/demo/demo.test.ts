import { templateInput, templateRulesBroken } from '@meridian/contracts';
import { DEMO_DEVICES, DEMO_DTU_FIRMWARE, DEMO_FIRMWARE_NEXT, demoFleet, profile } from '@meridian/simulator';
import { describe, expect, it } from 'vitest';
import { memoryLogger, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { filesEnv } from '../../../test/files.ts';
import { callerFor } from '../../portal/orgs/testing.ts';
import { buildDevice } from '../devices/testing.ts';
import { startTestDtuServer } from '../gateway/testing.ts';
import { startUpgradeRunner, UPGRADE_RUNNER_DEFAULTS } from '../upgrade/runner.ts';
import { DEMO_DEVICES_SETTING } from './repository.ts';
import { DEMO_IOT_ACCOUNT, DEMO_PROJECT, seedDemoDevices } from './seed.ts';
import { demoTemplate, GREENHOUSE_TEMPLATE } from './templates.ts';
import { demoApps, signInDemoIot } from './testing.ts';

const { app, cleanups } = demoApps();
const seed = (t: TestApp) => seedDemoDevices(t.db, t.config, t.app.log);
const messages = (t: TestApp) => t.logs.map((l) => String(l.msg ?? ''));

describe('the demo devices', () => {
  it('makes demo_iot and gives it the demo devices once, with fixed SNs and passwords, a project, tags and templates', async () => {
    const t = await app();
    expect(await seed(t)).toMatchObject({ seeded: DEMO_DEVICES.length });
    expect(messages(t)).toContain(
      'demo devices: 6 devices for "demo_iot" (SNs MERIDIANDEMO00000001..06, communication password "Demo2026"), ' +
        'firmware 1.1.0 for the DTUs; ' +
        '`npm run demo` runs the server with a simulator playing them',
    );
    expect(messages(t)).toContain(
      `demo account "demo_iot", ${DEMO_IOT_ACCOUNT.role}, password "Demo@2026": sees ${DEMO_IOT_ACCOUNT.sees}`,
    );
    const owner = await signInDemoIot(t);
    expect(owner.user).toMatchObject({ roleId: 10, defaultPass: false });
    // A Device Cloud account, not Mind staff: Mind's student list refuses it.
    expect((await owner.post('/apis-user/student/page')).statusCode).toBe(403);

    const list = (await owner.get('/iot/devices?size=50')).json().data;
    expect(list.total).toBe(6);
    const bySn = new Map(list.list.map((d: { sn: string }) => [d.sn, d]));
    for (const d of DEMO_DEVICES) {
      expect(bySn.get(d.sn)).toMatchObject({ name: d.name, projectName: DEMO_PROJECT, enabled: true });
    }
    const rows = await t.db.kysely.selectFrom('devices').select(['sn', 'comm_password', 'protocol']).execute();
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.comm_password))).toEqual(new Set(['Demo2026']));
    expect(rows.filter((r) => r.protocol === 'mqttJson').map((r) => r.sn)).toEqual(['MERIDIANDEMO00000006']);
    const tagged = await owner.get(`/iot/devices?keyword=${encodeURIComponent('Reservoir')}`);
    expect(tagged.json().data.list[0].tags.map((tag: { name: string }) => tag.name)).toEqual(['Water']);

    const templates = (await owner.get('/iot/templates?size=50')).json().data;
    expect(templates.total).toBe(6);

    expect(await seed(t)).toEqual({ skipped: 'done' });
    expect((await owner.get('/iot/devices')).json().data.total).toBe(6);
  });

  it('stores the demo image on the next start when a start stopped between the devices and the image', async () => {
    const t = await app();
    expect(await seed(t)).toMatchObject({ seeded: DEMO_DEVICES.length });
    const images = async () => (await (await signInDemoIot(t)).get('/iot/firmware?size=50')).json().data.total;
    expect(await images()).toBe(1);
    // What such a start leaves: the devices and their mark, no image.
    await t.db.kysely.deleteFrom('firmware').execute();
    await t.db.kysely
      .updateTable('settings')
      .set({ value: JSON.stringify({ at: Date.now(), skipped: null }) })
      .where('key', '=', DEMO_DEVICES_SETTING)
      .execute();
    expect(await seed(t)).toEqual({ skipped: 'done' });
    expect(await images()).toBe(1);
    // Stored once: an image the account deletes afterwards is not put back.
    await t.db.kysely.deleteFrom('firmware').execute();
    expect(await seed(t)).toEqual({ skipped: 'done' });
    expect(await images()).toBe(0);
  });

  it('lets demo_iot upgrade a demo DTU played by the demo simulator to the seeded firmware, over real sockets', async () => {
    const files = await filesEnv('LOCAL');
    cleanups.push(() => files.close());
    const t = await app({ ...files.env, DEMO_DATA: 'on' });
    await seed(t);
    const owner = await signInDemoIot(t);
    const firmware = (await owner.get('/iot/firmware?size=50')).json().data;
    expect(firmware.list).toHaveLength(1);
    expect(firmware.list[0]).toMatchObject({
      series: DEMO_DTU_FIRMWARE.series,
      model: DEMO_DTU_FIRMWARE.model,
      version: DEMO_FIRMWARE_NEXT,
      size: 64 * 1024,
    });
    expect(firmware.list[0].sha256).toMatch(/^[0-9a-f]{64}$/);

    const log = memoryLogger().logger;
    const server = await startTestDtuServer(t.db, log);
    cleanups.push(() => server.stop());
    const runner = await startUpgradeRunner(t.db, 'demo-test', t.config, log, {
      ...UPGRADE_RUNNER_DEFAULTS,
      everyMs: 100,
    });
    cleanups.push(() => runner.stop());
    // The simulator of `npm run demo`, its DTUs alone (the MQTT sensor needs a broker this test does not run).
    const fleet = demoFleet({ host: '127.0.0.1', port: server.port }, 'mqtt://127.0.0.1:1');
    cleanups.push(() => fleet.stop());
    for (const dtu of fleet.dtus) dtu.start();

    type Candidate = { id: number; sn: string; model: string | null; version: string | null };
    const candidates = async () => (await owner.get('/iot/upgrades/candidates')).json().data as Candidate[];
    const reported = async () => (await candidates()).filter((c) => c.model === DEMO_DTU_FIRMWARE.model);
    await expect.poll(async () => (await reported()).length, { timeout: 15_000 }).toBe(5);
    const [target] = (await reported()).filter((c) => c.version === DEMO_DTU_FIRMWARE.version);
    expect(target).toBeDefined();

    const job = await owner.post('/iot/upgrades', {
      firmwareId: firmware.list[0].id,
      deviceIds: [target.id],
      waveSize: 1,
      failPercent: 100,
    });
    expect(job.statusCode, job.body).toBe(200);
    const version = async () => (await candidates()).find((c) => c.id === target.id)?.version;
    await expect.poll(version, { timeout: 30_000 }).toBe(DEMO_FIRMWARE_NEXT);
    // The device's version is written as the restarted DTU reports it; the job's row right after.
    const devices = async () => (await owner.get(`/iot/upgrades/${job.json().data.id}/devices`)).json().data.list;
    await expect.poll(async () => (await devices())[0]?.state, { timeout: 10_000 }).toBe('success');
    expect(await devices()).toEqual([expect.objectContaining({ state: 'success', version: DEMO_FIRMWARE_NEXT })]);
    expect(fleet.dtus.find((d) => d.firmware?.ota.firmware.version === DEMO_FIRMWARE_NEXT)).toBeDefined();
  }, 60_000);

  it('gives the MQTT device a valid template naming exactly what the simulator publishes', () => {
    const parsed = templateInput.parse(GREENHOUSE_TEMPLATE);
    expect(templateRulesBroken(parsed)).toEqual([]);
    expect(parsed.points.map((p) => p.name)).toEqual(profile('greenhouse').map((s) => s.name));
  });

  it('plays each Modbus demo device with a profile at the addresses of its library template', () => {
    for (const d of DEMO_DEVICES.filter((x) => x.protocol === 'modbusRtu')) {
      const template = demoTemplate(d);
      const signals = profile(d.profile);
      for (const p of template.points) {
        const address = typeof p.registerAddress === 'number' ? p.registerAddress : Number(p.registerAddress);
        const signal = signals.find((s) => s.table === p.registerType && s.address === address);
        expect(signal, `${d.name}: ${p.name}`).toBeDefined();
      }
    }
  });

  it('adds nothing with demo data off, nor to a database that already has devices', async () => {
    const off = await app({ DEMO_DATA: 'off' });
    expect(await seed(off)).toEqual({ skipped: 'off' });
    expect(await off.db.kysely.selectFrom('users').select('id').where('account', '=', 'demo_iot').execute()).toEqual(
      [],
    );

    const t = await app();
    const other = await callerFor(
      t,
      await buildUser(t.db.kysely, { roleIds: [10], userType: 'main', identityId: null }),
    );
    await buildDevice(other, { sn: DEMO_DEVICES[2].sn });
    expect(await seed(t)).toEqual({ skipped: 'devices' });
    expect(messages(t)).toContain('demo devices: not added, this database already has devices');
    expect(await seed(t)).toEqual({ skipped: 'done' });
    const count = await t.db.kysely.selectFrom('devices').select('id').execute();
    expect(count).toHaveLength(1);
  });
});
