import { describe, expect, it } from 'vitest';
import { translate } from '../messages.ts';
import {
  buildCustomFrame,
  bytesOfHex,
  type CustomProtocolDefinition,
  customProtocolInput,
  customProtocolRulesBroken,
  encodeCustomPoint,
  hexOf,
  parseFrameText,
  previewCustomAnswer,
  writeAnswerMatches,
} from './custom-protocol.ts';

/** A Modbus-like meter: holding registers read by a fixed frame, answered with a CRC. */
const meter: CustomProtocolDefinition = customProtocolInput.parse({
  name: 'Flow meter',
  request: '{addr:1} 03 00 00 00 02 {crc16modbus}',
  answerHeader: '{addr:1} 03 06',
  answerLength: 11,
  checksum: 'crc16modbus',
  points: [
    { key: 'level', name: 'Level', offset: 3, type: 'uint16', scale: 1 },
    {
      key: 'temp',
      name: 'Temperature',
      offset: 7,
      type: 'uint16',
      scale: 0.1,
      unit: '°C',
      write: '{addr:1} 06 00 10 {value} {crc16modbus}',
    },
  ],
});

function request(text: string, address: number, value?: Uint8Array) {
  const parsed = parseFrameText(text);
  if (!parsed.ok) throw new Error(parsed.problem.key);
  return hexOf(buildCustomFrame(parsed.segments, address, value));
}

describe('custom protocol frames', () => {
  it('builds the request with the address and the Modbus CRC (the standard read of slave 1: C4 0B)', () => {
    expect(request(meter.request, 1)).toBe('01 03 00 00 00 02 C4 0B');
    expect(request('68 {addr:2} 01 {sum8} 16', 0x1234)).toBe('68 12 34 01 AF 16');
  });

  it("decodes the points of the Modbus specification's example answer", () => {
    const preview = previewCustomAnswer(meter, 1, '01 03 06 022B 0000 0064 057A');
    expect(preview).toEqual({
      ok: true,
      values: [
        { key: 'level', name: 'Level', value: 555, unit: '' },
        { key: 'temp', name: 'Temperature', value: 10, unit: '°C' },
      ],
    });
  });

  it('refuses a bad checksum, a wrong length and another header in words', () => {
    const problem = (text: string, address = 1) => {
      const preview = previewCustomAnswer(meter, address, text);
      return preview.ok ? 'decoded' : translate(preview.problem.key, 'en', preview.problem.params);
    };
    expect(problem('01 03 06 022B 0000 0064 057B')).toBe('Bad checksum: the answer carries 7B05, the bytes give 7A05');
    expect(problem('01 03 06 022B 0000 0064')).toBe('Wrong answer length: 9 bytes received, 11 expected');
    expect(problem('01 03 06 022B 0000 0064 057A', 2)).toBe('Wrong answer header: the answer must start with 02 03 06');
    expect(problem('01 03 0')).toBe('The sample answer must be whole bytes of hex');
  });

  it('reads signed, 32-bit, float, little-endian and BCD values', () => {
    const wide = customProtocolInput.parse({
      name: 'Wide',
      request: '01',
      answerLength: 15,
      checksum: 'sum8',
      points: [
        { key: 'delta', name: 'Delta', offset: 0, type: 'int16', scale: 1 },
        { key: 'count', name: 'Count', offset: 2, type: 'uint32', byteOrder: 'little', scale: 1 },
        { key: 'power', name: 'Power', offset: 6, type: 'float32', scale: 1 },
        { key: 'energy', name: 'Energy', offset: 10, type: 'bcd', length: 4, scale: 0.01 },
      ],
    });
    const body = bytesOfHex('FF38 40E20100 43668000 00123456') ?? new Uint8Array();
    const sum = body.reduce((a, b) => (a + b) & 0xff, 0);
    const exact = previewCustomAnswer(wide, 1, `${hexOf(body)} ${sum.toString(16)}`);
    expect(exact.ok ? exact.values.map((v) => v.value) : exact.problem.key).toEqual([-200, 123456, 230.5, 1234.56]);
  });

  it('puts a written value in the write frame in the point type', () => {
    const temp = meter.points[1];
    if (!temp) throw new Error('no point');
    expect(request(temp.write, 1, encodeCustomPoint(temp, 21.5))).toBe(request('01 06 00 10 00 D7 {crc16modbus}', 0));
    expect(hexOf(encodeCustomPoint({ ...temp, type: 'bcd', length: 3, scale: 0.01 }, 1234.56))).toBe('12 34 56');
  });
});

/** A meter woken by FE bytes, framed by 68: its checksums skip the wake-up bytes (decision 0164). */
const woken: CustomProtocolDefinition = customProtocolInput.parse({
  name: 'Woken meter',
  request: 'FE FE 68 {addr:1} 01 {sum8:2} 16',
  answerHeader: 'FE FE 68 {addr:1}',
  answerLength: 7,
  checksum: 'sum8',
  checksumFrom: 2,
  points: [{ key: 'flow', name: 'Flow', offset: 4, type: 'uint16', scale: 0.1 }],
});

describe('checksums over part of a frame', () => {
  it('sums or CRCs only the bytes from the byte named, as a meter behind wake-up bytes wants', () => {
    // 68 + 05 + 01 = 6E: the FE bytes are left out.
    expect(request(woken.request, 5)).toBe('FE FE 68 05 01 6E 16');
    // The Modbus read of one register of slave 1 is 01 03 00 00 00 01 84 0A, whatever precedes it.
    expect(request('FE {addr:1} 03 00 00 00 01 {crc16modbus:1}', 1)).toBe('FE 01 03 00 00 00 01 84 0A');
    expect(request('{addr:1} 03 00 00 00 01 {crc16modbus:0}', 1)).toBe('01 03 00 00 00 01 84 0A');
  });

  it('checks an answer from its checksum byte on, and keeps older protocols checking the whole answer', () => {
    // 68 + 05 + 00 + 7B = E8; with the FE bytes the sum would be E4.
    const preview = previewCustomAnswer(woken, 5, 'FE FE 68 05 00 7B E8');
    expect(preview).toEqual({ ok: true, values: [{ key: 'flow', name: 'Flow', value: 12.3, unit: '' }] });
    const whole = previewCustomAnswer({ ...woken, checksumFrom: 0 }, 5, 'FE FE 68 05 00 7B E8');
    expect(whole.ok ? 'decoded' : translate(whole.problem.key, 'en', whole.problem.params)).toBe(
      'Bad checksum: the answer carries E8, the bytes give E4',
    );
    expect(meter.checksumFrom).toBe(0);
  });

  it('refuses a checksum that starts past the bytes it would cover, in words', () => {
    expect(
      customProtocolRulesBroken({ ...woken, request: 'FE 68 {sum8:3}', checksumFrom: 6 }).map((rule) => [
        rule.field,
        translate(rule.key, 'en', rule.params),
      ]),
    ).toEqual([
      ['request', '{sum8:3} starts its checksum at byte 3, but fewer bytes come before it (bytes count from 0)'],
      ['checksumFrom', 'The checksum starts at byte 6, but the bytes it covers end before byte 6'],
    ]);
  });
});

/** A meter that says its answer's length: 68, address, 81, L (the bytes after L and before the sum), data, sum. */
const sized: CustomProtocolDefinition = customProtocolInput.parse({
  name: 'Sized meter',
  request: '68 {addr:1} 01 {sum8}',
  answerHeader: '68 {addr:1} 81',
  answerLength: 12,
  lengthAt: 3,
  lengthAdjust: 5,
  checksum: 'sum8',
  points: [
    { key: 'flow', name: 'Flow', offset: 4, type: 'uint16', scale: 0.1 },
    { key: 'total', name: 'Total', offset: 6, type: 'uint32', scale: 1 },
  ],
});

describe('answers that say their own length', () => {
  const withSum = (hex: string) => {
    const body = bytesOfHex(hex) ?? new Uint8Array();
    return `${hexOf(body)} ${hexOf(Uint8Array.of(body.reduce((a, b) => (a + b) & 0xff, 0)))}`;
  };
  const read = (text: string) => {
    const preview = previewCustomAnswer(sized, 1, text);
    return preview.ok
      ? preview.values.map((v) => v.value)
      : translate(preview.problem.key, 'en', preview.problem.params);
  };

  it('reads a long and a short answer by their length byte; a point the short one lacks reads empty', () => {
    // L = 6: flow and total, 4 + 6 + 1 = 11 bytes; L = 2: flow only, 7 bytes.
    expect(read(withSum('68 01 81 06 007B 0001E240'))).toEqual([12.3, 123456]);
    expect(read(withSum('68 01 81 02 007B'))).toEqual([12.3, null]);
  });

  it('refuses an answer whose length byte disagrees with what came, or says more than the longest answer', () => {
    expect(read(withSum('68 01 81 06 007B'))).toBe('Wrong answer length: 7 bytes received, 11 expected');
    expect(read(withSum('68 01 81 09 007B 0001E240 0000 00'))).toBe(
      'The length byte makes the answer 14 bytes: too short for the header and checksum, or longer than the longest, 12',
    );
  });

  it('says when the length byte lies past the longest answer', () => {
    expect(
      customProtocolRulesBroken({ ...sized, lengthAt: 11 }).map((r) => [r.field, translate(r.key, 'en', r.params)]),
    ).toEqual([
      ['lengthAt', 'The length byte at byte 11 must come before the checksum of the longest answer (12 bytes)'],
    ]);
    expect(customProtocolRulesBroken(sized)).toEqual([]);
  });
});

describe("a write's answer", () => {
  const request = bytesOfHex('01 06 00 10 00 D7 C9 A9') ?? new Uint8Array();
  it('takes the echo, a pattern with the address and any bytes, or any answer without one', () => {
    expect(writeAnswerMatches('{echo}', 1, request, request)).toBe(true);
    expect(writeAnswerMatches('{addr:1} 06 00 10 ?? ?? ????', 1, request, request)).toBe(true);
    expect(writeAnswerMatches('', 1, request, Uint8Array.of(0x55))).toBe(true);
  });

  it('refuses an error answer, another address or another length', () => {
    const error = bytesOfHex('01 86 02 C3 A1') ?? new Uint8Array();
    expect(writeAnswerMatches('{echo}', 1, request, error)).toBe(false);
    expect(writeAnswerMatches('{addr:1} 06 00 10 ?? ?? ????', 2, request, request)).toBe(false);
    expect(writeAnswerMatches('{addr:1} 06 00 10 ?? ??', 1, request, request)).toBe(false);
  });

  it('says in words what a pattern cannot hold', () => {
    const [level, temp] = meter.points;
    if (!level || !temp) throw new Error('no points');
    const rules = customProtocolRulesBroken({
      ...meter,
      points: [
        { ...level, writeAnswer: '{echo}' },
        { ...temp, writeAnswer: '01 06 ?' },
      ],
    }).map((r) => [r.field, translate(r.key, 'en', r.params)]);
    expect(rules).toEqual([
      ['points[0].writeAnswer', 'A data point without a write frame has no write answer'],
      ['points[1].writeAnswer', 'A write answer is hex bytes and ?? (any byte); "?" is neither'],
    ]);
    expect(
      customProtocolRulesBroken({ ...meter, points: [level, { ...temp, writeAnswer: '{value}' }] }).map((r) =>
        translate(r.key, 'en', r.params),
      ),
    ).toEqual([
      'A write answer holds {addr:1}-{addr:4} only, or is {echo} alone (the write frame sent back), not {value}',
    ]);
  });
});

describe('custom protocol rules', () => {
  const broken = (change: Partial<CustomProtocolDefinition>) =>
    customProtocolRulesBroken({ ...meter, ...change }).map((rule) => [
      rule.field,
      translate(rule.key, 'en', rule.params),
    ]);

  it('says which placeholder is unknown, which hex is odd and which point lies outside the answer', () => {
    expect(broken({ request: '{addr:1} 03 {crc32}' })).toEqual([
      [
        'request',
        'Unknown placeholder {crc32}: use {addr:1}-{addr:4}, {crc16modbus}, {sum8} (or from byte i: {crc16modbus:i}, {sum8:i}), and {value} in the write frame',
      ],
    ]);
    expect(broken({ request: '{addr:1} 03 0 {crc16modbus}' })).toEqual([
      ['request', 'Odd number of hex digits: "030" is not whole bytes'],
    ]);
    expect(broken({ answerLength: 9 })).toEqual([
      [
        'points[1].offset',
        'Data point "Temperature" lies outside the answer: it ends at byte 9, and the answer has 7 bytes before its checksum',
      ],
    ]);
    const [level, temp] = meter.points;
    if (!level || !temp) throw new Error('no points');
    expect(broken({ request: '01 {value}', points: [level, { ...temp, write: '01 06' }] })).toEqual([
      ['request', 'The placeholder value cannot be used here'],
      ['points[1].write', 'The write frame needs a {value} placeholder'],
    ]);
    expect(broken({})).toEqual([]);
  });
});
