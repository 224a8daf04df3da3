import XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildTelemetryWorld, type TelemetryWorld } from '../telemetry/testing.ts';
import { buildTrigger, report } from './testing.ts';

/**
 * "Today" and the times alarms are written with are the deployment's (`TIME_ZONE`), not the
 * server's: in Asia/Shanghai (UTC+8), 23:30 UTC on 1 March is 07:30 on 2 March.
 */
let t: TestApp;
let w: TelemetryWorld;

const LAST_EVENING = Date.UTC(2026, 2, 1, 15, 30); // 23:30 on 1 March in Shanghai
const THIS_MORNING = Date.UTC(2026, 2, 1, 23, 30); // 07:30 on 2 March in Shanghai
const NOW = Date.UTC(2026, 2, 1, 23, 45); // 07:45 on 2 March in Shanghai

beforeAll(async () => {
  // The clock alone is set; timers stay real, and the clock moves on from NOW.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  t = await buildTestApp({ TIME_ZONE: 'Asia/Shanghai' });
  w = await buildTelemetryWorld(t);
  await buildTrigger(w.owner, {
    scope: 'device',
    deviceId: w.deviceId,
    conditions: [{ kind: 'gt', pointId: w.points.humidity, value: 100 }],
    alarmContent: '{device} {time}',
  });
  const h = w.points.humidity;
  await report(t, w.telemetry, w.deviceId, LAST_EVENING, { [h]: 101 });
  await report(t, w.telemetry, w.deviceId, LAST_EVENING + 60_000, { [h]: 50 });
  await report(t, w.telemetry, w.deviceId, THIS_MORNING, { [h]: 120 });
}, 30_000);
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('alarms in the deployment’s time zone', () => {
  it('counts as today an alarm after local midnight, and not one of the evening before', async () => {
    const today = (await w.owner.get('/iot/alarms/today')).json().data;
    expect(today.list.map((a: { firedAt: number }) => a.firedAt)).toEqual([THIS_MORNING]);
    expect((await w.owner.get('/iot/alarms/counts')).json().data.today).toBe(1);
  });

  it('writes an alarm’s time with the local date and clock', async () => {
    const list = (await w.owner.get('/iot/alarms')).json().data.list as Array<{ content: string }>;
    expect(list.map((a) => a.content)).toEqual(['Pump 2026-03-02 07:30:00', 'Pump 2026-03-01 23:30:00']);
  });

  it('exports with local times, in a file named for the local date', async () => {
    const res = await w.owner.get('/iot/alarms/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="alarms-2026-03-02.xlsx"');
    const book = XLSX.read(res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet, {
      header: 1,
    });
    expect(rows.slice(1).map((row) => row[1])).toEqual(['2026-03-02 07:30:00', '2026-03-01 23:30:00']);
  });
});
