import XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { mainAccount, messageFor } from '../devices/testing.ts';
import { buildTelemetryWorld, type TelemetryWorld } from '../telemetry/testing.ts';
import { buildTrigger, report } from './testing.ts';

let t: TestApp;
let w: TelemetryWorld;
let triggerId: number;
let restoredId: number;
let activeId: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
  triggerId = await buildTrigger(w.owner, {
    scope: 'device',
    deviceId: w.deviceId,
    conditions: [{ kind: 'gt', pointId: w.points.humidity, value: 100 }],
    deadZone: 10,
  });
  const h = w.points.humidity;
  const at = Date.now() - 60_000;
  await report(t, w.telemetry, w.deviceId, at, { [h]: 101 });
  await report(t, w.telemetry, w.deviceId, at + 1000, { [h]: 50 });
  await report(t, w.telemetry, w.deviceId, at + 2000, { [h]: 120 });
  const list = (await w.owner.get('/iot/alarms')).json().data.list as Array<{ id: number; recovery: string }>;
  restoredId = list.find((a) => a.recovery === 'restored')?.id as number;
  activeId = list.find((a) => a.recovery === 'notRestored')?.id as number;
  // A new database and a world of devices: slow on a busy machine.
}, 30_000);
afterAll(() => t.close());

/** The contents of the device's alarms, newest first, as a reader in `lang` gets them. */
async function contents(lang: 'en' | 'zh-CN'): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/iot/alarms?deviceId=${w.deviceId}`,
    headers: { 'x-authorization': w.owner.token, 'accept-language': lang },
  });
  return (res.json().data.list as Array<{ content: string }>).map((a) => a.content);
}

describe('Alarm Record', () => {
  it('lists the alarms with content, time, device, point, value, state and recovery, newest first', async () => {
    const res = await w.owner.get(`/iot/alarms?deviceId=${w.deviceId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { list, total } = res.json().data;
    expect(total).toBe(2);
    expect(list[0]).toMatchObject({
      id: activeId,
      triggerId,
      triggerName: 'High value',
      deviceName: 'Pump',
      pointName: 'Humidity',
      value: '120',
      state: 'unprocessed',
      recovery: 'notRestored',
      restoredAt: null,
    });
    expect(list[0].content).toBe('Pump Humidity alarm: value 120 %RH, condition > 100 %RH (dead zone 10)');
    expect(list[1]).toMatchObject({ id: restoredId, value: '101', recovery: 'restored' });
    expect(await contents('zh-CN')).toEqual([
      'Pump Humidity 报警，当前值 120 %RH，条件 > 100 %RH (死区 10)',
      'Pump Humidity 报警，当前值 101 %RH，条件 > 100 %RH (死区 10)',
    ]);
  });

  it('shows an alarm recorded before its facts were kept as it was written, in any language', async () => {
    const old = 'Pump Humidity 报警，当前值 101';
    await t.db.kysely.updateTable('alarms').set({ facts: null, content: old }).where('id', '=', restoredId).execute();
    try {
      expect((await contents('en'))[1]).toBe(old);
      expect((await contents('zh-CN'))[1]).toBe(old);
    } finally {
      const facts = {
        kind: 'alarm',
        trigger: 'High value',
        device: 'Pump',
        pointId: w.points.humidity,
        point: 'Humidity',
        unit: '%RH',
        condition: { kind: 'gt', pointId: w.points.humidity, value: 100 },
        deadZone: 10,
        value: '101',
        text: null,
      };
      await t.db.kysely
        .updateTable('alarms')
        .set({ facts: JSON.stringify(facts) })
        .where('id', '=', restoredId)
        .execute();
    }
  });

  it('filters by state, recovery, point and time, and pages', async () => {
    const total = async (query: string) => (await w.owner.get(`/iot/alarms?${query}`)).json().data.total as number;
    expect(await total('recovery=restored')).toBe(1);
    expect(await total('recovery=notRestored')).toBe(1);
    expect(await total('state=processed')).toBe(0);
    expect(await total(`pointId=${w.points.temperature}`)).toBe(0);
    expect(await total(`from=${Date.now() + 1000}`)).toBe(0);
    const page = (await w.owner.get('/iot/alarms?page=2&size=1')).json().data;
    expect(page).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(page.list.map((a: { id: number }) => a.id)).toEqual([restoredId]);
    const wrong = await w.owner.get('/iot/alarms?from=2000&to=1000');
    expect(wrong.statusCode).toBe(400);
    expect(messageFor(wrong.json(), 'to')).toEqual(['The end time must be after the start time']);
    expect((await w.owner.get('/iot/alarms/today')).json().data.total).toBe(2);
  });

  it('keeps other owners out', async () => {
    const stranger = await mainAccount(t);
    expect((await stranger.get('/iot/alarms')).json().data.total).toBe(0);
    const res = await stranger.call('PUT', `/iot/alarms/${activeId}/process`, { state: 'processed' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The alarm does not exist');
  });

  it('processes an alarm with a result of at most 255 characters, recording who and when', async () => {
    const tooLong = await w.owner.call('PUT', `/iot/alarms/${restoredId}/process`, {
      state: 'processed',
      result: 'x'.repeat(256),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(messageFor(tooLong.json(), 'result')).toEqual(['The processing result can be at most 255 characters']);
    const res = await w.owner.call('PUT', `/iot/alarms/${restoredId}/process`, {
      state: 'processed',
      result: 'x'.repeat(255),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'processed',
      result: 'x'.repeat(255),
      processedBy: expect.stringMatching(/^Nick /),
    });
    expect(res.json().data.processedAt).toBeGreaterThan(Date.now() - 10_000);
    const misreport = await w.owner.call('PUT', `/iot/alarms/${activeId}/process`, {
      state: 'misreport',
      result: 'Sensor wet',
    });
    expect(misreport.json().data).toMatchObject({ state: 'misreport', recovery: 'notRestored' });
    const audited = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'processAlarm')
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('gives the home page its counts', async () => {
    const res = await w.owner.get('/iot/alarms/counts');
    expect(res.json().data).toEqual({ today: 2, active: 1, unprocessed: 0, devicesInAlarm: 1 });
  });

  it('exports the record as an xlsx with the columns of the page', async () => {
    const res = await w.owner.get(`/iot/alarms/export?deviceId=${w.deviceId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    expect(rows[0]).toEqual([
      'Content',
      'Time',
      'Device',
      'Data point',
      'Value',
      'State',
      'Recovery',
      'Result',
      'Processed by',
      'Processed at',
    ]);
    expect(rows).toHaveLength(3);
    expect((rows[1] as unknown[]).slice(2, 7)).toEqual(['Pump', 'Humidity', '120', 'Misreport', 'Not restored']);
    expect((rows[2] as unknown[]).slice(2, 7)).toEqual(['Pump', 'Humidity', '101', 'Processed', 'Restored']);
    expect((rows[1] as unknown[])[0]).toBe('Pump Humidity alarm: value 120 %RH, condition > 100 %RH (dead zone 10)');
  });

  it('are described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/iot/triggers',
      '/api/iot/triggers/{id}',
      '/api/iot/triggers/{id}/enabled',
      '/api/iot/alarms',
      '/api/iot/alarms/{id}/process',
    ])
      expect(paths).toContain(path);
  });
});
