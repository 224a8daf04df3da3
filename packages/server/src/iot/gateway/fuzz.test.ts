import { VARIANT_NAMES } from '@meridian/contracts';
import { crc16, encodeRequest, type ModbusRequest, parseRtuReply, parseTcpReply } from '@meridian/simulator/modbus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, memoryLogger, type TestApp } from '../../../test/app.ts';

import { buildDevice, mainAccount, newSn } from '../devices/testing.ts';
import {
  connectDtu,
  plantSlave,
  plantTemplate,
  RecordingTelemetry,
  registrationOf,
  startTestDtuServer,
} from './testing.ts';
import { decodeRaw } from './values.ts';

const silentLog = memoryLogger().logger;

/** A seeded generator (mulberry32), so that a failing run can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  /** A frame with bytes flipped, cut, doubled or padded. */
  const mutate = (frame: Buffer): Buffer => {
    const out = Buffer.from(frame);
    switch (int(5)) {
      case 0:
        if (out.length) out[int(out.length)] = int(256);
        return out;
      case 1:
        return out.subarray(0, int(out.length + 1));
      case 2:
        return Buffer.concat([out, out]);
      case 3:
        return Buffer.concat([bytes(int(8)), out]);
      default:
        return Buffer.concat([out, bytes(int(300))]);
    }
  };
  return { int, bytes, mutate };
}

const KINDS = new Set(['incomplete', 'ok', 'exception', 'badCrc', 'mismatch', 'malformed']);

describe('fuzzing the codec', () => {
  it('parses 40,000 random and mutated frames without throwing, never consuming more than it got', () => {
    const r = random(20240501);
    const requests: ModbusRequest[] = [
      { slave: 1, fn: 3, address: 0, count: 10 },
      { slave: 7, fn: 1, address: 3, count: 13 },
      { slave: 2, fn: 16, address: 9, count: 2, data: Buffer.from('00010002', 'hex') },
      { slave: 1, fn: 4, address: 0, count: 125, transaction: 3 },
    ];
    for (let i = 0; i < 40_000; i++) {
      const req = requests[i % requests.length] as ModbusRequest;
      const valid = Buffer.concat([Buffer.from([req.slave, req.fn, 2]), r.bytes(2)]);
      const crc = crc16(valid);
      const frame = i % 2 ? r.bytes(r.int(300)) : r.mutate(Buffer.concat([valid, Buffer.from([crc & 0xff, crc >> 8])]));
      for (const verdict of [parseRtuReply(req, frame), parseTcpReply(req, frame)]) {
        expect(KINDS.has(verdict.kind)).toBe(true);
        if (verdict.kind !== 'incomplete') expect(verdict.used).toBeLessThanOrEqual(frame.length);
      }
      encodeRequest(req, i % 2 ? 'rtu' : 'tcp');
    }
  });

  it('decodes random registers of every variant without throwing', () => {
    const r = random(7);
    for (let i = 0; i < 5_000; i++) {
      for (const variant of VARIANT_NAMES) decodeRaw(variant, r.bytes(32), r.int(16));
    }
  });
});

describe('fuzzing the DTU port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('survives garbage registrations and thousands of mangled replies, and keeps polling', async () => {
    const owner = await mainAccount(t);
    const template = await owner.post('/iot/templates', plantTemplate('Fuzzed Plant'));
    const sn = newSn();
    const deviceId = await buildDevice(owner, {
      sn,
      commPassword: 'fuzzfuzz',
      templateId: template.json().data.id,
      queryInterval: 1,
    });
    const telemetry = new RecordingTelemetry();
    const server = await startTestDtuServer(
      t.db,
      silentLog,
      { readTimeoutMs: 50, registrationQuietMs: 20, registrationTimeoutMs: 500 },
      telemetry,
    );
    const r = random(42);
    let mangle = true;
    try {
      // The registered DTU first, so that the flood's throttling does not keep it out.
      const slave = plantSlave();
      const dtu = await connectDtu(server.port, registrationOf(sn, 'fuzzfuzz'), [slave], {
        mutate: (reply) => (mangle && r.int(4) ? r.mutate(reply) : reply),
      });
      await expect.poll(() => server.connections.size, { timeout: 5_000 }).toBe(1);
      for (let i = 0; i < 3_000; i++)
        dtu.send(r.int(2) ? r.bytes(r.int(64)) : r.mutate(Buffer.from('0103020001', 'hex')));
      for (let i = 0; i < 40; i++) {
        const garbage = await connectDtu(server.port, r.bytes(r.int(100)), []);
        garbage.close();
      }
      await expect.poll(() => slave.requests.length, { timeout: 10_000 }).toBeGreaterThan(30);
      mangle = false;
      const before = telemetry.batches.length;
      await expect.poll(() => telemetry.batches.length, { timeout: 5_000 }).toBeGreaterThan(before + 1);
      expect(dtu.socket.destroyed).toBe(false);
      expect(server.connections.size).toBe(1);
      expect([...server.connections][0]?.deviceId).toBe(deviceId);
      dtu.close();
    } finally {
      await server.stop();
    }
  }, 30_000);
});
