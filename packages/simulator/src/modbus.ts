/**
 * The one Modbus codec: the gateway polls through it (`@meridian/simulator/modbus`) and the
 * simulated slaves answer through it. RTU frames are address, PDU and CRC-16/MODBUS low byte
 * first; Modbus TCP frames are the MBAP header (transaction, protocol 0, length, unit) and the PDU.
 * Pure functions, no I/O, never throwing on bytes from the wire. Because both ends share it, it is
 * checked against frames that are not ours: the examples of the Modbus specifications
 * (modbus.test.ts) and a pymodbus slave (relay.test.ts).
 */

import { crc16modbus } from '@meridian/contracts';

/** The CRC-16/MODBUS of `bytes[start, end)`; over a whole RTU frame, CRC included, it is 0 (one copy, in contracts). */
export const crc16: (bytes: Uint8Array, start?: number, end?: number) => number = crc16modbus;

/** The function codes both ends speak; a slave answers anything else with exception 01. */
export const FC = {
  readCoils: 1,
  readDiscreteInputs: 2,
  readHoldingRegisters: 3,
  readInputRegisters: 4,
  writeSingleCoil: 5,
  writeSingleRegister: 6,
  writeMultipleCoils: 15,
  writeMultipleRegisters: 16,
} as const;

export const EXCEPTION = {
  illegalFunction: 1,
  illegalDataAddress: 2,
  illegalDataValue: 3,
  slaveDeviceFailure: 4,
} as const;

export type Framing = 'rtu' | 'tcp';
export type ReadFunction = 1 | 2 | 3 | 4;
export type WriteFunction = 5 | 6 | 15 | 16;
export type FunctionCode = ReadFunction | WriteFunction;

/** What a request PDU says. */
export interface RequestFields {
  fn: FunctionCode;
  address: number;
  /** Reads: how many bits or registers. Writes 15/16: how many are written; 5/6: 1. */
  count: number;
  /** Writes: the PDU's data (5: FF00 or 0000, 6: the register, 15/16: the packed values). */
  data?: Uint8Array;
}

/** A request to one slave; `transaction` only matters for Modbus TCP framing. */
export interface ModbusRequest extends RequestFields {
  slave: number;
  transaction?: number;
}

// Frames (ADUs) around any PDU.

/** An RTU frame: the address, the PDU and its CRC, low byte first. */
export function rtuFrame(address: number, pdu: Uint8Array): Buffer {
  const frame = Buffer.alloc(pdu.length + 3);
  frame[0] = address;
  frame.set(pdu, 1);
  frame.writeUInt16LE(crc16(frame, 0, pdu.length + 1), pdu.length + 1);
  return frame;
}

/** A Modbus TCP frame: the MBAP header, then the PDU, no CRC. */
export function mbapFrame(transaction: number, unit: number, pdu: Uint8Array): Buffer {
  const frame = Buffer.alloc(7 + pdu.length);
  frame.writeUInt16BE(transaction & 0xffff, 0);
  frame.writeUInt16BE(0, 2);
  frame.writeUInt16BE(pdu.length + 1, 4);
  frame[6] = unit;
  frame.set(pdu, 7);
  return frame;
}

// Requests: what the master sends.

/** The PDU (function code onwards) of a request. */
export function requestPdu(req: RequestFields): Buffer {
  const data = req.data ?? new Uint8Array(0);
  const single = req.fn === 5 || req.fn === 6;
  const pdu = Buffer.alloc(req.fn <= 4 || single ? 5 : 6 + data.length);
  pdu[0] = req.fn;
  pdu.writeUInt16BE(req.address & 0xffff, 1);
  if (single) pdu.set(data.subarray(0, 2), 3);
  else pdu.writeUInt16BE(req.count & 0xffff, 3);
  if (req.fn === 15 || req.fn === 16) {
    pdu[5] = data.length;
    pdu.set(data, 6);
  }
  return pdu;
}

/** The bytes of a request in the given framing. */
export function encodeRequest(req: ModbusRequest, framing: Framing): Buffer {
  const pdu = requestPdu(req);
  return framing === 'tcp' ? mbapFrame(req.transaction ?? 0, req.slave, pdu) : rtuFrame(req.slave, pdu);
}

/** Registers as big-endian bytes: the data of a function 16 write. */
export function registersToBytes(words: readonly number[]): Buffer {
  const out = Buffer.alloc(words.length * 2);
  words.forEach((w, i) => {
    out.writeUInt16BE(w & 0xffff, i * 2);
  });
  return out;
}

/** Bits packed as Modbus packs them: the first in the low bit of the first byte. */
export function bitsToBytes(bits: readonly (number | boolean)[]): Buffer {
  const out = Buffer.alloc(Math.ceil(bits.length / 8));
  bits.forEach((b, i) => {
    if (b) out[i >> 3] |= 1 << (i & 7);
  });
  return out;
}

/** A function 01-04 read request PDU. */
export function readRequest(fn: ReadFunction, start: number, quantity: number): Buffer {
  return requestPdu({ fn, address: start, count: quantity });
}

/** A function 16 request PDU writing `values` from `start`. */
export function writeRegistersRequest(start: number, values: readonly number[]): Buffer {
  return requestPdu({ fn: 16, address: start, count: values.length, data: registersToBytes(values) });
}

/** A function 05 (coil on when `value` is not 0) or 06 request PDU. */
export function writeSingleRequest(fn: 5 | 6, address: number, value: number): Buffer {
  const word = fn === 5 ? (value ? 0xff00 : 0) : value;
  return requestPdu({ fn, address, count: 1, data: registersToBytes([word]) });
}

// Requests: what the slave receives.

/**
 * The length an RTU request frame starting at `bytes[0]` must have, judged from its function
 * code; undefined while too few bytes have arrived to tell, or the function is not one we know.
 */
export function rtuRequestLength(bytes: Uint8Array): number | undefined {
  if (bytes.length < 2) return undefined;
  const fn = bytes[1];
  if (fn >= 1 && fn <= 6) return 8;
  if (fn === FC.writeMultipleCoils || fn === FC.writeMultipleRegisters) {
    return bytes.length < 7 ? undefined : 9 + bytes[6];
  }
  return undefined;
}

/** One whole RTU frame's address and PDU; undefined when it is too short or its CRC does not match. */
export function parseRtu(frame: Uint8Array): { address: number; pdu: Buffer } | undefined {
  if (frame.length < 4) return undefined;
  if (crc16(frame) !== 0) return undefined;
  return { address: frame[0], pdu: Buffer.from(frame.subarray(1, frame.length - 2)) };
}

/** One whole MBAP frame; undefined when the header is not Modbus TCP or the length disagrees. */
export function parseMbap(frame: Uint8Array): { transaction: number; unit: number; pdu: Buffer } | undefined {
  if (frame.length < 8) return undefined;
  const view = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
  if (view.readUInt16BE(2) !== 0) return undefined;
  const length = view.readUInt16BE(4);
  if (length < 2 || frame.length !== 6 + length) return undefined;
  return { transaction: view.readUInt16BE(0), unit: frame[6], pdu: Buffer.from(frame.subarray(7)) };
}

/** Quantities one request may carry (specification section 6). */
const QUANTITY: Record<FunctionCode, number> = { 1: 2000, 2: 2000, 3: 125, 4: 125, 5: 1, 6: 1, 15: 1968, 16: 123 };

/**
 * What a request PDU asks, checked as the specification's state diagrams check it: an unknown
 * function is exception 01, a quantity out of range or a byte count that disagrees is 03. Whether
 * the addresses exist is the slave's to say (02).
 */
export function decodeRequest(
  pdu: Uint8Array,
): { ok: true; request: RequestFields } | { ok: false; exception: number } {
  const fn = pdu[0] as FunctionCode;
  if (!(fn in QUANTITY)) return { ok: false, exception: EXCEPTION.illegalFunction };
  const invalid = { ok: false, exception: EXCEPTION.illegalDataValue } as const;
  if (pdu.length < 5) return invalid;
  const address = (pdu[1] << 8) | pdu[2];
  const field = (pdu[3] << 8) | pdu[4];
  const data = Buffer.from(pdu.subarray(3, 5));
  if (fn === 5)
    return field === 0xff00 || field === 0 ? { ok: true, request: { fn, address, count: 1, data } } : invalid;
  if (fn === 6) return { ok: true, request: { fn, address, count: 1, data } };
  if (field < 1 || field > QUANTITY[fn]) return invalid;
  if (fn <= 4) return { ok: true, request: { fn, address, count: field } };
  const bytes = pdu[5];
  if (bytes !== (fn === 15 ? Math.ceil(field / 8) : field * 2) || pdu.length !== 6 + bytes) return invalid;
  return { ok: true, request: { fn, address, count: field, data: Buffer.from(pdu.subarray(6)) } };
}

// Replies: what the slave sends.

/** A function 01/02 reply PDU carrying `bits`. */
export function bitsReply(fn: 1 | 2, bits: readonly (number | boolean)[]): Buffer {
  const data = bitsToBytes(bits);
  return Buffer.concat([Buffer.from([fn, data.length]), data]);
}

/** A function 03/04 reply PDU carrying `words`. */
export function registersReply(fn: 3 | 4, words: readonly number[]): Buffer {
  const data = registersToBytes(words);
  return Buffer.concat([Buffer.from([fn, data.length]), data]);
}

/** The reply PDU to a write: 05/06 echo the request, 15/16 give the address and the quantity written. */
export function writeReply(req: RequestFields): Buffer {
  return requestPdu({ fn: req.fn, address: req.address, count: req.count, data: req.data }).subarray(0, 5);
}

/** An exception reply PDU: the function code with its high bit set, then the code. */
export function exceptionPdu(fn: number, code: number): Buffer {
  return Buffer.from([(fn | 0x80) & 0xff, code]);
}

// Replies: what the master receives.

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
export function dataLength(req: RequestFields): number {
  return req.fn <= 2 ? Math.ceil(req.count / 8) : req.count * 2;
}

/** Checks the PDU of a reply (function code onwards) at `buf[start, end)`; `used` is how many bytes of `buf` the whole frame takes. No view is made but the data's. */
function checkPdu(req: RequestFields, buf: Buffer, start: number, end: number, used: number): ReplyVerdict {
  const length = end - start;
  const fn = buf[start];
  if (fn === (req.fn | 0x80)) return { kind: 'exception', code: length > 1 ? (buf[start + 1] ?? 0) : 0, used };
  if (fn !== req.fn) return { kind: 'mismatch', used };
  if (req.fn <= 4) {
    const count = length > 1 ? (buf[start + 1] ?? -1) : -1;
    if (count !== dataLength(req) || length !== count + 2) return { kind: 'malformed', used };
    return { kind: 'ok', data: buf.subarray(start + 2, end), used };
  }
  if (length !== 5) return { kind: 'malformed', used };
  if (buf.readUInt16BE(start + 1) !== req.address) return { kind: 'mismatch', used };
  return { kind: 'ok', data: buf.subarray(start + 3, end), used };
}

/** The length of the RTU reply PDU that starts at `buf[1]`, or -1 while its length byte has not arrived. */
function rtuReplyPduLength(req: RequestFields, buf: Buffer): number {
  if (buf.length < 2) return -1;
  const fn = buf[1];
  if (fn & 0x80) return 2;
  if (fn >= 1 && fn <= 4) return buf.length < 3 ? -1 : 2 + buf[2];
  if (fn === 5 || fn === 6 || fn === 15 || fn === 16) return 5;
  // An unknown function: assume the request's own shape, so that the CRC decides.
  return req.fn <= 4 ? 2 + dataLength(req) : 5;
}

/** Parses an RTU reply to `req` from the start of `buf`. */
export function parseRtuReply(req: ModbusRequest, buf: Buffer): ReplyVerdict {
  const pduLength = rtuReplyPduLength(req, buf);
  if (pduLength < 0 || buf.length < pduLength + 3) return { kind: 'incomplete' };
  const used = pduLength + 3;
  if (crc16(buf, 0, used) !== 0) return { kind: 'badCrc', used };
  if (buf[0] !== req.slave) return { kind: 'mismatch', used };
  return checkPdu(req, buf, 1, 1 + pduLength, used);
}

/** Parses a Modbus TCP (MBAP) reply to `req` from the start of `buf`. */
export function parseTcpReply(req: ModbusRequest, buf: Buffer): ReplyVerdict {
  if (buf.length < 7) return { kind: 'incomplete' };
  const length = buf.readUInt16BE(4);
  if (buf.readUInt16BE(2) !== 0 || length < 2 || length > 254) return { kind: 'malformed', used: buf.length };
  const used = 6 + length;
  if (buf.length < used) return { kind: 'incomplete' };
  if (buf.readUInt16BE(0) !== ((req.transaction ?? 0) & 0xffff) || buf[6] !== req.slave)
    return { kind: 'mismatch', used };
  return checkPdu(req, buf, 7, used, used);
}

export function parseReply(req: ModbusRequest, buf: Buffer, framing: Framing): ReplyVerdict {
  return framing === 'tcp' ? parseTcpReply(req, buf) : parseRtuReply(req, buf);
}

/** The i-th bit of packed bits (the data of a 01/02 reply or a 15 request). */
export function bitAt(data: Uint8Array, i: number): number {
  return ((data[i >> 3] ?? 0) >> (i & 7)) & 1;
}

/** Big-endian words of register data (the data of a 03/04 reply or a 16 request). */
export function wordsOf(data: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < data.length; i += 2) out.push((data[i] << 8) | data[i + 1]);
  return out;
}

/** The registers of a whole 03/04 reply PDU. */
export function registersOf(pdu: Uint8Array): number[] {
  return wordsOf(pdu.subarray(2, 2 + (pdu[1] ?? 0)));
}

/** The first `quantity` bits of a whole 01/02 reply PDU. */
export function bitsOf(pdu: Uint8Array, quantity: number): boolean[] {
  return Array.from({ length: quantity }, (_, i) => bitAt(pdu.subarray(2), i) === 1);
}
