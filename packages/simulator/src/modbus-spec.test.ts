import { describe, expect, it } from 'vitest';
import {
  bitAt,
  bitsReply,
  crc16,
  decodeRequest,
  encodeRequest,
  exceptionPdu,
  mbapFrame,
  parseMbap,
  parseRtu,
  parseRtuReply,
  parseTcpReply,
  type RequestFields,
  registersReply,
  rtuFrame,
  wordsOf,
  writeReply,
} from './modbus.ts';
import { ModbusSlave, type SignalSpec } from './slave.ts';

/**
 * The gateway and the simulator share one codec, so a fault in it would not show between them:
 * here it meets frames that are not ours.
 *
 * - PDUs: the example of each function code in "MODBUS Application Protocol Specification V1.1b3"
 *   (modbus.org, Modbus_Application_Protocol_V1_1b3.pdf), section 6, and the exception example of
 *   section 7.
 * - RTU frames: those PDUs to and from unit 1 with the CRC pymodbus 3.0.0 appends (Debian's
 *   python3-pymodbus, `ModbusRtuFramer.buildPacket` of the same request and response objects).
 * - The CRC: "MODBUS over Serial Line Specification and Implementation Guide V1.02", section 6.2.2
 *   (Appendix B): the worked example "frame 02 07" gives 0x1241, sent low byte first (figure 30),
 *   and the CRC catalogue's check value of CRC-16/MODBUS, 0x4B37 for the ASCII "123456789".
 */

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
/** Bits as the specification lists them, lowest address first. */
const bits = (s: string) => [...s.replace(/\s+/g, '')].map(Number);

// 6.1: outputs 27-20 are CD (1100 1101), 35-28 are 6B, 38-36 are 05; here from output 20 up.
const OUTPUTS_20_38 = bits('10110011 11010110 101');
// 6.2: inputs 204-197 are AC, 212-205 DB, 218-213 35; here from input 197 up.
const INPUTS_197_218 = bits('00110101 11011011 101011');

interface SpecExample {
  section: string;
  request: RequestFields;
  /** The request as an RTU frame to unit 1 (pymodbus's CRC). */
  requestRtu: string;
  /** The reply as an RTU frame from unit 1 (pymodbus's CRC). */
  replyRtu: string;
  /** The reply PDU as the slave side of the codec builds it. */
  reply: () => Buffer;
  /** What the master reads out of the reply's data, and what the specification says it is. */
  read: (data: Buffer) => unknown;
  value: unknown;
}

const EXAMPLES: SpecExample[] = [
  {
    section: '6.1 Read Coils, outputs 20-38',
    request: { fn: 1, address: 0x13, count: 0x13 },
    requestRtu: '01 01 0013 0013 8C02',
    replyRtu: '01 01 03 CD 6B 05 4282',
    reply: () => bitsReply(1, OUTPUTS_20_38),
    read: (data) => OUTPUTS_20_38.map((_, i) => bitAt(data, i)),
    value: OUTPUTS_20_38,
  },
  {
    section: '6.2 Read Discrete Inputs, inputs 197-218',
    request: { fn: 2, address: 0xc4, count: 0x16 },
    requestRtu: '01 02 00C4 0016 B839',
    replyRtu: '01 02 03 AC DB 35 2288',
    reply: () => bitsReply(2, INPUTS_197_218),
    read: (data) => INPUTS_197_218.map((_, i) => bitAt(data, i)),
    value: INPUTS_197_218,
  },
  {
    section: '6.3 Read Holding Registers, registers 108-110',
    request: { fn: 3, address: 0x6b, count: 3 },
    requestRtu: '01 03 006B 0003 7417',
    replyRtu: '01 03 06 022B 0000 0064 057A',
    reply: () => registersReply(3, [555, 0, 100]),
    read: wordsOf,
    value: [555, 0, 100],
  },
  {
    section: '6.4 Read Input Registers, register 9',
    request: { fn: 4, address: 8, count: 1 },
    requestRtu: '01 04 0008 0001 B008',
    replyRtu: '01 04 02 000A 3937',
    reply: () => registersReply(4, [10]),
    read: wordsOf,
    value: [10],
  },
  {
    section: '6.5 Write Single Coil, coil 173 ON',
    request: { fn: 5, address: 0xac, count: 1, data: hex('FF00') },
    requestRtu: '01 05 00AC FF00 4C1B',
    replyRtu: '01 05 00AC FF00 4C1B',
    reply: () => writeReply({ fn: 5, address: 0xac, count: 1, data: hex('FF00') }),
    read: (data) => data.toString('hex'),
    value: 'ff00',
  },
  {
    section: '6.6 Write Single Register, register 2 to 00 03',
    request: { fn: 6, address: 1, count: 1, data: hex('0003') },
    requestRtu: '01 06 0001 0003 980B',
    replyRtu: '01 06 0001 0003 980B',
    reply: () => writeReply({ fn: 6, address: 1, count: 1, data: hex('0003') }),
    read: wordsOf,
    value: [3],
  },
  {
    section: '6.11 Write Multiple Coils, 10 coils from coil 20',
    request: { fn: 15, address: 0x13, count: 10, data: hex('CD01') },
    requestRtu: '01 0F 0013 000A 02 CD01 72CB',
    replyRtu: '01 0F 0013 000A 2409',
    reply: () => writeReply({ fn: 15, address: 0x13, count: 10, data: hex('CD01') }),
    read: wordsOf,
    value: [10],
  },
  {
    section: '6.12 Write Multiple registers, 00 0A and 01 02 from register 2',
    request: { fn: 16, address: 1, count: 2, data: hex('000A 0102') },
    requestRtu: '01 10 0001 0002 04 000A 0102 9230',
    replyRtu: '01 10 0001 0002 1008',
    reply: () => writeReply({ fn: 16, address: 1, count: 2, data: hex('000A 0102') }),
    read: wordsOf,
    value: [2],
  },
];

describe('the CRC of the serial line specification', () => {
  it('computes the worked example and the catalogue check value, and sends the low byte first', () => {
    // V1.02 6.2.2: "Example of CRC calculation (frame 02 07)" ends with the register at 0x1241.
    expect(crc16(hex('0207'))).toBe(0x1241);
    // Figure 30: "if the CRC value is 1241 hex": CRC Lo 0x41 then CRC Hi 0x12.
    expect(rtuFrame(2, hex('07')).toString('hex')).toBe('02074112');
    expect(crc16(Buffer.from('123456789', 'ascii'))).toBe(0x4b37);
    // The read of ten holding registers printed in every Modbus tool's manual; pymodbus agrees.
    expect(encodeRequest({ slave: 1, fn: 3, address: 0, count: 10 }, 'rtu').toString('hex')).toBe('01030000000ac5cd');
    // A whole frame, CRC included, checks to zero.
    expect(crc16(hex('01 03 06 022B 0000 0064 057A'))).toBe(0);
  });
});

describe.each(EXAMPLES)('the specification example $section', (example) => {
  const request = { slave: 1, ...example.request };

  it('is the request the master encodes', () => {
    expect(encodeRequest(request, 'rtu')).toEqual(hex(example.requestRtu));
  });

  it('is the request the slave decodes', () => {
    const frame = parseRtu(hex(example.requestRtu));
    expect(frame?.address).toBe(1);
    expect(decodeRequest(frame?.pdu ?? Buffer.alloc(0))).toEqual({ ok: true, request: example.request });
  });

  it('is the reply the slave encodes', () => {
    expect(rtuFrame(1, example.reply())).toEqual(hex(example.replyRtu));
  });

  it('is the reply the master decodes, with the values the specification gives', () => {
    const reply = hex(example.replyRtu);
    const verdict = parseRtuReply(request, reply);
    expect(verdict).toMatchObject({ kind: 'ok', used: reply.length });
    expect(verdict.kind === 'ok' && example.read(verdict.data)).toEqual(example.value);
  });
});

describe('the exception example of section 7', () => {
  // Read Coils of output 1185 (04A1) where there is none: exception 02, illegal data address.
  const request = { slave: 1, fn: 1, address: 0x04a1, count: 1 } as const;

  it('is encoded and decoded by both ends', () => {
    expect(encodeRequest(request, 'rtu')).toEqual(hex('01 01 04A1 0001 AD18'));
    expect(rtuFrame(1, exceptionPdu(1, 2))).toEqual(hex('01 81 02 C191'));
    expect(parseRtuReply(request, hex('01 81 02 C191'))).toEqual({ kind: 'exception', code: 2, used: 5 });
  });
});

describe('Modbus TCP framing of the same example (pymodbus ModbusSocketFramer)', () => {
  it('carries the PDU behind the MBAP header, both ways', () => {
    const request = { slave: 0x11, fn: 3, address: 0x6b, count: 3, transaction: 1 } as const;
    const requestFrame = hex('0001 0000 0006 11 03 006B 0003');
    const replyFrame = hex('0001 0000 0009 11 03 06 022B 0000 0064');
    expect(encodeRequest(request, 'tcp')).toEqual(requestFrame);
    expect(parseMbap(requestFrame)).toEqual({ transaction: 1, unit: 0x11, pdu: hex('03 006B 0003') });
    expect(mbapFrame(1, 0x11, registersReply(3, [555, 0, 100]))).toEqual(replyFrame);
    const verdict = parseTcpReply(request, replyFrame);
    expect(verdict.kind === 'ok' && wordsOf(verdict.data)).toEqual([555, 0, 100]);
  });
});

describe("the simulator's slave holding the specification's values", () => {
  const fixed = { drift: { kind: 'fixed' } } as const;
  const bit = (table: 'coil' | 'discreteInput', address: number, initial: number): SignalSpec => ({
    name: `${table}${address}`,
    table,
    address,
    encoding: 'bit',
    initial,
    ...fixed,
  });
  const word = (table: 'holdingRegister' | 'inputRegister', address: number, initial: number): SignalSpec => ({
    name: `${table}${address}`,
    table,
    address,
    encoding: 'uint16',
    initial,
    ...fixed,
  });
  const slave = () =>
    new ModbusSlave(
      1,
      [
        ...OUTPUTS_20_38.map((b, i) => bit('coil', 0x13 + i, b)),
        bit('coil', 0xac, 0),
        ...INPUTS_197_218.map((b, i) => bit('discreteInput', 0xc4 + i, b)),
        word('holdingRegister', 1, 0),
        word('holdingRegister', 2, 0),
        ...[555, 0, 100].map((v, i) => word('holdingRegister', 0x6b + i, v)),
        word('inputRegister', 8, 10),
      ],
      { strict: true },
    );

  it.each(EXAMPLES)('answers $section as the specification does', (example) => {
    const request = parseRtu(hex(example.requestRtu));
    const expected = parseRtu(hex(example.replyRtu));
    expect(slave().handle(request?.pdu ?? Buffer.alloc(0))).toEqual(expected?.pdu);
  });

  it('answers a read of a coil it does not have with exception 02, as section 7 does', () => {
    expect(slave().handle(hex('01 04A1 0001'))).toEqual(hex('81 02'));
  });

  it('keeps what the write examples wrote', () => {
    const s = slave();
    s.handle(hex('10 0001 0002 04 000A 0102'));
    s.handle(hex('05 00AC FF00'));
    s.handle(hex('0F 0013 000A 02 CD01'));
    expect(s.handle(hex('03 0001 0002'))).toEqual(hex('03 04 000A 0102'));
    expect(s.handle(hex('01 00AC 0001'))).toEqual(hex('01 01 01'));
    // Outputs 28 and 29 were 1 and 1 (6B); the example wrote 1 and 0 (01).
    expect(s.handle(hex('01 0013 000A'))).toEqual(hex('01 02 CD 01'));
  });
});
