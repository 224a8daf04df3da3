import { crc16 } from '@meridian/simulator/modbus';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, jobContextOf, memoryLogger, type TestApp } from '../../../test/app.ts';

import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildDevice, mainAccount, messageFor, newSn } from '../devices/testing.ts';
import { linksFor } from './links.ts';
import type { DtuServer } from './server.ts';
import { registrationsCleanup } from './service.ts';
import {
  connectDtu,
  plantSlave,
  plantTemplate,
  RecordingTelemetry,
  registrationOf,
  startTestDtuServer,
  type TestDtu,
  type TestSlave,
} from './testing.ts';

const silentLog = memoryLogger().logger;

let t: TestApp;
let owner: Caller;
let stranger: Caller;
let server: DtuServer;
let points: Map<string, number>;
let deviceId: number;
let sn: string;
let slave: TestSlave;
let dtu: TestDtu;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await mainAccount(t);
  stranger = await mainAccount(t);
  const template = await owner.post('/iot/templates', plantTemplate('Plant Controller'));
  points = new Map(template.json().data.points.map((p: { id: number; name: string }) => [p.name, p.id]));
  sn = newSn();
  // An hour between polls: every request the slave sees in these tests is a write or a debug.
  deviceId = await buildDevice(owner, {
    sn,
    commPassword: 'secret12',
    templateId: template.json().data.id,
    queryInterval: 3600,
  });
  server = await startTestDtuServer(t.db, silentLog, { readTimeoutMs: 150 });
  slave = plantSlave();
  dtu = await connectDtu(server.port, registrationOf(sn, 'secret12'), [slave]);
  // In a hook, where expect.poll may not run: vi.waitFor.
  await vi.waitFor(() => expect(linksFor(t.db).get(deviceId)).toBeDefined(), { timeout: 5_000 });
  await vi.waitFor(() => expect(slave.requests.length).toBeGreaterThanOrEqual(5), { timeout: 5_000 });
});
afterAll(async () => {
  dtu.close();
  await server.stop();
  await t.close();
});

const write = (name: string, value: unknown, c: Caller = owner) =>
  c.post(`/iot/devices/${deviceId}/points/${points.get(name)}/write`, { value });

describe('writing a data point', () => {
  it('applies the inverse formula, writes the register ahead of polling, and audits it', async () => {
    const res = await write('Setpoint', 25.5);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ pointId: points.get('Setpoint'), raw: 255 });
    expect(slave.holding.get(10)).toBe(255);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'result', 'target_id'])
      .where('action', '=', 'writePoint')
      .execute();
    expect(audit).toContainEqual({ action: 'writePoint', result: 'ok', target_id: String(deviceId) });
  });

  it('writes a coil, and one bit of a register without touching the others', async () => {
    expect((await write('Pump Switch', false)).statusCode).toBe(200);
    expect(slave.coils.get(0)).toBe(0);
    slave.holding.set(20, 0b1000_1001);
    expect((await write('Run Flag', 0)).statusCode).toBe(200);
    expect(slave.holding.get(20)).toBe(0b1000_0001);
  });

  it('refuses a read-only point with the spec message', async () => {
    const res = await write('Humidity', 50);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Read-only data points do not support this operation');
  });

  it('checks the value against the point type and the range of its variant', async () => {
    const number = await write('Setpoint', 'high');
    expect(messageFor(number.json(), 'value')).toEqual(['The value of this data point must be a number']);
    const sw = await write('Pump Switch', 2);
    expect(messageFor(sw.json(), 'value')).toEqual(['A switch takes on or off (true/false or 1/0)']);
    const range = await write('Setpoint', 4000);
    expect(messageFor(range.json(), 'value')).toEqual([
      'Variable storage range error: after the control formula the value is 40000, and int16 holds -32768 to 32767',
    ]);
  });

  it('says why a command failed: slave error reply, slave no reply, execution failure', async () => {
    slave.fault = 'exception';
    const exception = await write('Setpoint', 20);
    expect([exception.statusCode, exception.json().message]).toEqual([502, 'Slave error reply (exception code 2)']);
    slave.fault = 'noReply';
    const silent = await write('Setpoint', 20);
    expect([silent.statusCode, silent.json().message]).toEqual([504, 'Slave no reply']);
    slave.fault = 'badCrc';
    const garbled = await write('Setpoint', 20);
    expect([garbled.statusCode, garbled.json().message]).toEqual([502, 'Execution failure']);
    slave.fault = 'none';
    expect((await write('Setpoint', 20)).statusCode).toBe(200);
    const failed = await t.db.kysely
      .selectFrom('audit_log')
      .select('result')
      .where('action', '=', 'writePoint')
      .where('result', '=', 'fail')
      .execute();
    expect(failed.length).toBeGreaterThanOrEqual(3);
  });

  it('says the device is offline when it is not connected', async () => {
    const other = await buildDevice(owner, {
      sn: newSn(),
      commPassword: 'secret12',
      templateId: (
        await t.db.kysely
          .selectFrom('devices')
          .select('template_id')
          .where('id', '=', deviceId)
          .executeTakeFirstOrThrow()
      ).template_id,
    });
    const res = await owner.post(`/iot/devices/${other}/points/${points.get('Setpoint')}/write`, { value: 20 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^The device is offline/);
  });

  it('answers 404 to someone who may not see the device', async () => {
    expect((await write('Setpoint', 20, stranger)).statusCode).toBe(404);
  });
});

describe('Data Debugging', () => {
  const debug = (payload: string, id = deviceId) => owner.post(`/iot/devices/${id}/debug`, { payload });

  it('sends the bytes as they are and returns the raw reply as hex; audited', async () => {
    const res = await debug('01 03 00 00 00 01 84 0A');
    expect(res.statusCode, res.body).toBe(200);
    // Holding register 0 holds 655 (0x028F).
    const reply = Buffer.from('010302028F', 'hex');
    const crc = crc16(reply);
    const expected = Buffer.concat([reply, Buffer.from([crc & 0xff, crc >> 8])])
      .toString('hex')
      .toUpperCase();
    expect(res.json().data).toMatchObject({ sent: '010300000001840A', reply: expected });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('result')
      .where('action', '=', 'debugDevice')
      .execute();
    expect(audit).toEqual([{ result: 'ok' }]);
  });

  it('refuses empty, too long and non-hexadecimal data, each with its message', async () => {
    expect(messageFor((await debug('')).json(), 'payload')).toContain('The data to send must not be empty');
    expect(messageFor((await debug('AB'.repeat(129))).json(), 'payload')).toContain(
      'The data to send is at most 256 characters',
    );
    expect(messageFor((await debug('01 0G')).json(), 'payload')).toContain(
      'The data to send must be hexadecimal (0-9, A-F)',
    );
    expect(messageFor((await debug('010')).json(), 'payload')).toContain(
      'The data to send must be whole bytes: an even number of hexadecimal digits',
    );
  });

  it('says the device type does not support debugging where its link cannot', async () => {
    const other = await buildDevice(owner, { sn: newSn(), protocol: 'mqttJson' });
    const link = { transport: 'mqtt' as const, holder: null, write: async () => undefined, close: () => undefined };
    linksFor(t.db).set(other, link);
    try {
      const res = await debug('0102', other);
      expect([res.statusCode, res.json().message]).toEqual([400, 'Device type does not support debugging']);
    } finally {
      linksFor(t.db).delete(other, link);
    }
  });
});

describe('the registration log and DTU settings', () => {
  it('lists the registrations of devices the caller sees, reason in their language; unknown SNs only for the platform', async () => {
    const refused = await connectDtu(server.port, registrationOf(sn, 'badpass1'), []);
    await refused.closed;
    await (await connectDtu(server.port, registrationOf(newSn(), 'whatever'), [])).closed;
    const mine = (await owner.get('/iot/gateway/registrations?size=50')).json().data;
    expect(mine.list.map((r: { sn: string; result: string; reason: string }) => [r.sn, r.result, r.reason])).toEqual([
      [sn, 'wrongPassword', 'Wrong communication password'],
      [sn, 'accepted', 'Registered'],
    ]);
    expect((await stranger.get('/iot/gateway/registrations')).json().data.total).toBe(0);
    const admin = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [5], superAdmin: true, identityId: 4 }));
    const all = (await admin.get('/iot/gateway/registrations?result=unknownDevice')).json().data;
    expect(all.list.map((r: { reason: string }) => r.reason)).toEqual(['Unknown SN or registration packet']);
  });

  it('checks the registration packet, heartbeat and merge length, and keeps a packet to one device', async () => {
    const put = (id: number, body: Record<string, unknown>) =>
      owner.call('PUT', `/iot/devices/${id}/dtu-settings`, body);
    const bad = await put(deviceId, { registrationPacket: 'ZZ', heartbeat: 'AB'.repeat(41), mergeLength: 0 });
    expect(messageFor(bad.json(), 'registrationPacket')).toEqual([
      'Registration packet: hexadecimal, at most 40 bytes',
    ]);
    expect(messageFor(bad.json(), 'heartbeat')).toEqual(['Heartbeat packet: hexadecimal, at most 40 bytes']);
    expect(messageFor(bad.json(), 'mergeLength')).toEqual(['Register merge package length: 1-125']);
    expect((await put(deviceId, { registrationPacket: 'a1b2', mergeLength: 16 })).json().data).toEqual({
      registrationPacket: 'A1B2',
      registrationMode: 'once',
      heartbeat: null,
      mergeLength: 16,
    });
    const other = await buildDevice(owner, { sn: newSn() });
    const taken = await put(other, { registrationPacket: 'A1 B2' });
    expect(messageFor(taken.json(), 'registrationPacket')).toEqual([
      'This registration packet is already used by another device',
    ]);
    const mqtt = await buildDevice(owner, { sn: newSn(), protocol: 'mqttJson' });
    expect((await put(mqtt, {})).json().message).toBe(
      'Only devices that connect through a DTU (Modbus RTU or Modbus TCP) have registration settings',
    );
  });
});

describe('disabling or deleting a connected device', () => {
  it('closes its connection at once, telling telemetry why', async () => {
    const template = await owner.post('/iot/templates', plantTemplate('Plant Controller Two'));
    const telemetry = new RecordingTelemetry();
    const own = await startTestDtuServer(t.db, silentLog, {}, telemetry);
    try {
      for (const [verb, call] of [
        ['disable', (id: number) => owner.post(`/iot/devices/${id}/disable`, {})],
        ['delete', (id: number) => owner.call('DELETE', `/iot/devices/${id}`)],
      ] as const) {
        const id = await buildDevice(owner, {
          sn: newSn(),
          commPassword: 'secret12',
          templateId: template.json().data.id,
        });
        const [row] = await t.db.kysely.selectFrom('devices').select('sn').where('id', '=', id).execute();
        const connected = await connectDtu(own.port, registrationOf(String(row?.sn), 'secret12'), [plantSlave()]);
        await expect.poll(() => linksFor(t.db).get(id), { timeout: 5_000 }).not.toBeUndefined();
        expect((await call(id)).statusCode, verb).toBe(200);
        await connected.closed;
        await expect.poll(() => linksFor(t.db).get(id), { timeout: 5_000 }).toBeUndefined();
        await expect
          .poll(() => telemetry.events.some((e) => e.event === 'offline' && e.deviceId === id), { timeout: 5_000 })
          .toBe(true);
        expect(telemetry.events.filter((e) => e.deviceId === id)).toEqual([
          { deviceId: id, event: 'online', via: 'tcp' },
          { deviceId: id, event: 'offline', reason: 'disabled' },
        ]);
      }
    } finally {
      await own.stop();
    }
  });
});

describe('the nightly cleanup', () => {
  it('removes registration log entries older than a month and keeps the rest', async () => {
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    const address = '203.0.113.9:5000';
    await t.db.kysely
      .insertInto('dtu_registrations')
      .values([
        { at: now - 31 * day, address, sn: 'OLD', device_id: null, result: 'unknownDevice' },
        { at: now - 29 * day, address, sn: 'RECENT', device_id: null, result: 'unknownDevice' },
      ])
      .execute();
    await registrationsCleanup.run(t.db, now, jobContextOf(t));
    const left = await t.db.kysely
      .selectFrom('dtu_registrations')
      .select('sn')
      .where('address', '=', address)
      .execute();
    expect(left).toEqual([{ sn: 'RECENT' }]);
  });
});
