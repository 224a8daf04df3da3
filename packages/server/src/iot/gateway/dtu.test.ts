import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';

import type { Caller } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import type { DtuServer } from './server.ts';
import {
  connectDtu,
  plantSlave,
  plantTemplate,
  RecordingTelemetry,
  registrationOf,
  startTestDtuServer,
  TestSlave,
} from './testing.ts';

const silentLog = memoryLogger().logger;

let t: TestApp;
let owner: Caller;
let templateId: number;
let points: Map<string, number>;

/** A DTU port of the test on a free port, answering fast so that faults take milliseconds. */
async function startServer(telemetry = new RecordingTelemetry()) {
  const server = await startTestDtuServer(t.db, silentLog, { readTimeoutMs: 150, retries: 1 }, telemetry);
  return { server, telemetry };
}

let seq = 0;
async function dtuDevice(change: Record<string, unknown> = {}) {
  const sn = newSn();
  const password = `pw${String(++seq).padStart(6, '0')}`;
  const id = await buildDevice(owner, { sn, commPassword: password, templateId, queryInterval: 1, ...change });
  return { id, sn, password };
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  const res = await owner.post('/iot/templates', plantTemplate('Plant Controller'));
  expect(res.statusCode, res.body).toBe(200);
  templateId = res.json().data.id;
  points = new Map(res.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]));
});
afterAll(() => t.close());

const valuesOf = (telemetry: RecordingTelemetry, deviceId: number) => {
  const batch = telemetry.batches.filter((b) => b.deviceId === deviceId).at(-1);
  return new Map(batch?.readings.map((r) => [r.pointId, r.value]) ?? []);
};

describe('the DTU port', () => {
  let server: DtuServer;
  let telemetry: RecordingTelemetry;
  beforeAll(async () => {
    ({ server, telemetry } = await startServer());
  });
  afterAll(() => server.stop());

  it('registers a DTU by SN and password, reports it online and polls its slave in merged reads', async () => {
    const device = await dtuDevice();
    const slave = plantSlave();
    const dtu = await connectDtu(server.port, registrationOf(device.sn, device.password), [slave]);
    // A whole cycle: on a loaded machine a block may miss its read timeout, and that cycle is
    // recorded with the values it got; the next one brings them all.
    await expect.poll(() => valuesOf(telemetry, device.id).size, { timeout: 10_000 }).toBe(points.size);
    // The online record is announced beside the first cycle, not before it: waited for, not assumed.
    await expect
      .poll(() => telemetry.events, { timeout: 5_000 })
      .toContainEqual({ deviceId: device.id, event: 'online', via: 'tcp' });
    const values = valuesOf(telemetry, device.id);
    expect(Object.fromEntries([...points].map(([name, id]) => [name, values.get(id)]))).toEqual({
      Humidity: 65.5,
      Temperature: -20,
      'Energy Total': 12.5,
      Setpoint: 21.5,
      'Run Flag': 1,
      'Pump Switch': 1,
      'Alarm Input': 0,
      'Flow Rate': 65538,
    });
    // One cycle: holding 0-10 (a gap of 6 merged), holding 20 (a gap of 9 not), coils, discrete inputs, input registers.
    expect(slave.requests.slice(0, 5).map((r) => [r.fn, r.address, r.count])).toEqual([
      [3, 0, 11],
      [3, 20, 1],
      [1, 0, 1],
      [2, 0, 1],
      [4, 0, 2],
    ]);
    // The registration log is written beside the connection, not before the first poll: waited for.
    const log = () =>
      t.db.kysely.selectFrom('dtu_registrations').selectAll().where('device_id', '=', device.id).execute();
    await expect
      .poll(async () => (await log()).map((r) => [r.sn, r.result]), { timeout: 5_000 })
      .toEqual([[device.sn, 'accepted']]);
    dtu.close();
    await expect
      .poll(() => telemetry.events.some((e) => e.deviceId === device.id && e.event === 'offline'), { timeout: 5_000 })
      .toBe(true);
    expect(telemetry.events.filter((e) => e.deviceId === device.id).at(-1)).toEqual({
      deviceId: device.id,
      event: 'offline',
      reason: 'disconnected',
    });
  });

  it('polls again at the query frequency: every second at 1 s, every two seconds at 2 s', async () => {
    const fast = await dtuDevice({ queryInterval: 1 });
    const slow = await dtuDevice({ queryInterval: 2 });
    const fastSlave = plantSlave();
    const dtus = [
      await connectDtu(server.port, registrationOf(fast.sn, fast.password), [fastSlave]),
      await connectDtu(server.port, registrationOf(slow.sn, slow.password), [plantSlave()]),
    ];
    // The time of each poll is the time of its batch; three polls of each give two gaps.
    const pollTimes = (deviceId: number) => telemetry.batches.filter((b) => b.deviceId === deviceId).map((b) => b.at);
    await expect.poll(() => pollTimes(slow.id).length, { timeout: 8000 }).toBeGreaterThanOrEqual(3);
    const meanGap = (times: number[]) => ((times.at(-1) as number) - (times[0] as number)) / (times.length - 1);
    // Polls are due at fixed steps from the first, so a late first tick shortens the mean gap by
    // its lateness at most; a skipped or added cycle would move it by a whole interval.
    expect(meanGap(pollTimes(fast.id))).toBeGreaterThan(800);
    expect(meanGap(pollTimes(fast.id))).toBeLessThan(1400);
    expect(meanGap(pollTimes(slow.id).slice(0, 3))).toBeGreaterThan(1700);
    expect(meanGap(pollTimes(slow.id).slice(0, 3))).toBeLessThan(2600);
    // A changed register reaches telemetry at the next poll.
    fastSlave.holding.set(0, 700);
    await expect
      .poll(() => valuesOf(telemetry, fast.id).get(points.get('Humidity') as number), { timeout: 4000 })
      .toBe(70);
    for (const dtu of dtus) dtu.close();
  });

  it('refuses an unknown SN, a wrong password and a disabled device, closes and logs the reason', async () => {
    const device = await dtuDevice();
    const disabled = await dtuDevice();
    await t.db.kysely.updateTable('devices').set({ enabled: false }).where('id', '=', disabled.id).execute();
    const unknownSn = newSn();
    for (const registration of [
      registrationOf(unknownSn, 'whatever'),
      registrationOf(device.sn, 'wrongpwd'),
      registrationOf(disabled.sn, disabled.password),
    ]) {
      const dtu = await connectDtu(server.port, registration, []);
      await dtu.closed;
    }
    const logged = () =>
      t.db.kysely
        .selectFrom('dtu_registrations')
        .select(['sn', 'result'])
        .where('sn', 'in', [unknownSn, device.sn, disabled.sn])
        .orderBy('id')
        .execute();
    // The log is written after the connection is refused: wait for the last one.
    await expect.poll(async () => (await logged()).length, { timeout: 5_000 }).toBe(3);
    expect(await logged()).toEqual([
      { sn: unknownSn, result: 'unknownDevice' },
      { sn: device.sn, result: 'wrongPassword' },
      { sn: disabled.sn, result: 'disabled' },
    ]);
    expect(telemetry.events.some((e) => e.deviceId === device.id || e.deviceId === disabled.id)).toBe(false);
  });

  it('replaces the first connection of a device by the second', async () => {
    const device = await dtuDevice();
    const first = await connectDtu(server.port, registrationOf(device.sn, device.password), [plantSlave()]);
    await expect
      .poll(() => telemetry.events.some((e) => e.deviceId === device.id && e.event === 'online'), { timeout: 5_000 })
      .toBe(true);
    const second = await connectDtu(server.port, registrationOf(device.sn, device.password), [plantSlave()]);
    await first.closed;
    await expect
      .poll(() => telemetry.events.filter((e) => e.deviceId === device.id).length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(3);
    expect(telemetry.events.filter((e) => e.deviceId === device.id).map((e) => e.reason ?? e.event)).toEqual([
      'online',
      'replaced',
      'online',
    ]);
    expect(second.socket.destroyed).toBe(false);
    second.close();
  });

  it('registers by a custom packet sent before every packet, and drops the configured heartbeats', async () => {
    const device = await dtuDevice();
    const put = await owner.call('PUT', `/iot/devices/${device.id}/dtu-settings`, {
      registrationPacket: 'AA 55 01 02',
      registrationMode: 'everyPacket',
      heartbeat: '4842',
    });
    expect(put.statusCode, put.body).toBe(200);
    const prefix = Buffer.from('AA550102', 'hex');
    const slave = plantSlave();
    const dtu = await connectDtu(server.port, prefix, [slave], { before: prefix });
    await expect
      .poll(() => telemetry.events.some((e) => e.deviceId === device.id && e.event === 'online'), { timeout: 5_000 })
      .toBe(true);
    dtu.send(Buffer.concat([prefix, Buffer.from('HB')]));
    await expect
      .poll(() => valuesOf(telemetry, device.id).get(points.get('Humidity') as number), { timeout: 5_000 })
      .toBe(65.5);
    const connection = [...server.connections].find((c) => c.deviceId === device.id);
    await expect.poll(() => connection?.counters.heartbeats ?? 0, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    expect(connection?.counters.bytesIn).toBeGreaterThan(4);
    dtu.close();
  });

  it('frames Modbus TCP for a modbusTcp device', async () => {
    const device = await dtuDevice({ protocol: 'modbusTcp' });
    const dtu = await connectDtu(server.port, registrationOf(device.sn, device.password), [plantSlave()], {
      tcp: true,
    });
    await expect.poll(() => valuesOf(telemetry, device.id).size, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(valuesOf(telemetry, device.id).get(points.get('Flow Rate') as number)).toBe(65538);
    expect(dtu.received[0]?.subarray(2, 4).toString('hex')).toBe('0000');
    dtu.close();
  });

  it('keeps the connection through an exception reply, silence, a bad CRC, a truncated frame and another slave', async () => {
    const device = await dtuDevice();
    const slave = plantSlave();
    const dtu = await connectDtu(server.port, registrationOf(device.sn, device.password), [slave]);
    await expect.poll(() => valuesOf(telemetry, device.id).size, { timeout: 5_000 }).toBeGreaterThan(0);
    const connection = [...server.connections].find((c) => c.deviceId === device.id);
    for (const fault of ['exception', 'noReply', 'badCrc', 'truncated', 'wrongSlave'] as const) {
      slave.fault = fault;
      const seen = slave.requests.length;
      await expect.poll(() => slave.requests.length, { timeout: 8000 }).toBeGreaterThanOrEqual(seen + 2);
    }
    expect(Object.keys(connection?.counters.failures ?? {}).sort()).toEqual(
      ['badCrc', 'errorReply', 'mismatch', 'noReply', 'truncated'].sort(),
    );
    slave.fault = 'none';
    slave.holding.set(0, 123);
    await expect
      .poll(() => valuesOf(telemetry, device.id).get(points.get('Humidity') as number), { timeout: 4000 })
      .toBe(12.3);
    expect(dtu.socket.destroyed).toBe(false);
    dtu.close();
  }, 30_000);
});

describe('a flood of failed registrations', () => {
  const throttledRows = (sn: string | null) =>
    t.db.kysely
      .selectFrom('dtu_registrations')
      .select('result')
      .where('result', '=', 'throttled')
      .where('sn', sn === null ? 'is' : '=', sn)
      .execute();

  it('slows the failing device alone: after five failures it waits, while another DTU behind the same address registers', async () => {
    const { server } = await startServer();
    try {
      const device = await dtuDevice();
      const neighbour = await dtuDevice();
      for (let i = 0; i < 5; i++)
        await (await connectDtu(server.port, registrationOf(device.sn, 'wrongpwd'), [])).closed;
      const good = await connectDtu(server.port, registrationOf(device.sn, device.password), [new TestSlave(1)]);
      await good.closed;
      // The log is written after the connection is refused: wait for it.
      await expect
        .poll(async () => (await throttledRows(device.sn)).length, { timeout: 5_000 })
        .toBeGreaterThanOrEqual(1);
      // Same address (every test DTU is 127.0.0.1), another device: heard at once.
      const other = await connectDtu(server.port, registrationOf(neighbour.sn, neighbour.password), [new TestSlave(1)]);
      await expect
        .poll(() => [...server.connections].some((c) => c.deviceId === neighbour.id), { timeout: 5_000 })
        .toBe(true);
      expect(other.socket.destroyed).toBe(false);
      other.close();
    } finally {
      await server.stop();
    }
  });

  it('slows a whole address that sends bytes naming no device', async () => {
    const { server } = await startServer();
    try {
      const device = await dtuDevice();
      for (let i = 0; i < 20; i++) {
        await (await connectDtu(server.port, registrationOf(newSn(), 'whatever'), [])).closed;
      }
      const good = await connectDtu(server.port, registrationOf(device.sn, device.password), [new TestSlave(1)]);
      await good.closed;
      expect([...server.connections].some((c) => c.deviceId === device.id)).toBe(false);
      await expect.poll(async () => (await throttledRows(null)).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    } finally {
      await server.stop();
    }
  });
});

describe('behind a load balancer that sends the PROXY protocol', () => {
  const v1 = (ip: string, port: number) => Buffer.from(`PROXY TCP4 ${ip} 10.0.0.1 ${port} 15000\r\n`);
  /** A v2 PROXY header (binary) for an IPv4 TCP origin. */
  const v2 = (ip: string, port: number) => {
    const header = Buffer.alloc(28);
    Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]).copy(header);
    header[12] = 0x21; // version 2, PROXY
    header[13] = 0x11; // IPv4, STREAM
    header.writeUInt16BE(12, 14);
    Buffer.from(ip.split('.').map(Number)).copy(header, 16);
    Buffer.from([10, 0, 0, 1]).copy(header, 20);
    header.writeUInt16BE(port, 24);
    header.writeUInt16BE(15000, 26);
    return header;
  };
  const addressOf = async (deviceId: number) =>
    (
      await t.db.kysely
        .selectFrom('dtu_registrations')
        .select('address')
        .where('device_id', '=', deviceId)
        .executeTakeFirst()
    )?.address;
  const proxied = () =>
    startTestDtuServer(t.db, silentLog, {
      readTimeoutMs: 150,
      retries: 1,
      proxyProtocol: true,
      registrationTimeoutMs: 1000,
    });

  it('registers each DTU under its own address, from a v1 or a v2 header, and polls it', async () => {
    const server = await proxied();
    try {
      const a = await dtuDevice();
      const b = await dtuDevice();
      const first = await connectDtu(
        server.port,
        Buffer.concat([v1('203.0.113.7', 40001), registrationOf(a.sn, a.password)]),
        [plantSlave()],
      );
      const second = await connectDtu(
        server.port,
        Buffer.concat([v2('198.51.100.9', 40002), registrationOf(b.sn, b.password)]),
        [plantSlave()],
      );
      await expect.poll(() => addressOf(a.id), { timeout: 5_000 }).toBe('203.0.113.7:40001');
      await expect.poll(() => addressOf(b.id), { timeout: 5_000 }).toBe('198.51.100.9:40002');
      // Registered and polled: the gateway reads its slave.
      await expect.poll(() => first.received.length, { timeout: 5_000 }).toBeGreaterThan(0);
      await expect.poll(() => second.received.length, { timeout: 5_000 }).toBeGreaterThan(0);
      first.close();
      second.close();
    } finally {
      await server.stop();
    }
  });

  it('slows the address that sends garbage, not the other DTUs behind the same load balancer', async () => {
    const server = await proxied();
    try {
      for (let i = 0; i < 20; i++)
        await (
          await connectDtu(
            server.port,
            Buffer.concat([v1('192.0.2.66', 50000 + i), registrationOf(newSn(), 'whatever')]),
            [],
          )
        ).closed;
      const device = await dtuDevice();
      const good = await connectDtu(
        server.port,
        Buffer.concat([v1('203.0.113.8', 40003), registrationOf(device.sn, device.password)]),
        [plantSlave()],
      );
      await expect
        .poll(() => [...server.connections].some((c) => c.deviceId === device.id), { timeout: 5_000 })
        .toBe(true);
      good.close();
    } finally {
      await server.stop();
    }
  });

  it('closes a connection without a header, or with a broken one, and logs it as malformed', async () => {
    const server = await proxied();
    const malformed = async () =>
      (await t.db.kysely.selectFrom('dtu_registrations').select('id').where('result', '=', 'malformed').execute())
        .length;
    const before = await malformed();
    try {
      const device = await dtuDevice();
      const bare = await connectDtu(server.port, registrationOf(device.sn, device.password), [plantSlave()]);
      await bare.closed;
      const broken = await connectDtu(
        server.port,
        Buffer.concat([
          Buffer.from('PROXY TCP4 not-an-ip 10.0.0.1 1 2\r\n'),
          registrationOf(device.sn, device.password),
        ]),
        [plantSlave()],
      );
      await broken.closed;
      expect([...server.connections].some((c) => c.deviceId === device.id)).toBe(false);
      expect(await addressOf(device.id)).toBeUndefined();
      await expect.poll(malformed, { timeout: 5_000 }).toBe(before + 2);
    } finally {
      await server.stop();
    }
  });
});
