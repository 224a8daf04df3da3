import type { RegisterType } from '@meridian/contracts';
import { crc16 } from './crc.ts';

/**
 * Modbus frames as the gateway sends them through a DTU: RTU (address, PDU, CRC low byte first)
 * or TCP (the 7-byte MBAP header, no CRC). Pure functions, no I/O: the connection owns timing.
 */

export type Framing = 'rtu' | 'tcp';
export type ReadFunction = 1 | 2 | 3 | 4;
export type WriteFunction = 5 | 6 | 15 | 16;
export type FunctionCode = ReadFunction | WriteFunction;

export const READ_FUNCTION: Record<RegisterType, ReadFunction> = {
  coil: 1,
  discreteInput: 2,
  holdingRegister: 3,
  inputRegister: 4,
};

/** What one request asks; `transaction` only matters for TCP framing. */
export interface ModbusRequest {
  slave: number;
  fn: FunctionCode;
  address: number;
  /** Reads: how many bits or registers. Writes 15/16: how many are written. */
  count: number;
  /** Writes: the PDU's data (5: 0xFF00/0x0000, 6: the register, 15/16: the packed values). */
  data?: Uint8Array;
  transaction?: number;
}

/** The protocol data unit (function code onwards) of a request. */
function pduOf(req: ModbusRequest): Uint8Array {
  const head = [req.fn, req.address >> 8, req.address & 0xff];
  if (req.fn <= 4) return Uint8Array.of(...head, req.count >> 8, req.count & 0xff);
  const data = req.data ?? new Uint8Array(0);
  if (req.fn === 5 || req.fn === 6) return Uint8Array.of(...head, data[0] ?? 0, data[1] ?? 0);
  const out = new Uint8Array(6 + data.length);
  out.set([...head, req.count >> 8, req.count & 0xff, data.length]);
  out.set(data, 6);
  return out;
}

/** The bytes of a request in the given framing. */
export function encodeRequest(req: ModbusRequest, framing: Framing): Buffer {
  const pdu = pduOf(req);
  if (framing === 'tcp') {
    const out = Buffer.allocUnsafe(7 + pdu.length);
    out.writeUInt16BE((req.transaction ?? 0) & 0xffff, 0);
    out.writeUInt16BE(0, 2);
    out.writeUInt16BE(pdu.length + 1, 4);
    out[6] = req.slave;
    out.set(pdu, 7);
    return out;
  }
  const out = Buffer.allocUnsafe(pdu.length + 3);
  out[0] = req.slave;
  out.set(pdu, 1);
  const crc = crc16(out, 0, pdu.length + 1);
  out[pdu.length + 1] = crc & 0xff;
  out[pdu.length + 2] = crc >> 8;
  return out;
}

/**
 * What the bytes received so far say about the reply to `req`:
 * - `incomplete`: wait for more (until the read's timeout);
 * - `ok`: the data of a read (bytes after the byte count), or the echo of a write; `used` bytes consumed;
 * - `exception`: the slave's error reply, with its exception code;
 * - `badCrc`, `mismatch` (another slave, function or transaction), `malformed`.
 */
export type ReplyVerdict =
  | { kind: 'incomplete' }
  | { kind: 'ok'; data: Buffer; used: number }
  | { kind: 'exception'; code: number; used: number }
  | { kind: 'badCrc'; used: number }
  | { kind: 'mismatch'; used: number }
  | { kind: 'malformed'; used: number };

/** The expected length of a read's data in bytes. */
export function dataLength(req: ModbusRequest): number {
  return req.fn <= 2 ? Math.ceil(req.count / 8) : req.count * 2;
}

/** Checks the PDU of a reply (function code onwards) against the request. */
function checkPdu(req: ModbusRequest, pdu: Buffer): ReplyVerdict {
  const used = pdu.length;
  const fn = pdu[0] as number;
  if (fn === (req.fn | 0x80)) return { kind: 'exception', code: pdu[1] ?? 0, used };
  if (fn !== req.fn) return { kind: 'mismatch', used };
  if (req.fn <= 4) {
    const count = pdu[1] ?? -1;
    if (count !== dataLength(req) || pdu.length !== count + 2) return { kind: 'malformed', used };
    return { kind: 'ok', data: pdu.subarray(2), used };
  }
  if (pdu.length !== 5) return { kind: 'malformed', used };
  if (pdu.readUInt16BE(1) !== req.address) return { kind: 'mismatch', used };
  return { kind: 'ok', data: pdu.subarray(3), used };
}

/** The length of the RTU PDU that starts at `buf[1]` for `req`, or -1 while its length byte has not arrived. */
function rtuPduLength(req: ModbusRequest, buf: Buffer): number {
  if (buf.length < 2) return -1;
  const fn = buf[1] as number;
  if (fn & 0x80) return 2;
  if (fn >= 1 && fn <= 4) return buf.length < 3 ? -1 : 2 + (buf[2] as number);
  if (fn === 5 || fn === 6 || fn === 15 || fn === 16) return 5;
  // An unknown function: assume the request's own shape, so that the CRC decides.
  return req.fn <= 4 ? 2 + dataLength(req) : 5;
}

/** Parses an RTU reply from the start of `buf`. */
export function parseRtuReply(req: ModbusRequest, buf: Buffer): ReplyVerdict {
  const pduLength = rtuPduLength(req, buf);
  if (pduLength < 0 || buf.length < pduLength + 3) return { kind: 'incomplete' };
  const used = pduLength + 3;
  const crc = crc16(buf, 0, pduLength + 1);
  if ((buf[pduLength + 1] as number) !== (crc & 0xff) || (buf[pduLength + 2] as number) !== crc >> 8)
    return { kind: 'badCrc', used };
  if (buf[0] !== req.slave) return { kind: 'mismatch', used };
  const verdict = checkPdu(req, buf.subarray(1, 1 + pduLength));
  return { ...verdict, used } as ReplyVerdict;
}

/** Parses a Modbus TCP (MBAP) reply from the start of `buf`. */
export function parseTcpReply(req: ModbusRequest, buf: Buffer): ReplyVerdict {
  if (buf.length < 7) return { kind: 'incomplete' };
  const length = buf.readUInt16BE(4);
  if (buf.readUInt16BE(2) !== 0 || length < 2 || length > 254) return { kind: 'malformed', used: buf.length };
  const used = 6 + length;
  if (buf.length < used) return { kind: 'incomplete' };
  if (buf.readUInt16BE(0) !== ((req.transaction ?? 0) & 0xffff) || buf[6] !== req.slave)
    return { kind: 'mismatch', used };
  const verdict = checkPdu(req, buf.subarray(7, used));
  return { ...verdict, used } as ReplyVerdict;
}

export function parseReply(req: ModbusRequest, buf: Buffer, framing: Framing): ReplyVerdict {
  return framing === 'tcp' ? parseTcpReply(req, buf) : parseRtuReply(req, buf);
}

/** Registers (big-endian words) as bytes: the data of a 16 write. */
export function registersToBytes(words: readonly number[]): Uint8Array {
  const out = new Uint8Array(words.length * 2);
  words.forEach((w, i) => {
    out[i * 2] = (w >> 8) & 0xff;
    out[i * 2 + 1] = w & 0xff;
  });
  return out;
}

/** The i-th bit of a 01/02 reply's data (LSB of the first byte is the first coil). */
export function bitAt(data: Uint8Array, i: number): number {
  return ((data[i >> 3] ?? 0) >> (i & 7)) & 1;
}
