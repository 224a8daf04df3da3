import { describe, expect, it } from 'vitest';
import { bitsOf, readRequest, registersOf, writeRegistersRequest, writeSingleRequest } from './modbus.ts';
import { profile } from './profiles.ts';
import { advance, seeded } from './signals.ts';
import { decodeWords, type Encoding, encodeWords, ModbusSlave } from './slave.ts';

const T0 = 1_750_000_000_000;

describe('register encodings', () => {
  const cases: [Encoding, number][] = [
    ['uint16', 65535],
    ['int16', -1234],
    ['uint32AbCd', 4_000_000_000],
    ['uint32CdAb', 123_456_789],
    ['int32AbCd', -7_654_321],
    ['int32CdAb', -1],
    ['float32AbCd', 230.5],
    ['float32CdAb', -0.125],
    ['float64', 12840.123456789],
    ['bit', 1],
  ];
  it.each(cases)('%s keeps %d through words and back', (encoding, value) => {
    expect(decodeWords(encoding, encodeWords(encoding, value))).toBe(value);
  });

  it('puts the high word first for AB CD and last for CD AB, and applies the scale', () => {
    expect(encodeWords('uint32AbCd', 0x00010002)).toEqual([1, 2]);
    expect(encodeWords('uint32CdAb', 0x00010002)).toEqual([2, 1]);
    expect(encodeWords('float32AbCd', 1)).toEqual([0x3f80, 0]);
    expect(encodeWords('float32CdAb', 1)).toEqual([0, 0x3f80]);
    expect(encodeWords('int16', 23.4, 10)).toEqual([234]);
    expect(decodeWords('int16', [0xff16], 10)).toBe(-23.4);
  });
});

describe('a simulated slave', () => {
  const meter = () => new ModbusSlave(1, profile('meter'), { seed: 1 });

  it('serves the SDM630 map: voltages near 230 V as float32 high word first', () => {
    const reply = meter().handle(readRequest(4, 0, 6), T0);
    const words = registersOf(reply);
    expect(reply[0]).toBe(4);
    for (const i of [0, 2, 4]) expect(decodeWords('float32AbCd', words.slice(i, i + 2))).toBeCloseTo(230, 0);
  });

  it('writes holding registers with functions 06 and 16 and reads them back with 03', () => {
    const plc = new ModbusSlave(1, profile('plc'));
    expect(plc.handle(writeSingleRequest(6, 0, 85), T0)).toEqual(writeSingleRequest(6, 0, 85));
    expect(plc.value('Pressure setpoint VW0', T0)).toBe(0.85);
    plc.handle(writeRegistersRequest(2, [0, 9000]), T0);
    expect(registersOf(plc.handle(readRequest(3, 0, 3), T0))).toEqual([85, 120, 0]);
    expect(registersOf(plc.handle(readRequest(3, 2, 2), T0))).toEqual([0, 9000]);
  });

  it('switches coils with functions 05 and 15 and reads them with 01; discrete inputs with 02', () => {
    const plc = new ModbusSlave(1, profile('plc'));
    plc.handle(writeSingleRequest(5, 1, 1), T0);
    expect(bitsOf(plc.handle(readRequest(1, 0, 3), T0), 3)).toEqual([true, true, false]);
    plc.handle(Buffer.from([15, 0, 0, 0, 3, 1, 0b100]), T0);
    expect(bitsOf(plc.handle(readRequest(1, 0, 3), T0), 3)).toEqual([false, false, true]);
    expect(plc.value('Alarm lamp Q0_2', T0)).toBe(1);
    expect(bitsOf(plc.handle(readRequest(2, 0, 2), T0), 2)).toEqual([true, false]);
  });

  it('keeps a bit of a holding register in its place (auto mode at bit 8 of VW8)', () => {
    const plc = new ModbusSlave(1, profile('plc'));
    expect(registersOf(plc.handle(readRequest(3, 4, 1), T0))).toEqual([0x0100]);
  });

  it('answers exceptions as a device does: 01 unknown function, 02 unmapped address when strict, 03 bad quantity', () => {
    const strict = new ModbusSlave(1, profile('thermo'), { strict: true });
    expect(strict.handle(Buffer.from([0x2b, 0x0e, 1, 0, 0]), T0)).toEqual(Buffer.from([0xab, 1]));
    expect(strict.handle(readRequest(3, 2, 1), T0)).toEqual(Buffer.from([0x83, 2]));
    expect(strict.handle(writeSingleRequest(6, 5, 1), T0)).toEqual(Buffer.from([0x86, 2]));
    expect(strict.handle(readRequest(3, 0, 126), T0)).toEqual(Buffer.from([0x83, 3]));
    expect(strict.handle(readRequest(1, 0, 0), T0)).toEqual(Buffer.from([0x81, 3]));
    expect(strict.handle(Buffer.from([16, 0, 0, 0, 2, 3, 0, 1, 0]), T0)).toEqual(Buffer.from([0x90, 3]));
    const lenient = new ModbusSlave(1, profile('thermo'));
    expect(registersOf(lenient.handle(readRequest(3, 2, 1), T0))).toEqual([0]);
  });

  it('lets a named signal be set only when it is writable', () => {
    const greenhouse = new ModbusSlave(1, profile('greenhouse'));
    expect(greenhouse.set('Fan speed setpoint', 75)).toBe(true);
    expect(greenhouse.value('Fan speed setpoint', T0)).toBe(75);
    expect(greenhouse.set('Air temperature', 10)).toBe(false);
    expect(greenhouse.set('No such point', 1)).toBe(false);
  });
});

describe('drift', () => {
  it('keeps a random walk within its bounds and near its centre over a simulated week', () => {
    const random = seeded(7);
    const drift = { kind: 'walk', centre: 22, min: -10, max: 45, step: 0.05 } as const;
    let v = 22;
    const seen: number[] = [];
    for (let i = 0; i < 60_480; i++) {
      v = advance(drift, v, 10, i * 10, 0, random);
      seen.push(v);
    }
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(-10);
    expect(Math.max(...seen)).toBeLessThanOrEqual(45);
    const mean = seen.reduce((a, b) => a + b, 0) / seen.length;
    expect(Math.abs(mean - 22)).toBeLessThan(2);
    // It moves: not a constant.
    expect(Math.max(...seen) - Math.min(...seen)).toBeGreaterThan(0.5);
  });

  it('only ever grows an energy counter, at about its hourly rate', () => {
    const random = seeded(3);
    let v = 100;
    for (let i = 0; i < 360; i++) {
      const next = advance({ kind: 'counter', perHour: 8 }, v, 10, i * 10, 0, random);
      expect(next).toBeGreaterThan(v);
      v = next;
    }
    expect(v - 100).toBeGreaterThan(6);
    expect(v - 100).toBeLessThan(10);
  });

  it('oscillates a level between mean ± amplitude, reaching near both ends over a period', () => {
    const drift = { kind: 'wave', mean: 2.5, amplitude: 1.2, periodSeconds: 600 } as const;
    const seen = Array.from({ length: 600 }, (_, t) => advance(drift, 0, 1, t, 0, Math.random));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1.3 - 1e-9);
    expect(Math.max(...seen)).toBeLessThanOrEqual(3.7 + 1e-9);
    expect(Math.max(...seen) - Math.min(...seen)).toBeGreaterThan(2.3);
  });

  it('advances the slave by the time between reads, so values differ a minute apart and not within the same instant', () => {
    const slave = new ModbusSlave(1, profile('meter'), { seed: 5 });
    const first = slave.handle(readRequest(4, 0x48, 2), T0);
    expect(slave.handle(readRequest(4, 0x48, 2), T0 + 50)).toEqual(first);
    const later = slave.handle(readRequest(4, 0x48, 2), T0 + 60_000);
    expect(decodeWords('float32AbCd', registersOf(later))).toBeGreaterThan(
      decodeWords('float32AbCd', registersOf(first)),
    );
  });
});
