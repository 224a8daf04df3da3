import { describe, expect, it } from 'vitest';
import {
  decodeMetering,
  encodeMetering,
  errorAnswer,
  itemValue,
  parseFrame,
  readAnswer,
  readOutcome,
  readRequest,
  WATER_ITEMS,
} from './cjt188.ts';
import { Cjt188Meter } from './cjt188-meter.ts';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

/** The frame's data as the meter meant it, or the parser's verdict when it is no frame. */
function frameOf(bytes: Uint8Array) {
  const parsed = parseFrame(bytes);
  if (parsed.kind !== 'frame') throw new Error(parsed.kind);
  return parsed;
}

describe('CJ/T 188-2004 frames', () => {
  it('builds the read of metering data (901F) that meter tools send to a cold water meter', () => {
    // Published in github.com/aixiwang/python_cjt188 (python_cjt188.py, its encode test):
    // 68 10 12 00 00 00 00 00 00 01 03 90 1F 00 3D 16, meter 00000000000012, DI 90 1F, SER 00.
    expect(readRequest(0x10, '00000000000012', '901f').subarray(2)).toEqual(
      hex('68 10 12 00 00 00 00 00 00 01 03 90 1F 00 3D 16'),
    );
    // With the two FE wake-up bytes in front, as we send it.
    expect(readRequest(0x10, '00000000000012', '901f').subarray(0, 2)).toEqual(hex('FE FE'));
  });

  it('reads the published answer of that meter: 1000.10 m³ now and at the settlement day', () => {
    // The same tool's decode test: C = 81, L = 16, DI 90 1F, SER 00, 00100010 (BCD, lowest byte
    // first) with unit 2C (m³) twice, a clock of zeros and the status bytes 00 FF; CS 67.
    const answer = hex(
      'FE FE FE 68 10 12 00 00 00 00 00 00 81 16 90 1F 00 10 00 10 00 2C 10 00 10 00 2C 00 00 00 00 00 00 00 00 FF 67 16',
    );
    const { frame, length } = frameOf(answer);
    expect(length).toBe(answer.length);
    expect(frame).toMatchObject({ type: 0x10, address: '00000000000012', control: 0x81 });
    const outcome = readOutcome(frame, '00000000000012', '901f');
    if (outcome.kind !== 'data') throw new Error(outcome.kind);
    const data = decodeMetering(outcome.data);
    expect(data).toEqual({ current: 1000.1, settlement: 1000.1, time: '0000-00-00 00:00:00', status: 0xff00 });
    expect(itemValue(WATER_ITEMS['901f:current'], data as NonNullable<typeof data>)).toBe(1000.1);
    // Not taken for another meter.
    expect(readOutcome(frame, '00000000000013', '901f').kind).toBe('mismatch');
  });

  it('takes an answer that echoes the identifier as 1F 90, as many meters do', () => {
    // Published in the notes at the top of a Go water-meter reader on GitHub (its `readSB` polls
    // water meters over RS485): the read 68 10 44 33 22 11 00 33 78 01 03 1F 90 00 80 16 of meter
    // 78330011223344, DI sent 1F 90.
    const request = hex('68 10 44 33 22 11 00 33 78 01 03 1F 90 00 80 16');
    expect(frameOf(request).frame).toEqual({
      type: 0x10,
      address: '78330011223344',
      control: 0x01,
      data: hex('1F 90 00'),
    });
    const meter = new Cjt188Meter({ address: '78330011223344', current: 12.5 });
    const { frame } = frameOf(meter.handle(request) as Buffer);
    const outcome = readOutcome(frame, '78330011223344', '901f');
    if (outcome.kind !== 'data') throw new Error(outcome.kind);
    expect(decodeMetering(outcome.data)?.current).toBe(12.5);
  });

  it('refuses the published answer whose checksum is wrong, and waits for a partial frame', () => {
    // The Go reader's notes give this answer and say "the checksum of the answer is wrong": the bytes
    // from 68 sum to ..13, not 08.
    const wrong = hex(
      'FE FE FE FE 68 10 44 33 22 11 00 33 78 81 16 1F 90 00 00 77 66 55 2C 00 77 66 55 2C 31 01 22 11 05 15 20 21 84 08 16',
    );
    expect(parseFrame(wrong)).toEqual({ kind: 'corrupt', length: wrong.length, reason: 'checksum' });
    // Published in a Kotlin M-Bus tool on GitHub (com.amware.meterkit, a wildcard read, SER 01):
    // whole, then cut short.
    const wildcard = hex('68 10 AA AA AA AA AA AA AA 01 03 1F 90 01 D2 16');
    expect(frameOf(wildcard).frame.address).toBe('aaaaaaaaaaaaaa');
    expect(parseFrame(wildcard.subarray(0, 12))).toEqual({ kind: 'incomplete' });
    expect(parseFrame(hex('00 11 68'))).toEqual({ kind: 'garbage', length: 2 });
  });

  it('reads an error answer with its status bytes', () => {
    // C = C1, L = 03: SER 05 and the status bytes 04 00 (battery low); CS by hand:
    // 68+10+01+C1+03+05+04 = 0x146.
    const frame = hex('68 10 01 00 00 00 00 00 00 C1 03 05 04 00 46 16');
    expect(errorAnswer(0x10, '00000000000001', 5, 0x0004).subarray(2)).toEqual(frame);
    expect(readOutcome(frameOf(frame).frame, '00000000000001', '901f')).toEqual({ kind: 'error', status: 4 });
  });

  it('converts litres to cubic metres and refuses a unit that is no volume', () => {
    const time = '2026-11-29 10:15:30';
    const litres = encodeMetering({ current: 1.5, settlement: 1, time, status: 0 }, 0x29) as Buffer;
    // 1.5 m³ = 1500.00 L: 00 00 15 00 lowest first, then 29.
    expect(litres.subarray(0, 5)).toEqual(hex('00 00 15 00 29'));
    // The clock goes out seconds first: 30 15 10 29 11 26 20.
    expect(litres.subarray(10, 17)).toEqual(hex('30 15 10 29 11 26 20'));
    expect(decodeMetering(litres)).toEqual({ current: 1.5, settlement: 1, time, status: 0 });
    const kwh = Buffer.from(litres);
    kwh[4] = 0x05;
    expect(decodeMetering(kwh)).toBeUndefined();
    expect(encodeMetering({ current: 1_000_000, settlement: 0, time, status: 0 })).toBeUndefined();
  });
});

describe('simulated CJ/T 188 water meter', () => {
  const meter = new Cjt188Meter({ address: '00000000000001', current: 123.45, settlement: 100, status: 0 });
  const at = new Date('2026-11-29T10:00:00Z');

  it('answers a read of 901F at its address or the wildcard, with the clock it reads', () => {
    for (const address of ['00000000000001', 'aaaaaaaaaaaaaa']) {
      const { frame } = frameOf(meter.handle(readRequest(0x10, address, '901f', 7), at) as Buffer);
      expect(frame.data.subarray(0, 3)).toEqual(hex('90 1F 07'));
      const outcome = readOutcome(frame, '00000000000001', '901f');
      if (outcome.kind !== 'data') throw new Error(outcome.kind);
      expect(decodeMetering(outcome.data)).toEqual({
        current: 123.45,
        settlement: 100,
        time: '2026-11-29 10:00:00',
        status: 0,
      });
    }
  });

  it('answers an error for an identifier it lacks, and stays silent for others or bad frames', () => {
    expect(meter.handle(readRequest(0x10, '00000000000001', 'd120', 2), at)).toEqual(
      errorAnswer(0x10, '00000000000001', 2, 0x0100),
    );
    expect(meter.handle(readRequest(0x10, '00000000000002', '901f'), at)).toBeUndefined();
    expect(meter.handle(readRequest(0x30, '00000000000001', '901f'), at)).toBeUndefined();
    const bad = readRequest(0x10, '00000000000001', '901f');
    bad[bad.length - 2] ^= 0xff;
    expect(meter.handle(bad, at)).toBeUndefined();
  });

  it('follows a changed reading', () => {
    meter.set({ current: 130.02, status: 0x0004 });
    const { frame } = frameOf(meter.handle(readAnswerRequest(), at) as Buffer);
    const outcome = readOutcome(frame, '00000000000001', '901f');
    if (outcome.kind !== 'data') throw new Error(outcome.kind);
    expect(decodeMetering(outcome.data)).toMatchObject({ current: 130.02, status: 4 });
    expect(readAnswer(0x10, '00000000000001', '901f', 0, outcome.data)).toEqual(meter.handle(readAnswerRequest(), at));
  });
});

function readAnswerRequest() {
  return readRequest(0x10, '00000000000001', '901f');
}
