import type { Variant } from '@meridian/contracts';
import { crc16, encodeRequest, type ModbusRequest, parseRtuReply, parseTcpReply } from '@meridian/simulator/modbus';
import { describe, expect, it } from 'vitest';
import { decodeBlock, planReads } from './planner.ts';
import { decodeRaw, EncodeError, encodeRaw, type GatewayPoint, gatewayPoint, pointValue } from './values.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const withCrc = (s: string) => {
  const b = hex(s);
  const crc = crc16(b);
  return Buffer.concat([b, Buffer.from([crc & 0xff, crc >> 8])]);
};

function point(change: Partial<Parameters<typeof gatewayPoint>[0]> = {}): GatewayPoint {
  return gatewayPoint({
    id: 1,
    name: 'Point',
    slaveAddress: 1,
    registerType: 'holdingRegister',
    registerAddress: 0,
    registerLength: 1,
    variant: 'uint16',
    dataType: 'numeric',
    bitIndex: null,
    precision: 0,
    readWrite: 'readWrite',
    formula: null,
    inverseFormula: null,
    ...change,
  });
}

describe('CRC-16/MODBUS', () => {
  it('matches the published check value and the frames of the Modbus specification', () => {
    expect(crc16(Buffer.from('123456789'))).toBe(0x4b37);
    // Modbus over serial line guide: 01 03 00 00 00 0A C5 CD; the application protocol's 11 03 00 6B 00 03 76 87.
    expect(encodeRequest({ slave: 1, fn: 3, address: 0, count: 10 }, 'rtu').toString('hex')).toBe('01030000000ac5cd');
    expect(encodeRequest({ slave: 0x11, fn: 3, address: 0x6b, count: 3 }, 'rtu').toString('hex')).toBe(
      '1103006b00037687',
    );
    // A whole frame with its CRC checks to zero.
    expect(crc16(hex('1103006b00037687'))).toBe(0);
  });
});

describe('Modbus frames', () => {
  it('builds read and write requests for every function code', () => {
    expect(encodeRequest({ slave: 1, fn: 1, address: 0x13, count: 0x25 }, 'rtu').subarray(0, 6).toString('hex')).toBe(
      '010100130025',
    );
    expect(encodeRequest({ slave: 1, fn: 2, address: 0xc4, count: 0x16 }, 'rtu').subarray(0, 6).toString('hex')).toBe(
      '010200c40016',
    );
    expect(encodeRequest({ slave: 1, fn: 4, address: 8, count: 1 }, 'rtu').subarray(0, 6).toString('hex')).toBe(
      '010400080001',
    );
    expect(
      encodeRequest({ slave: 1, fn: 5, address: 0xac, count: 1, data: hex('ff00') }, 'rtu')
        .subarray(0, 6)
        .toString('hex'),
    ).toBe('010500acff00');
    expect(
      encodeRequest({ slave: 1, fn: 6, address: 1, count: 1, data: hex('0003') }, 'rtu')
        .subarray(0, 6)
        .toString('hex'),
    ).toBe('010600010003');
    expect(
      encodeRequest({ slave: 1, fn: 15, address: 0x13, count: 10, data: hex('cd01') }, 'rtu')
        .subarray(0, 9)
        .toString('hex'),
    ).toBe('010f0013000a02cd01');
    expect(
      encodeRequest({ slave: 1, fn: 16, address: 1, count: 2, data: hex('000a0102') }, 'rtu')
        .subarray(0, 11)
        .toString('hex'),
    ).toBe('0110000100020400' + '0a0102');
  });

  it('frames Modbus TCP with the MBAP header and no CRC', () => {
    const frame = encodeRequest({ slave: 9, fn: 3, address: 0x10, count: 2, transaction: 0x1234 }, 'tcp');
    expect(frame.toString('hex')).toBe('1234000000060903' + '00100002');
  });

  const read: ModbusRequest = { slave: 1, fn: 3, address: 0, count: 2 };

  it('tells a good reply, an exception, a bad CRC, a truncated frame and another slave apart', () => {
    const good = withCrc('0103 04 0001 0002');
    expect(parseRtuReply(read, good)).toMatchObject({ kind: 'ok', used: 9 });
    expect((parseRtuReply(read, good) as { data: Buffer }).data.toString('hex')).toBe('00010002');
    expect(parseRtuReply(read, withCrc('0183 02'))).toEqual({ kind: 'exception', code: 2, used: 5 });
    const bad = Buffer.from(good);
    bad[8] = (bad[8] as number) ^ 1;
    expect(parseRtuReply(read, bad)).toEqual({ kind: 'badCrc', used: 9 });
    expect(parseRtuReply(read, good.subarray(0, 6))).toEqual({ kind: 'incomplete' });
    expect(parseRtuReply(read, good.subarray(0, 1))).toEqual({ kind: 'incomplete' });
    expect(parseRtuReply(read, withCrc('0203 04 0001 0002'))).toMatchObject({ kind: 'mismatch' });
    expect(parseRtuReply(read, withCrc('0104 04 0001 0002'))).toMatchObject({ kind: 'mismatch' });
    expect(parseRtuReply(read, withCrc('0103 02 0001'))).toMatchObject({ kind: 'malformed' });
  });

  it('checks a write echo against the request', () => {
    const write: ModbusRequest = { slave: 1, fn: 6, address: 1, count: 1, data: hex('0003') };
    expect(parseRtuReply(write, withCrc('0106 0001 0003'))).toMatchObject({ kind: 'ok' });
    expect(parseRtuReply(write, withCrc('0106 0002 0003'))).toMatchObject({ kind: 'mismatch' });
  });

  it('parses MBAP replies by transaction and length', () => {
    const req: ModbusRequest = { ...read, transaction: 7 };
    const reply = hex('0007 0000 0007 01 03 04 0001 0002');
    expect(parseTcpReply(req, reply)).toMatchObject({ kind: 'ok', used: 13 });
    expect(parseTcpReply(req, reply.subarray(0, 10))).toEqual({ kind: 'incomplete' });
    expect(parseTcpReply({ ...req, transaction: 8 }, reply)).toMatchObject({ kind: 'mismatch' });
    expect(parseTcpReply(req, hex('0007 0000 0003 01 83 02'))).toEqual({ kind: 'exception', code: 2, used: 9 });
    expect(parseTcpReply(req, hex('0007 0001 0007 01 03 04 0001 0002'))).toMatchObject({ kind: 'malformed' });
  });
});

describe('data types', () => {
  // Every variant: bytes on the wire, the value read, and the way back.
  const cases: Array<[Variant, string, number | string]> = [
    ['int8', 'ff 80', -128], // written sign-extended, so that a slave reading the register as int16 sees -128 too
    ['uint8', '00 ff', 255],
    ['int16', 'ff 38', -200],
    ['uint16', 'ff 38', 65336],
    ['int32AbCd', 'ffff fffe', -2],
    ['int32CdAb', 'fffe ffff', -2],
    ['uint32AbCd', '0001 0000', 65536],
    ['uint32CdAb', '0000 0001', 65536],
    ['float32AbCd', '4148 0000', 12.5],
    ['float32CdAb', '0000 4148', 12.5],
    ['float64', '4029 0000 0000 0000', 12.5],
    ['timestamp32', '6553 f100', 1700000000000],
    ['string', '4142 4300', 'ABC'],
    ['location30', Buffer.from('116.397128,39.916527'.padEnd(30, '\0')).toString('hex'), '116.397128,39.916527'],
  ];

  it.each(cases)('%s reads %s as %s and writes it back', (variant, wire, value) => {
    const bytes = hex(wire);
    expect(decodeRaw(variant, bytes)).toBe(value);
    const p = point({
      variant,
      registerLength: bytes.length / 2,
      dataType: typeof value === 'string' ? 'character' : 'numeric',
    });
    expect(encodeRaw(p, value).toString('hex')).toBe(bytes.toString('hex'));
  });

  it('writes each word-swapped value in bytes of its own', () => {
    const p = point({ variant: 'float32CdAb', registerLength: 2 });
    const first = encodeRaw(p, 12.5);
    const second = encodeRaw(p, -1);
    expect([first.toString('hex'), second.toString('hex')]).toEqual(['00004148', '0000bf80']);
  });

  it('reads one bit of a register and writes only that bit', () => {
    expect(decodeRaw('bit', hex('0004'), 2)).toBe(1);
    expect(decodeRaw('bit', hex('0004'), 1)).toBe(0);
    expect(encodeRaw(point({ variant: 'bit', bitIndex: 2, dataType: 'switch' }), 1).toString('hex')).toBe('0004');
  });

  it('applies the acquisition formula and the precision, and reads null when the formula cannot compute', () => {
    expect(pointValue(point({ formula: 'x * 0.1 + 2', precision: 1 }), 235)).toBe(25.5);
    expect(pointValue(point({ precision: 2 }), 0.1 + 0.2)).toBe(0.3);
    expect(pointValue(point({ formula: '100 / x' }), 0)).toBeNull();
    expect(pointValue(point({ dataType: 'switch', variant: 'bit' }), 1)).toBe(1);
  });

  it('refuses a value the variant cannot hold', () => {
    expect(() => encodeRaw(point({ variant: 'int16' }), 40000)).toThrow(EncodeError);
    expect(() => encodeRaw(point({ variant: 'uint8' }), -1)).toThrow(EncodeError);
    expect(() => encodeRaw(point({ variant: 'float32AbCd' }), 1e39)).toThrow(EncodeError);
    expect(() => encodeRaw(point({ variant: 'string', registerLength: 1 }), 'ABC')).toThrow(EncodeError);
  });
});

describe('the read planner', () => {
  const at = (id: number, address: number, change: Partial<Parameters<typeof gatewayPoint>[0]> = {}) =>
    point({ id, registerAddress: address, ...change });

  it('merges neighbours of one slave and register type up to the merge length, and not across a large gap', () => {
    const points = [
      at(1, 0),
      at(2, 1, { variant: 'float32AbCd' }),
      at(3, 5),
      at(4, 40),
      at(5, 0, { registerType: 'inputRegister' }),
      at(6, 0, { slaveAddress: 2 }),
      at(7, 3, { readWrite: 'writeOnly' }),
    ];
    const blocks = planReads(points, 32);
    const shape = blocks.map((b) => [b.slave, b.fn, b.address, b.count, b.points.map((p) => p.id)]);
    expect(shape).toEqual([
      [1, 3, 0, 6, [1, 2, 3]],
      [1, 3, 40, 1, [4]],
      [1, 4, 0, 1, [5]],
      [2, 3, 0, 1, [6]],
    ]);
  });

  it('splits a long run at the merge length', () => {
    const points = Array.from({ length: 50 }, (_, i) => at(i + 1, i));
    expect(planReads(points, 32).map((b) => [b.address, b.count])).toEqual([
      [0, 32],
      [32, 18],
    ]);
    expect(planReads(points, 10)).toHaveLength(5);
  });

  it('reads every point of a register block where it lies, word-swapped values and text among them', () => {
    const points = [
      at(1, 0, { variant: 'float32CdAb', registerLength: 2, precision: 1 }),
      at(2, 2, { variant: 'int32CdAb', registerLength: 2 }),
      at(3, 4, { variant: 'uint16', formula: 'x / 10', precision: 1 }),
      at(4, 5, { variant: 'string', registerLength: 2, dataType: 'character' }),
      at(5, 7, { variant: 'uint32CdAb', registerLength: 2 }),
    ];
    const [block] = planReads(points);
    expect(block).toMatchObject({ fn: 3, address: 0, count: 9 });
    const data = hex('0000 4148 fffe ffff 04d2 4142 4300 0000 0001');
    const values = decodeBlock(block as NonNullable<typeof block>, data);
    expect(values.map((v) => [v.point.id, v.value])).toEqual([
      [1, 12.5],
      [2, -2],
      [3, 123.4],
      [4, 'ABC'],
      [5, 65536],
    ]);
    // The reply's bytes are read, not changed.
    expect(data.toString('hex')).toBe('00004148fffeffff04d24142430000000001');
  });

  it('reads coils in one request and maps each bit back to its point', () => {
    const coils = [0, 3, 9].map((a, i) => at(i + 1, a, { registerType: 'coil', variant: 'bit', dataType: 'switch' }));
    const [block] = planReads(coils);
    expect(block).toMatchObject({ fn: 1, address: 0, count: 10 });
    const values = decodeBlock(block as NonNullable<typeof block>, Buffer.from([0b0000_1000, 0b10]));
    expect(values.map((v) => [v.point.id, v.value])).toEqual([
      [1, 0],
      [2, 1],
      [3, 1],
    ]);
  });
});
