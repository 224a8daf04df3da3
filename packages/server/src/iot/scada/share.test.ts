import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { mainAccount } from '../devices/testing.ts';
import { buildTelemetryWorld, type TelemetryWorld } from '../telemetry/testing.ts';

let t: TestApp;
let w: TelemetryWorld;
let otherDevice: number;

const element = (id: string, deviceId: number, pointId: number) => ({
  id,
  kind: 'number',
  x: 100,
  y: 80,
  width: 120,
  height: 40,
  rotation: 0,
  text: id,
  binding: { deviceId, pointId },
});

async function boundScreen(name: string): Promise<number> {
  const made = await w.owner.post('/iot/scada', { name });
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().data.id as number;
  const saved = await w.owner.call('PUT', `/iot/scada/${id}`, {
    name,
    sharing: 'closed',
    revision: 1,
    document: {
      format: 1,
      width: 1280,
      height: 720,
      grid: 10,
      background: null,
      elements: [element('level', w.deviceId, w.points.humidity)],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // A link shows the published version (decision 0127).
  expect((await w.owner.post(`/iot/scada/${id}/publish`, { revision: 2 })).statusCode).toBe(200);
  return id;
}

/** The shared link as a visitor opens it: no session, the token (and password) in headers. */
function visit(token: string, password?: string, lang = 'en') {
  return t.app.inject({
    method: 'GET',
    url: '/api/iot/scada-shared',
    headers: {
      'x-scada-link': token,
      'accept-language': lang,
      ...(password === undefined ? {} : { 'x-scada-password': encodeURIComponent(password) }),
    },
  });
}

async function share(id: number, body: Record<string, unknown> = {}) {
  const res = await w.owner.post(`/iot/scada/${id}/share`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { token: string; open: boolean; hasPassword: boolean };
}

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
  otherDevice = await w.addDevice();
  const at = Date.now();
  await w.telemetry.record({
    deviceId: w.deviceId,
    at,
    readings: [
      { pointId: w.points.humidity, value: 61.5 },
      { pointId: w.points.temperature, value: 22 },
    ],
  });
  await w.telemetry.record({ deviceId: otherDevice, at, readings: [{ pointId: w.points.humidity, value: 99 }] });
});
afterAll(async () => {
  await t?.close();
});

describe('sharing a configuration by link', () => {
  it('opens the screen without signing in, with only the values of the points it binds', async () => {
    const id = await boundScreen('Shared pump station');
    const opened = await share(id);
    expect(opened).toMatchObject({ open: true, hasPassword: false });
    expect(opened.token.length).toBeGreaterThanOrEqual(40);
    const res = await visit(opened.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.name).toBe('Shared pump station');
    expect(data.document.elements.map((e: { id: string }) => e.id)).toEqual(['level']);
    // The bound humidity only: not the same device's temperature, not the other device's humidity.
    expect(data.values).toEqual([
      { deviceId: w.deviceId, pointId: w.points.humidity, value: 61.5, at: expect.any(Number) },
    ]);
    const state = (await w.owner.get(`/iot/scada/${id}/share`)).json().data;
    expect(state).toMatchObject({ open: true, hasPassword: false, expiresAt: null });
    // Only the token's hash is stored.
    const stored = await t.db.kysely
      .selectFrom('scada_links')
      .select('token_hash')
      .where('screen_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(opened.token);
  });

  it('refuses the link at once when the share is closed, and an unknown token, in the visitor’s language', async () => {
    const id = await boundScreen('Closed later');
    const { token } = await share(id);
    expect((await visit(token)).statusCode).toBe(200);
    const closed = await w.owner.call('DELETE', `/iot/scada/${id}/share`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.open).toBe(false);
    const refused = await visit(token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This shared link does not exist or has been closed');
    expect((await visit(token, undefined, 'zh-CN')).json().message).toBe('该分享链接不存在或已关闭');
    expect((await visit('')).statusCode).toBe(404);
  });

  it('a new link replaces the old one', async () => {
    const id = await boundScreen('Reshared');
    const first = await share(id);
    const second = await share(id);
    expect((await visit(first.token)).statusCode).toBe(404);
    expect((await visit(second.token)).statusCode).toBe(200);
  });

  it('refuses an expired link, and an expiry already past', async () => {
    const id = await boundScreen('Expiring');
    const past = await w.owner.post(`/iot/scada/${id}/share`, { expiresAt: Date.now() - 1000 });
    expect(past.statusCode).toBe(400);
    const { token } = await share(id, { expiresAt: Date.now() + 60_000 });
    expect((await visit(token)).statusCode).toBe(200);
    // The clock moves past the expiry: the stored expiry is set back, as time would.
    await t.db.kysely
      .updateTable('scada_links')
      .set({ expires_at: Date.now() - 1 })
      .where('screen_id', '=', id)
      .execute();
    const refused = await visit(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This shared link has expired');
  });

  it('asks for the password, refuses a wrong one and opens with the right one', async () => {
    const id = await boundScreen('With password');
    const { token, hasPassword } = await share(id, { password: '泵站 2026' });
    expect(hasPassword).toBe(true);
    const none = await visit(token);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ message: 'Enter the password of this shared link', data: { password: true } });
    const wrong = await visit(token, 'guess');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('The password is not right');
    expect((await visit(token, 'guess', 'zh-CN')).json().message).toBe('访问密码不正确');
    const right = await visit(token, '泵站 2026');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.values).toHaveLength(1);
    const stored = await t.db.kysely
      .selectFrom('scada_links')
      .select('password_hash')
      .where('screen_id', '=', id)
      .executeTakeFirst();
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('lets only the screen’s own account manage its link', async () => {
    const id = await boundScreen('Not yours');
    const stranger = await mainAccount(t);
    expect((await stranger.post(`/iot/scada/${id}/share`, {})).statusCode).toBe(404);
    expect((await stranger.call('DELETE', `/iot/scada/${id}/share`)).statusCode).toBe(404);
    expect((await stranger.get(`/iot/scada/${id}/share`)).statusCode).toBe(404);
  });
});
