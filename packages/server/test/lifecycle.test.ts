import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { envelopeOf } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { freePort, spawnMeridian } from './processes.ts';

/**
 * Starts `node src/main.ts` as `npm start` does, and collects what it prints. Every listener (web,
 * DTU port, MQTT broker) takes a free port, so that nothing else on the machine stands in its way.
 */
async function startMeridian(env: Record<string, string>, args: string[] = []) {
  const ports = {
    PORT: String(await freePort()),
    DTU_PORT: String(await freePort()),
    MQTT_PORT: String(await freePort()),
  };
  return spawnMeridian({ ...ports, ...env }, args);
}

/** Waits for a line of the console; a busy machine may take a while to migrate and start. */
const printed = (output: () => string, line: string) =>
  vi.waitFor(() => expect(output()).toContain(line), { timeout: 30_000, interval: 50 });

// Each start migrates a new database in a process of its own: generous on a busy machine.
describe('starting and stopping Meridian', { timeout: 60_000 }, () => {
  let target: TestDatabase;
  let dataDir: string;
  let running: ChildProcess | undefined;

  beforeAll(async () => {
    target = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-data-'));
  });
  afterAll(async () => {
    running?.kill('SIGKILL');
    await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, serves, says where to open it, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const meridian = await startMeridian({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: target.url });
    running = meridian.child;
    await printed(meridian.output, 'is running');
    expect(meridian.output()).toContain(`open http://127.0.0.1:${port}/`);
    expect(meridian.output()).toContain('0001_jobs');

    const health = (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json())) as { data: unknown };
    expect(health.data).toMatchObject({ database: 'up', engine: target.engine });

    meridian.child.kill('SIGTERM');
    expect(await meridian.exited).toBe(0);
    expect(meridian.output()).toContain('stopped; the database is closed');
    if (target.engine === 'sqlite') {
      // A clean close checkpoints the write-ahead log into the database file.
      const file = target.url.replace(/^sqlite:/, '');
      expect(fs.existsSync(`${file}-wal`)).toBe(false);
    }
  });

  it('runs only the services it is told to', async () => {
    const meridian = await startMeridian({ DATA_DIR: dataDir, DATABASE_URL: target.url }, ['--services=jobs']);
    running = meridian.child;
    await printed(meridian.output, 'is running');
    expect(meridian.output()).toContain('running the services jobs');
    meridian.child.kill('SIGINT');
    expect(await meridian.exited).toBe(0);
  });

  it('refuses to start on a bad variable, with one line naming it', async () => {
    const meridian = await startMeridian({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await meridian.exited).toBe(1);
    expect(meridian.output().trim()).toBe('Invalid environment variable PORT="eighty": must be a number');
  });
});

describe('draining on stop', () => {
  it('finishes a request in flight before closing', async () => {
    const t = await buildTestApp();
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((r) => {
      started = r;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => {
      release = r;
    });
    const answer = { config: { access: 'public' }, schema: { response: { 200: envelopeOf(z.string()) } } };
    t.app.get('/api/test/slow', answer, async () => {
      started();
      await released;
      return { code: 200, message: 'ok', data: 'finished' };
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const response = fetch(`http://127.0.0.1:${port}/api/test/slow`).then((r) => r.json());
    await inFlight;
    const closing = t.close();
    // The request finishes only once the server has stopped listening: it was in flight while closing.
    await vi.waitFor(() => expect(t.app.server.listening).toBe(false));
    release();
    expect(await response).toEqual({ code: 200, message: 'ok', data: 'finished' });
    await closing;
  });
});
