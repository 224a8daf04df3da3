import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { mainAccount, messageFor } from '../devices/testing.ts';
import { buildMqttWorld, type MqttWorld } from './testing.ts';

let t: TestApp;
let world: MqttWorld;
beforeAll(async () => {
  t = await buildTestApp();
  world = await buildMqttWorld(t);
});
afterAll(() => t.close());

/** An enabled HTTP device with a fresh token. */
async function httpDevice(body: Record<string, unknown> = {}) {
  const d = await world.addDevice({ protocol: 'httpJson', ...body });
  const res = await world.owner.post(`/iot/devices/${d.id}/ingest-token`);
  expect(res.statusCode).toBe(200);
  return { ...d, token: res.json().data.token as string };
}

const report = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/iot/ingest',
    headers: {
      'accept-language': 'en',
      'content-type': 'application/json',
      ...(token ? { authorization: `Device ${token}` } : {}),
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('the device token', () => {
  it('is made on the device page, shown once, and only its hash is kept', async () => {
    const d = await httpDevice();
    expect(d.token).toMatch(/^[\w-]{43}$/);
    const row = await t.db.kysely
      .selectFrom('device_tokens')
      .selectAll()
      .where('device_id', '=', d.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(d.token);
    expect(row.token_hash).toHaveLength(64);
  });

  it('cannot be made for a device the caller may not see', async () => {
    const d = await httpDevice();
    const stranger = await mainAccount(t);
    const res = await stranger.post(`/iot/devices/${d.id}/ingest-token`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The device does not exist or you may not open it');
  });

  it('stops the previous token at once when a new one is made', async () => {
    const d = await httpDevice();
    const first = await report(d.token, { values: { Temperature: 1 } });
    // A report racing the creation of today's partition once answered 500 on PostgreSQL: the
    // logged errors say why, should anything like it happen again.
    expect(first.statusCode, `${first.body} ${JSON.stringify(t.logs.filter((l) => Number(l.level) >= 50))}`).toBe(200);
    const again = await world.owner.post(`/iot/devices/${d.id}/ingest-token`);
    const fresh = again.json().data.token as string;
    const old = await report(d.token, { values: { Temperature: 2 } });
    expect(old.statusCode).toBe(401);
    expect((await report(fresh, { values: { Temperature: 3 } })).statusCode).toBe(200);
  });
});

describe('reporting over HTTP', () => {
  it('stores the values before answering, and says what it refused', async () => {
    const d = await httpDevice();
    const ts = Date.now() - 5000;
    const res = await report(d.token, {
      ts,
      values: { Temperature: 18.26, Pump: 1, Humdity: 40, Label: 5 },
      status: { signal: 23, battery: 71 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      at: ts,
      stored: 2,
      refused: [
        { name: 'Humdity', reason: 'unknownPoint' },
        { name: 'Label', reason: 'wrongType' },
      ],
    });
    const rows = await t.db.kysely
      .selectFrom('telemetry')
      .select(['point_id', 'num', 'ts'])
      .where('device_id', '=', d.id)
      .orderBy('point_id')
      .execute();
    expect(rows).toEqual(
      [
        { point_id: world.points.temperature, num: 18.3, ts },
        { point_id: world.points.pump, num: 1, ts },
      ].sort((a, b) => a.point_id - b.point_id),
    );
  });

  it('refuses a missing or unknown token', async () => {
    for (const token of [null, 'not-a-token']) {
      const res = await report(token, { values: { Temperature: 1 } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(
        'Device token missing or not valid: make one on the device page and send it as Authorization: Device <token>',
      );
    }
  });

  it('refuses a disabled device', async () => {
    const d = await httpDevice({ enabled: false });
    const res = await report(d.token, { values: { Temperature: 1 } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The device is disabled: only enabled devices may report data');
  });

  it('refuses a body that is not a report, field by field', async () => {
    const d = await httpDevice();
    const noValues = await report(d.token, { ts: 1 });
    expect(messageFor(noValues.json(), 'values')).toEqual([
      '"values" must be an object of data point names to numbers, booleans or text',
    ]);
    const badTime = await report(d.token, { ts: 'now', values: {} });
    expect(messageFor(badTime.json(), 'ts')).toEqual(['"ts" must be a time in epoch milliseconds']);
    const fraction = await report(d.token, { ts: 1.5, values: {} });
    expect(messageFor(fraction.json(), 'ts')).toEqual(['"ts" must be a time in epoch milliseconds']);
    const nested = await report(d.token, { values: { Temperature: { v: 1 } } });
    expect(nested.statusCode).toBe(400);
    const broken = await report(d.token, '{"values": {');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON');
  });

  it('refuses a body over 64 KiB', async () => {
    const d = await httpDevice();
    const res = await report(d.token, { values: { Label: 'x'.repeat(70_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request body is too large; the limit is 64 KB');
  });

  it('slows a device that reports too often', async () => {
    const d = await httpDevice();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => report(d.token, { values: { Temperature: 1 } })),
    );
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.json().message).toBe('Reporting too often: at most 5 reports per second per device');
  });
});
