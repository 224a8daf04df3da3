import { demoFleet } from '@meridian/simulator';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../../test/app.ts';
import { startTestDtuServer } from '../gateway/testing.ts';
import { DEMO_SCREEN_SETTING } from './repository.ts';
import { DEMO_SCREEN, seedDemoScreen } from './screen.ts';
import { seedDemoDevices } from './seed.ts';
import { demoApps, signInDemoIot } from './testing.ts';

const { app, cleanups } = demoApps();

type Element = { id: string; kind: string; binding: { deviceId: number; pointId: number } | null };

describe('the demo pump station', () => {
  it('gives demo_iot one ready screen bound to points of its demo devices, once', async () => {
    const t = await app();
    await seedDemoDevices(t.db, t.config, t.app.log);
    expect(await seedDemoScreen(t.db, t.config, t.app.log)).toMatchObject({ seeded: expect.any(Number) });
    // A second start, and a start after the visitor deleted the screen, add nothing.
    expect(await seedDemoScreen(t.db, t.config, t.app.log)).toEqual({ skipped: 'done' });
    const { call } = await signInDemoIot(t);
    const list = (await call('GET', '/iot/scada?size=50')).json().data;
    expect(list.list.map((s: { name: string }) => s.name)).toEqual([DEMO_SCREEN]);

    const screen = (await call('GET', `/iot/scada/${list.list[0].id}`)).json().data;
    const elements = screen.document.elements as Element[];
    const kinds = new Set(elements.map((e) => e.kind));
    for (const kind of ['tank', 'pump', 'valve', 'pipe', 'gauge', 'trend', 'fan', 'motor', 'bar'])
      expect(kinds).toContain(kind);
    // Each binding names a point of the demo device it names, by the point's name.
    const pointName = async (b: { deviceId: number; pointId: number }) => {
      const latest = (await call('GET', `/iot/devices/${b.deviceId}/latest`)).json().data;
      const device = (await call('GET', `/iot/devices/${b.deviceId}`)).json().data;
      const point = latest.points.find((p: { pointId: number }) => p.pointId === b.pointId);
      return `${device.name} / ${point?.name}`;
    };
    const named = async (id: string) => {
      const binding = elements.find((e) => e.id === id)?.binding;
      expect(binding, id).not.toBeNull();
      return pointName(binding as { deviceId: number; pointId: number });
    };
    expect(await named('tank')).toBe('Reservoir level / Water level');
    expect(await named('pump')).toBe('Pump station PLC / Pump running I0_0');
    expect(await named('valve')).toBe('Pump station PLC / Valve open Q0_1');
    expect(await named('gauge')).toBe('Water main flow / Instantaneous flow');
    expect(await named('trend')).toBe('Reservoir level / Water level');
    // The server's own checks accept it as it is: saving it unchanged succeeds.
    const saved = await call('PUT', `/iot/scada/${screen.id}`, {
      name: screen.name,
      sharing: screen.sharing,
      revision: screen.revision,
      document: screen.document,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The save is version 2, a draft: the running screen still opens version 1, the seeded one.
    const running = await call('GET', `/iot/scada/${screen.id}`);
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json().data.document.elements).toHaveLength(elements.length);
    const versions = (await call('GET', `/iot/scada/${screen.id}/versions`)).json().data;
    expect(versions.list ?? versions).toHaveLength(2);

    await call('DELETE', `/iot/scada/${screen.id}`);
    expect(await seedDemoScreen(t.db, t.config, t.app.log)).toEqual({ skipped: 'done' });
    expect((await call('GET', '/iot/scada?size=50')).json().data.total).toBe(0);
  });

  it('adds nothing with demo data off, nor without the demo devices, and marks nothing then', async () => {
    const off = await app({ DEMO_DATA: 'off' });
    expect(await seedDemoScreen(off.db, off.config, off.app.log)).toEqual({ skipped: 'off' });
    const t = await app();
    expect(await seedDemoScreen(t.db, t.config, t.app.log)).toEqual({ skipped: 'devices' });
    const mark = await t.db.kysely
      .selectFrom('settings')
      .select('key')
      .where('key', '=', DEMO_SCREEN_SETTING)
      .executeTakeFirst();
    expect(mark).toBeUndefined();
    expect(await t.db.kysely.selectFrom('scada_screens').select('id').execute()).toEqual([]);
  });

  it('writes the valve of the demo PLC played by the demo simulator when demo_iot clicks it, over real sockets', async () => {
    const t = await app();
    await seedDemoDevices(t.db, t.config, t.app.log);
    await seedDemoScreen(t.db, t.config, t.app.log);
    const server = await startTestDtuServer(t.db, memoryLogger().logger);
    cleanups.push(() => server.stop());
    const fleet = demoFleet({ host: '127.0.0.1', port: server.port }, 'mqtt://127.0.0.1:1');
    cleanups.push(() => fleet.stop());
    for (const dtu of fleet.dtus) dtu.start();
    const { call } = await signInDemoIot(t);
    const [screen] = (await call('GET', '/iot/scada?size=50')).json().data.list;
    const valve = (await call('GET', `/iot/scada/${screen.id}`))
      .json()
      .data.document.elements.find((e: Element) => e.id === 'valve') as Element;
    // The PLC's DTU registers over the socket before the write can reach it.
    await expect
      .poll(
        async () => (await call('POST', `/iot/scada/${screen.id}/press`, { elementId: 'valve', value: 1 })).statusCode,
        {
          timeout: 15_000,
        },
      )
      .toBe(200);
    const closed = await call('POST', `/iot/scada/${screen.id}/press`, { elementId: 'valve', value: 0 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toEqual({ ...valve.binding, raw: 0 });
  }, 30_000);
});
