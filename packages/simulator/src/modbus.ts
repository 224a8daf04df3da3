/**
 * Modbus framing as a field device speaks it: RTU frames (address, PDU, CRC-16/Modbus low byte
 * first) and Modbus TCP MBAP frames (transaction id, protocol 0, length, unit id, PDU).
 */

const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[i] = crc;
  }
  return table;
})();

/** CRC-16/Modbus (poly 0xA001 reflected, init 0xFFFF) over `bytes[start, end)`. */
export function crc16(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ CRC_TABLE[(crc ^ bytes[i]) & 0xff];
  return crc;
}

/** Function codes a slave answers; anything else gets exception 01 (illegal function). */
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

/** Appends the CRC to `address + pdu`. */
export function rtuFrame(address: number, pdu: Uint8Array): Buffer {
  const frame = Buffer.alloc(pdu.length + 3);
  frame[0] = address;
  frame.set(pdu, 1);
  const crc = crc16(frame, 0, pdu.length + 1);
  frame.writeUInt16LE(crc, pdu.length + 1);
  return frame;
}

export interface RtuRequest {
  address: number;
  pdu: Buffer;
}

/**
 * The length an RTU request frame starting at `bytes[0]` must have, judged from its function
 * code; undefined while too few bytes have arrived to tell, or the function is not one we know.
 */
export function rtuRequestLength(bytes: Uint8Array): number | undefined {
  if (bytes.length < 2) return undefined;
  const fc = bytes[1];
  if (fc >= 1 && fc <= 6) return 8;
  if (fc === FC.writeMultipleCoils || fc === FC.writeMultipleRegisters) {
    return bytes.length < 7 ? undefined : 9 + bytes[6];
  }
  return undefined;
}

/** Parses one RTU frame; undefined when it is too short or its CRC does not match. */
export function parseRtu(frame: Uint8Array): RtuRequest | undefined {
  if (frame.length < 4) return undefined;
  const crc = frame[frame.length - 2] | (frame[frame.length - 1] << 8);
  if (crc16(frame, 0, frame.length - 2) !== crc) return undefined;
  return { address: frame[0], pdu: Buffer.from(frame.subarray(1, frame.length - 2)) };
}

export interface MbapRequest {
  transaction: number;
  unit: number;
  pdu: Buffer;
}

/** Parses a whole MBAP frame; undefined when the header is not Modbus TCP or the length disagrees. */
export function parseMbap(frame: Uint8Array): MbapRequest | undefined {
  if (frame.length < 8) return undefined;
  const view = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
  if (view.readUInt16BE(2) !== 0) return undefined;
  const length = view.readUInt16BE(4);
  if (length < 2 || frame.length !== 6 + length) return undefined;
  return { transaction: view.readUInt16BE(0), unit: frame[6], pdu: Buffer.from(frame.subarray(7)) };
}

export function mbapFrame(transaction: number, unit: number, pdu: Uint8Array): Buffer {
  const frame = Buffer.alloc(7 + pdu.length);
  frame.writeUInt16BE(transaction & 0xffff, 0);
  frame.writeUInt16BE(0, 2);
  frame.writeUInt16BE(pdu.length + 1, 4);
  frame[6] = unit;
  frame.set(pdu, 7);
  return frame;
}

/** An exception response PDU: the function code with its high bit set, then the code. */
export function exceptionPdu(fc: number, code: number): Buffer {
  return Buffer.from([fc | 0x80, code]);
}

// Builders of request PDUs: the tests, the relay check and anyone driving a slave use them.

export function readRequest(fc: number, start: number, quantity: number): Buffer {
  const pdu = Buffer.alloc(5);
  pdu[0] = fc;
  pdu.writeUInt16BE(start, 1);
  pdu.writeUInt16BE(quantity, 3);
  return pdu;
}

export function writeRegistersRequest(start: number, values: readonly number[]): Buffer {
  const pdu = Buffer.alloc(6 + values.length * 2);
  pdu[0] = FC.writeMultipleRegisters;
  pdu.writeUInt16BE(start, 1);
  pdu.writeUInt16BE(values.length, 3);
  pdu[5] = values.length * 2;
  values.forEach((v, i) => {
    pdu.writeUInt16BE(v & 0xffff, 6 + i * 2);
  });
  return pdu;
}

export function writeSingleRequest(fc: 5 | 6, address: number, value: number): Buffer {
  const pdu = Buffer.alloc(5);
  pdu[0] = fc;
  pdu.writeUInt16BE(address, 1);
  pdu.writeUInt16BE(fc === 5 ? (value ? 0xff00 : 0) : value & 0xffff, 3);
  return pdu;
}

/** The registers of a function 03/04 response PDU. */
export function registersOf(pdu: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < pdu[1] / 2; i++) out.push((pdu[2 + i * 2] << 8) | pdu[3 + i * 2]);
  return out;
}

/** The bits of a function 01/02 response PDU, `quantity` of them. */
export function bitsOf(pdu: Uint8Array, quantity: number): boolean[] {
  const out: boolean[] = [];
  for (let i = 0; i < quantity; i++) out.push(((pdu[2 + (i >> 3)] >> (i & 7)) & 1) === 1);
  return out;
}
