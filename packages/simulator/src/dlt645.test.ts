import { describe, expect, it } from 'vitest';
import {
  addressBytes,
  decodeValue,
  encodeFrame,
  encodeValue,
  errorAnswer,
  errorCauses,
  KNOWN_IDENTIFIERS,
  parseFrame,
  readAnswer,
  readOutcome,
  readRequest,
} from './dlt645.ts';
import { Dlt645Meter } from './dlt645-meter.ts';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');
const energy = KNOWN_IDENTIFIERS['00010000'];

describe('DL/T 645-2007 frames', () => {
  it('builds the read of forward active total energy that meter tools send to the wildcard address', () => {
    // The standard's example: DI 00 01 00 00 goes out DI0 first, each byte + 0x33: 33 33 34 33.
    expect(readRequest('aaaaaaaaaaaa', '00010000')).toEqual(
      hex('FE FE FE FE 68 AA AA AA AA AA AA 68 11 04 33 33 34 33 AE 16'),
    );
  });

  it('writes the meter address in BCD lowest pair first', () => {
    expect(addressBytes('201207250003')).toEqual(hex('03 00 25 07 12 20'));
    // Checksum by hand: 68+01+68+11+04+33+33+34+33 = 0x1B3.
    expect(readRequest('000000000001', '00010000')).toEqual(
      hex('FE FE FE FE 68 01 00 00 00 00 00 68 11 04 33 33 34 33 B3 16'),
    );
  });

  it('reads a meter answer of 1234.56 kWh, with or without the preamble', () => {
    // 001234.56 as BCD XXXXXX.XX lowest byte first is 56 34 12 00, on the wire 89 67 45 33;
    // checksum by hand: 68+01+68+91+08 + (33+33+34+33) + (89+67+45+33) = 0x39F.
    const answer = hex('68 01 00 00 00 00 00 68 91 08 33 33 34 33 89 67 45 33 9F 16');
    expect(readAnswer('000000000001', '00010000', encodeValue(energy, 1234.56) as Buffer).subarray(4)).toEqual(answer);
    for (const bytes of [answer, Buffer.concat([hex('FE FE'), answer])]) {
      const parsed = parseFrame(bytes);
      if (parsed.kind !== 'frame') throw new Error(parsed.kind);
      expect(parsed.length).toBe(bytes.length);
      expect(readOutcome(parsed.frame, '000000000001', '00010000', energy)).toEqual({ kind: 'value', value: 1234.56 });
      // The same answer is not taken for another meter or another identifier.
      expect(readOutcome(parsed.frame, '000000000002', '00010000', energy).kind).toBe('mismatch');
      expect(readOutcome(parsed.frame, '000000000001', '00020000', energy).kind).toBe('mismatch');
    }
  });

  it('refuses a frame with a bad checksum, and waits for the rest of a partial frame', () => {
    const answer = hex('68 01 00 00 00 00 00 68 91 08 33 33 34 33 89 67 45 33 9F 16');
    const corrupted = Buffer.from(answer);
    corrupted[15] ^= 0x01;
    expect(parseFrame(corrupted)).toEqual({ kind: 'corrupt', length: answer.length, reason: 'checksum' });
    expect(parseFrame(answer.subarray(0, 12))).toEqual({ kind: 'incomplete' });
    expect(parseFrame(hex('FE FE'))).toEqual({ kind: 'incomplete' });
    expect(parseFrame(hex('00 11 68'))).toEqual({ kind: 'garbage', length: 2 });
  });

  it('reads an error answer and names its error byte', () => {
    // C = D1 (answer, error, read data), one byte 02 "no requested data", sent as 35.
    const frame = hex('68 01 00 00 00 00 00 68 D1 01 35 D8 16');
    expect(errorAnswer('000000000001', 0x02).subarray(4)).toEqual(frame);
    const parsed = parseFrame(frame);
    if (parsed.kind !== 'frame') throw new Error(parsed.kind);
    expect(readOutcome(parsed.frame, '000000000001', '00010000', energy)).toEqual({
      kind: 'error',
      code: 2,
      causes: ['noData'],
    });
    expect(errorCauses(0x04 | 0x01)).toEqual(['other', 'unauthorised']);
    expect(errorCauses(0)).toEqual(['other']);
  });

  it('encodes values with the decimals and sign bit of their format', () => {
    const current = KNOWN_IDENTIFIERS['02020100']; // XXX.XXX A, top bit the sign
    expect(encodeValue(current, -1.5)).toEqual(hex('00 15 80'));
    expect(decodeValue(current, hex('00 15 80'))).toBe(-1.5);
    expect(encodeValue(KNOWN_IDENTIFIERS['02010100'], 220.1)).toEqual(hex('01 22'));
    expect(encodeValue(energy, 1_000_000)).toBeUndefined();
    expect(encodeValue(energy, -1)).toBeUndefined();
    expect(decodeValue(energy, hex('5A 34 12 00'))).toBeUndefined();
  });
});

describe('simulated DL/T 645 meter', () => {
  const meter = new Dlt645Meter({ address: '000000000001', values: { '00010000': 1234.56, '02010100': 220.1 } });

  it('answers reads of its identifiers and the wildcard address', () => {
    for (const address of ['000000000001', 'aaaaaaaaaaaa']) {
      const parsed = parseFrame(meter.handle(readRequest(address, '02010100')) as Buffer);
      if (parsed.kind !== 'frame') throw new Error(parsed.kind);
      expect(readOutcome(parsed.frame, '000000000001', '02010100', KNOWN_IDENTIFIERS['02010100'])).toEqual({
        kind: 'value',
        value: 220.1,
      });
    }
  });

  it('answers "no requested data" for an identifier it lacks, and stays silent for others or bad frames', () => {
    expect(meter.handle(readRequest('000000000001', '00020000'))).toEqual(errorAnswer('000000000001', 0x02));
    expect(meter.handle(readRequest('000000000002', '00010000'))).toBeUndefined();
    const bad = readRequest('000000000001', '00010000');
    bad[bad.length - 2] ^= 0xff;
    expect(meter.handle(bad)).toBeUndefined();
  });

  it('tells its address to a read-address command sent to the wildcard', () => {
    const parsed = parseFrame(
      meter.handle(encodeFrame({ address: 'aaaaaaaaaaaa', control: 0x13, data: Buffer.alloc(0) })) as Buffer,
    );
    if (parsed.kind !== 'frame') throw new Error(parsed.kind);
    expect(parsed.frame).toEqual({ address: '000000000001', control: 0x93, data: hex('01 00 00 00 00 00') });
  });

  it('follows a changed value', () => {
    meter.set('00010000', 1300.01);
    const parsed = parseFrame(meter.handle(readRequest('000000000001', '00010000')) as Buffer);
    if (parsed.kind !== 'frame') throw new Error(parsed.kind);
    expect(readOutcome(parsed.frame, '000000000001', '00010000', energy)).toEqual({ kind: 'value', value: 1300.01 });
  });
});
