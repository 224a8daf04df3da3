import { describe, expect, it } from 'vitest';
import {
  bitsOf,
  crc16,
  exceptionPdu,
  mbapFrame,
  parseMbap,
  parseRtu,
  readRequest,
  registersOf,
  rtuFrame,
  rtuRequestLength,
  writeRegistersRequest,
  writeSingleRequest,
} from './modbus.ts';

describe('Modbus framing', () => {
  it('computes CRC-16/Modbus as the specification example does, low byte first on the wire', () => {
    // "Read 10 holding registers from 0 of slave 1" is 01 03 00 00 00 0A C5 CD on every Modbus tool.
    const frame = rtuFrame(1, readRequest(3, 0, 10));
    expect(frame.toString('hex')).toBe('01030000000ac5cd');
    expect(crc16(Buffer.from('123456789', 'ascii'))).toBe(0x4b37);
  });

  it('parses back the RTU frames it builds, and refuses a frame whose CRC does not match', () => {
    const frame = rtuFrame(17, writeRegistersRequest(0x10, [1, 0xffff]));
    expect(parseRtu(frame)).toEqual({ address: 17, pdu: writeRegistersRequest(0x10, [1, 0xffff]) });
    const corrupted = Buffer.from(frame);
    corrupted[3] ^= 0x01;
    expect(parseRtu(corrupted)).toBeUndefined();
    expect(parseRtu(Buffer.from([1, 3, 0]))).toBeUndefined();
  });

  it('sizes RTU requests from their function code, and waits for more bytes when it cannot tell yet', () => {
    expect(rtuRequestLength(rtuFrame(1, readRequest(4, 0, 2)))).toBe(8);
    expect(rtuRequestLength(rtuFrame(1, writeSingleRequest(5, 3, 1)))).toBe(8);
    const multiple = rtuFrame(1, writeRegistersRequest(0, [1, 2, 3]));
    expect(rtuRequestLength(multiple)).toBe(multiple.length);
    expect(rtuRequestLength(multiple.subarray(0, 5))).toBeUndefined();
    expect(rtuRequestLength(Buffer.from([1]))).toBeUndefined();
    expect(rtuRequestLength(Buffer.from([1, 0x2b, 0, 0]))).toBeUndefined();
  });

  it('round-trips Modbus TCP MBAP frames with their transaction id, and refuses a wrong protocol or length', () => {
    const frame = mbapFrame(0x1234, 5, readRequest(3, 7, 2));
    expect(frame.toString('hex')).toBe('123400000006050300070002');
    expect(parseMbap(frame)).toEqual({ transaction: 0x1234, unit: 5, pdu: readRequest(3, 7, 2) });
    const otherProtocol = Buffer.from(frame);
    otherProtocol[3] = 1;
    expect(parseMbap(otherProtocol)).toBeUndefined();
    expect(parseMbap(frame.subarray(0, frame.length - 1))).toBeUndefined();
  });

  it('reads registers and bits out of response PDUs', () => {
    expect(registersOf(Buffer.from([3, 4, 0x12, 0x34, 0xff, 0xfe]))).toEqual([0x1234, 0xfffe]);
    expect(bitsOf(Buffer.from([1, 2, 0b1000_0101, 0b1]), 9)).toEqual([
      true,
      false,
      true,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(exceptionPdu(3, 2)).toEqual(Buffer.from([0x83, 2]));
  });
});
