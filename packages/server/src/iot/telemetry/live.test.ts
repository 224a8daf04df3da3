import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { testEngine } from '../../../test/db.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { insertDevice } from '../templates/testing.ts';
import { type LiveUpdate, liveFor } from './live.ts';
import { CLOSE_UNAUTHORISED } from './socket.ts';
import { buildTelemetryWorld, type TelemetryWorld } from './testing.ts';

let t: TestApp;
let w: TelemetryWorld;
let rival: TelemetryWorld;
let url: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildTelemetryWorld(t);
  rival = await buildTelemetryWorld(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await t.close();
});

type Message = { type: string; [key: string]: unknown };

/** A browser's socket: every message it received, and a way to wait (at most a second) for the next one that matches. */
async function connect() {
  const ws = new WebSocket(url, { headers: { 'accept-language': 'en' } });
  sockets.push(ws);
  const received: Message[] = [];
  let closed: number | undefined;
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as Message);
    for (const wake of waiters.splice(0)) wake();
  });
  ws.on('close', (code) => {
    closed = code;
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const until = async <T>(found: () => T | undefined, ms = 1000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = found();
      if (hit !== undefined) return hit;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`nothing arrived within ${ms} ms; got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return {
    received,
    send: (message: object) => ws.send(JSON.stringify(message)),
    next: (type: string, ms?: number) => until(() => received.find((m) => m.type === type), ms),
    closed: () => until(() => closed, 1000),
  };
}

describe('live data over one WebSocket', () => {
  it('pushes a reading of a subscribed device within a second of it being recorded', async () => {
    const browser = await connect();
    browser.send({ type: 'auth', token: w.owner.token });
    await browser.next('ready');
    browser.send({ type: 'subscribe', deviceIds: [w.deviceId] });
    expect(await browser.next('subscribed')).toMatchObject({ deviceIds: [w.deviceId], refused: [] });

    const at = Date.now();
    await w.telemetry.record({ deviceId: w.deviceId, at, readings: [{ pointId: w.points.humidity, value: 61.5 }] });
    const data = await browser.next('data', 1000);
    expect(data).toEqual({ type: 'data', deviceId: w.deviceId, at, values: { [w.points.humidity]: 61.5 } });
  });

  it("cannot follow another owner's device", async () => {
    const browser = await connect();
    browser.send({ type: 'auth', token: w.owner.token });
    browser.send({ type: 'subscribe', deviceIds: [rival.deviceId, w.deviceId] });
    expect(await browser.next('subscribed')).toMatchObject({ deviceIds: [w.deviceId], refused: [rival.deviceId] });
    // The rival's reading is published before ours in the same flush: had it been delivered, it would be here first.
    await Promise.all([
      rival.telemetry.record({
        deviceId: rival.deviceId,
        at: Date.now(),
        readings: [{ pointId: rival.points.humidity, value: 1 }],
      }),
      w.telemetry.record({
        deviceId: w.deviceId,
        at: Date.now(),
        readings: [{ pointId: w.points.humidity, value: 2 }],
      }),
    ]);
    await browser.next('data');
    expect(browser.received.filter((m) => m.type === 'data').map((m) => m.deviceId)).toEqual([w.deviceId]);
  });

  it('refuses a bad token and closes', async () => {
    const browser = await connect();
    browser.send({ type: 'auth', token: 'not-a-session' });
    expect(await browser.next('error')).toMatchObject({ message: 'Your session has ended; sign in again' });
    expect(await browser.closed()).toBe(CLOSE_UNAUTHORISED);
  });

  it('refuses a subscription before signing in', async () => {
    const browser = await connect();
    browser.send({ type: 'subscribe', deviceIds: [w.deviceId] });
    expect(await browser.closed()).toBe(CLOSE_UNAUTHORISED);
    expect(browser.received.some((m) => m.type === 'subscribed')).toBe(false);
  });

  it('refuses a message it cannot read', async () => {
    const browser = await connect();
    browser.send({ type: 'auth', token: w.owner.token });
    await browser.next('ready');
    browser.send({ type: 'dance' });
    expect(await browser.next('error')).toMatchObject({ message: 'The message could not be read' });
  });

  it('follows at most 200 devices on one socket', async () => {
    const ids = [w.deviceId];
    for (let i = 0; i < 199; i++) ids.push(await insertDevice(t, w.owner.user.id));
    const extra = await insertDevice(t, w.owner.user.id);
    const browser = await connect();
    browser.send({ type: 'auth', token: w.owner.token });
    browser.send({ type: 'subscribe', deviceIds: ids });
    expect(((await browser.next('subscribed')).deviceIds as number[]).length).toBe(200);
    browser.send({ type: 'subscribe', deviceIds: [extra] });
    expect(await browser.next('error')).toMatchObject({ message: 'One connection may follow at most 200 devices' });
  });
});

// SQLite serves one node (one process owns the file), so there is no other node to hear from: the
// hand-over between nodes is LISTEN/NOTIFY, which only PostgreSQL has.
describe.skipIf(testEngine() !== 'postgres')('live data across nodes (PostgreSQL only: LISTEN/NOTIFY)', () => {
  it('a reading recorded by one node reaches a subscriber of another', async () => {
    const other = openDatabase(t.config.databaseUrl);
    const hub = liveFor(other, t.config.databaseUrl, pino({ level: 'silent' }));
    const heard: LiveUpdate[] = [];
    hub.subscribe(w.deviceId, (update) => heard.push(update));
    await hub.listening();
    try {
      const at = Date.now();
      await w.telemetry.record({ deviceId: w.deviceId, at, readings: [{ pointId: w.points.temperature, value: 80 }] });
      await vi.waitFor(() =>
        expect(heard.find((u) => u.type === 'data')).toMatchObject({
          deviceId: w.deviceId,
          at,
          values: { [w.points.temperature]: 80 },
        }),
      );
    } finally {
      await hub.close();
      await other.close();
    }
  });
});
