import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { HOUR, MINUTE } from '../../platform/time.ts';
import { mainAccount } from '../devices/testing.ts';
import { buildTelemetryWorld, type TelemetryWorld } from '../telemetry/testing.ts';

let t: TestApp;
let w: TelemetryWorld;
const now = Date.now();

const trend = (id: string, samples: number) => ({
  id,
  kind: 'trend',
  x: 40,
  y: 40,
  width: 240,
  height: 120,
  rotation: 0,
  text: id,
  min: 0,
  max: 100,
  samples,
  binding: { deviceId: w.deviceId, pointId: w.points.humidity },
});

/** A published screen of the given elements. */
async function screen(name: string, elements: object[]): Promise<number> {
  const made = await w.owner.post('/iot/scada', { name });
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().data.id as number;
  const document = { format: 1, width: 1280, height: 720, grid: 10, background: null, elements };
  const saved = await w.owner.call('PUT', `/iot/scada/${id}`, { name, sharing: 'closed', revision: 1, document });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await w.owner.post(`/iot/scada/${id}/publish`, { revision: 2 })).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
  // Humidity: one value 25 hours ago (past the day a trend looks back), then five of the last hours.
  const record = (at: number, value: number) =>
    w.telemetry.record({ deviceId: w.deviceId, at, readings: [{ pointId: w.points.humidity, value }] });
  await record(now - 25 * HOUR, 10);
  for (const [i, value] of [40, 45, 50, 55, 60].entries()) await record(now - 5 * HOUR + i * 10 * MINUTE, value);
}, 60_000);
afterAll(() => t?.close());

describe('a trend’s recent past when its screen opens (decision 0148)', () => {
  it('gives each trend its point’s numbers of the last day, oldest first, at most its samples', async () => {
    const id = await screen('Trends', [trend('wide', 60), trend('short', 3)]);
    const res = await w.owner.get(`/iot/scada/${id}/trends`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { elementId: 'wide', values: [40, 45, 50, 55, 60] },
      { elementId: 'short', values: [50, 55, 60] },
    ]);
  });

  it('gives nothing for a screen without trends, and refuses another account as opening the screen does', async () => {
    const plain = await screen('No trend', [{ ...trend('n', 2), kind: 'number' }]);
    expect((await w.owner.get(`/iot/scada/${plain}/trends`)).json().data).toEqual([]);
    const id = await screen('Not theirs', [trend('t', 5)]);
    const stranger = await mainAccount(t);
    const refused = await stranger.get(`/iot/scada/${id}/trends`);
    expect([403, 404]).toContain(refused.statusCode);
    expect(JSON.stringify(refused.json())).not.toContain('55');
  });

  it('comes with a shared link too', async () => {
    const id = await screen('Shared trend', [trend('t', 2)]);
    const opened = await w.owner.post(`/iot/scada/${id}/share`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/iot/scada-shared',
      headers: { 'x-scada-link': opened.json().data.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.trends).toEqual([{ elementId: 't', values: [55, 60] }]);
  });
});
