import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildMqttWorld, connectDevice, type MqttWorld } from './testing.ts';

const main = path.resolve(import.meta.dirname, '../../main.ts');
const MB = 1024 * 1024;
const FLOODERS = 50;
/** What each flooder streams after its header, unless the server closes the connection first. */
const FLOOD_BYTES = 4 * MB;
/** A CONNECT fixed header announcing 268,435,455 bytes, the largest MQTT can announce (256 MB). */
const HUGE_CONNECT = Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]);

/** The resident memory the operating system gives a process (Linux `/proc`), in bytes. */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
}

/**
 * One raw TCP connection that sends a CONNECT header announcing 256 MB, then streams bytes (with
 * backpressure, at most FLOOD_BYTES) until the server closes it. Resolves with what it sent.
 */
function flood(port: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  const socket = createConnection(port, '127.0.0.1');
  const pump = () => {
    while (sent < FLOOD_BYTES && !socket.destroyed) {
      sent += chunk.length;
      if (!socket.write(chunk)) {
        socket.once('drain', pump);
        return;
      }
    }
  };
  socket.on('connect', () => {
    socket.write(HUGE_CONNECT);
    pump();
  });
  // The server resets a connection that still has bytes on their way.
  socket.on('error', () => {});
  socket.resume();
  return new Promise((resolve) => socket.on('close', () => resolve(sent)));
}

/**
 * The gateway as `npm start -- --services=gateway` runs it, in its own process, so that its memory
 * is measured alone (not the test's clients, nor vitest), on the test's database.
 */
describe('an MQTT flood of announced 256 MB packets, against the gateway process', () => {
  let t: TestApp;
  let world: MqttWorld;
  let dataDir: string;
  let gateway: ChildProcess;
  let port = 0;
  const logs: Array<Record<string, unknown>> = [];
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    world = await buildMqttWorld(t);
    dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-flood-'));
    gateway = spawn(process.execPath, [main, '--services=gateway'], {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_FORMAT: 'json',
        DATABASE_URL: t.config.databaseUrl,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        MQTT_PORT: '0',
        DTU_PORT: '0',
        PASSTHROUGH_PORT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    gateway.stdout?.on('data', (data: Buffer) => {
      const lines = (pending + data.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines.filter(Boolean)) logs.push(JSON.parse(line));
    });
    port = await vi.waitFor(
      () => {
        const listening = logs.find((l) => l.msg === 'mqtt broker listening');
        if (typeof listening?.port !== 'number') throw new Error('the gateway is not listening yet');
        return listening.port;
      },
      { timeout: 25_000, interval: 50 },
    );
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    if (gateway && gateway.exitCode === null) {
      const exited = new Promise((resolve) => gateway.once('exit', resolve));
      gateway.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await t.close();
  });

  const latest = async (deviceId: number) => {
    const res = await world.owner.get(`/iot/devices/${deviceId}/latest`);
    const points = res.json().data.points as Array<{ name: string; value: unknown }>;
    return points.find((p) => p.name === 'Temperature')?.value;
  };

  it('closes all 50 connections at their header, counts them, keeps its memory, and a device keeps publishing', async () => {
    const d = await world.addDevice();
    const device = await connectDevice(port, d.sn);
    clients.push(device);
    const publish = (value: number) =>
      device.publishAsync(`devices/${d.sn}/up`, JSON.stringify({ values: { Temperature: value } }), { qos: 1 });
    await publish(1);
    await expect.poll(() => latest(d.id)).toBe(1);

    const idle = rssOf(gateway.pid as number);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(gateway.pid as number));
    }, 20);
    let closed = 0;
    const flooders = Array.from({ length: FLOODERS }, async () => {
      const sent = await flood(port);
      closed++;
      return sent;
    });
    try {
      // The device publishes all through the flood; each PUBACK means its value is committed.
      for (let value = 2; value <= 20; value++) await publish(value);
      await expect.poll(() => closed, { timeout: 10_000 }).toBe(FLOODERS);
    } finally {
      clearInterval(sampler);
    }
    const sent = await Promise.all(flooders);
    peak = Math.max(peak, rssOf(gateway.pid as number));
    const after = rssOf(gateway.pid as number);
    console.info(
      `gateway RSS: idle ${(idle / MB).toFixed(1)} MB, peak under the flood ${(peak / MB).toFixed(1)} MB, after ${(after / MB).toFixed(1)} MB; flooders wrote ${(sent.reduce((a, b) => a + b, 0) / MB).toFixed(1)} MB`,
    );

    expect(peak - idle).toBeLessThan(50 * MB);
    expect(after - idle).toBeLessThan(50 * MB);
    await expect.poll(() => logs.filter((l) => l.refused === 'tooLarge').length).toBe(FLOODERS);
    expect(device.connected).toBe(true);
    await publish(21);
    await expect.poll(() => latest(d.id)).toBe(21);
  });
});
