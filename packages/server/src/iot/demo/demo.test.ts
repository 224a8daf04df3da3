import { templateInput, templateRulesBroken } from '@meridian/contracts';
import { DEMO_DEVICES, profile } from '@meridian/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { callerFor } from '../../portal/orgs/testing.ts';
import { buildDevice } from '../devices/testing.ts';
import { DEMO_PROJECT, seedDemoDevices } from './seed.ts';
import { demoTemplate, GREENHOUSE_TEMPLATE } from './templates.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function app(env: Record<string, string> = { DEMO_DATA: 'on' }) {
  const t = await buildTestApp(env);
  apps.push(t);
  return t;
}

const demoIot = (t: TestApp) =>
  buildUser(t.db.kysely, { account: 'demo_iot', roleIds: [10], userType: 'main', identityId: null });
const seed = (t: TestApp) => seedDemoDevices(t.db, t.config, t.app.log);
const messages = (t: TestApp) => t.logs.map((l) => String(l.msg ?? ''));

describe('the demo devices', () => {
  it('gives demo_iot the demo devices once, with fixed SNs and passwords, a project, tags and templates', async () => {
    const t = await app();
    expect(await seed(t)).toEqual({ skipped: 'noAccount' });
    const owner = await callerFor(t, await demoIot(t));
    expect(await seed(t)).toEqual({ seeded: DEMO_DEVICES.length });
    expect(messages(t)).toContain(
      'demo devices: 6 devices for "demo_iot" (SNs MERIDIANDEMO00000001..06, communication password "Demo2026"); ' +
        '`npm run demo` runs the server with a simulator playing them',
    );

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

  it('adds nothing with demo data off, nor when a demo SN is already a device of someone else', async () => {
    const off = await app({ DEMO_DATA: 'off' });
    await demoIot(off);
    expect(await seed(off)).toEqual({ skipped: 'off' });

    const t = await app();
    const other = await callerFor(
      t,
      await buildUser(t.db.kysely, { roleIds: [10], userType: 'main', identityId: null }),
    );
    await buildDevice(other, { sn: DEMO_DEVICES[2].sn });
    await demoIot(t);
    expect(await seed(t)).toEqual({ skipped: 'snTaken' });
    expect(messages(t)).toContain('demo devices: not added, a demo SN already belongs to a device');
    expect(await seed(t)).toEqual({ skipped: 'done' });
    const count = await t.db.kysely.selectFrom('devices').select('id').execute();
    expect(count).toHaveLength(1);
  });
});
