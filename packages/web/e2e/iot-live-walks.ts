import type { Kysely } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { startTestServer } from '../../server/test/server.ts';
import { ModbusSlave, type SignalSpec, SimulatedDtu } from '../../simulator/src/index.ts';
import { launchBrowser } from './browser.ts';

/**
 * Meridian with its device gateway (a free DTU port) and a browser, for the live-data walks; with
 * `jobs`, its job worker too (alarm snapshots are taken through the outbox).
 */
export function liveSuite(options: { jobs?: boolean } = {}): {
  server: { url: string; db: Kysely<Database>; dtuPort: number; passthroughPort: number };
  browser: Browser;
} {
  const suite = {} as ReturnType<typeof liveSuite>;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const server = options.jobs
      ? await startTestServer(
          { ADMIN_PASSWORD: 'Admin#2026', JOBS_POLL_MS: '200' },
          { services: ['api', 'gateway', 'jobs'] },
        )
      : await startTestServer({ ADMIN_PASSWORD: 'Admin#2026' }, { services: ['api', 'gateway'] });
    close = server.close;
    suite.server = {
      url: server.url,
      db: server.db,
      dtuPort: server.dtuPort ?? 0,
      passthroughPort: server.passthroughPort ?? 0,
    };
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await close?.();
  });
  return suite;
}

/** A call of the API with the session token the page holds, as the page would make it. */
export async function api<T>(page: Page, url: string, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${url}/api/${path}`, {
    method,
    headers: {
      'x-authorization': token ?? '',
      'accept-language': 'zh-CN',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  // A refusal names its broken rules, so that a failing walk says which.
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.message} ${JSON.stringify(envelope.data)}`);
  return envelope.data;
}

/** The PLC of the walk: a counter that moves every second, a temperature, a set point and a pump coil. */
export const PLC_SIGNALS: SignalSpec[] = [
  {
    name: 'Batch counter',
    table: 'holdingRegister',
    address: 0,
    encoding: 'uint16',
    initial: 100,
    drift: { kind: 'counter', perHour: 36_000 },
  },
  {
    name: 'Temperature',
    table: 'holdingRegister',
    address: 1,
    encoding: 'int16',
    scale: 10,
    initial: 22,
    drift: { kind: 'walk', centre: 22, min: 15, max: 30, step: 0.3 },
  },
  {
    name: 'Set point',
    table: 'holdingRegister',
    address: 2,
    encoding: 'int16',
    initial: 40,
    drift: { kind: 'fixed' },
    writable: true,
  },
  { name: 'Pump', table: 'coil', address: 0, encoding: 'bit', initial: 0, drift: { kind: 'fixed' }, writable: true },
];

/** The template of that PLC, as a user would make it: names of 4 to 30 characters. */
export function plcTemplate(name: string) {
  const point = (change: Record<string, unknown>) => ({
    slaveIndex: 1,
    registerType: 'holdingRegister',
    registerLength: 1,
    readWrite: 'readOnly',
    dataType: 'numeric',
    variant: 'int16',
    storage: 'timed',
    ...change,
  });
  return {
    name,
    protocol: 'modbusRtu',
    slaves: [{ index: 1, name: 'Pump PLC', address: 1 }],
    points: [
      point({ name: '批次计数', registerAddress: 0, variant: 'uint16', unit: '件' }),
      point({ name: '出水温度', registerAddress: 1, formula: 'x / 10', precision: 1, unit: '°C' }),
      point({ name: '压力设定值', registerAddress: 2, readWrite: 'readWrite', unit: 'kPa' }),
      point({
        name: '水泵开关',
        registerType: 'coil',
        registerAddress: 0,
        variant: 'bit',
        dataType: 'switch',
        readWrite: 'readWrite',
      }),
    ],
  };
}

export interface PlcWorld {
  deviceId: number;
  points: Record<'counter' | 'temperature' | 'setPoint' | 'pump', number>;
  dtu: SimulatedDtu;
}

/** Adds the template and a DTU device polled every second, then starts a simulated DTU for it. */
export async function plcWorld(page: Page, url: string, dtuPort: number, sn: string): Promise<PlcWorld> {
  const template = await api<{ id: number; points: Array<{ id: number; name: string }> }>(
    page,
    url,
    'POST',
    'iot/templates',
    plcTemplate('泵站 PLC 模板'),
  );
  const idOf = (name: string) => template.points.find((p) => p.name === name)?.id ?? 0;
  const device = await api<{ id: number }>(page, url, 'POST', 'iot/devices', {
    name: '一号泵站',
    sn,
    imei: '861000000000031',
    commPassword: '12345678',
    protocol: 'modbusRtu',
    queryInterval: 1,
    templateId: template.id,
    enabled: true,
  });
  const dtu = new SimulatedDtu({
    host: '127.0.0.1',
    port: dtuPort,
    sn,
    password: '12345678',
    slaves: [new ModbusSlave(1, PLC_SIGNALS, { seed: 7 })],
    heartbeatSeconds: 0,
    reconnectMs: 500,
  });
  return {
    deviceId: device.id,
    points: {
      counter: idOf('批次计数'),
      temperature: idOf('出水温度'),
      setPoint: idOf('压力设定值'),
      pump: idOf('水泵开关'),
    },
    dtu,
  };
}
