/**
 * The DL/T 645-2007 codec (the Chinese multi-function electricity meter protocol), shared by the
 * gateway and the simulated meters as the Modbus codec is (decision 0086).
 *
 * A frame is `68 A0..A5 68 C L DATA CS 16`, sent after up to four 0xFE wake-up bytes:
 * - A0..A5: the meter address, 12 BCD digits, lowest pair first (AA..AA is the wildcard address);
 * - C: the control code: bit 7 the direction (1 = the meter's answer), bit 6 an error answer,
 *   bit 5 follow-up frames, bits 4..0 the function (0x11 read data, 0x13 read address);
 * - L: the data length; DATA: each byte sent plus 0x33 (modulo 256);
 * - CS: the sum modulo 256 of every byte from the first 68 to the last data byte.
 * A read carries the data identifier DI0..DI3 (DI0 first); the answer repeats it and appends the
 * value, BCD lowest byte first, with the decimals of the identifier's format. An error answer
 * (C = 0xD1) carries one error byte whose bits say what went wrong.
 * Pure functions, no I/O, never throwing on bytes from the wire.
 */

import { type DataFormat, WILDCARD_ADDRESS } from '@meridian/contracts';
import {
  addressBytes,
  addressOf,
  encodeMeterFrame,
  type ParseResult as MeterParseResult,
  START,
  scanMeterFrame,
} from './meter-frame.ts';

export { addressBytes, addressOf, END, PREAMBLE, START } from './meter-frame.ts';

export const CONTROL = {
  readData: 0x11,
  readAddress: 0x13,
  /** Bit 7: the frame is a meter's answer. */
  answer: 0x80,
  /** Bit 6: the answer is an error answer. */
  error: 0x40,
  /** Bit 5: more frames follow. */
  followUp: 0x20,
} as const;

/** The error byte of an error answer (DL/T 645-2007 table 7.3.1): one bit per cause. */
export const ERROR_BITS = {
  other: 0x01,
  noData: 0x02,
  unauthorised: 0x04,
  baudRateUnchangeable: 0x08,
  tooManyYearZones: 0x10,
  tooManyDayPeriods: 0x20,
  tooManyTariffs: 0x40,
} as const;

export type ErrorCause = keyof typeof ERROR_BITS;

/** The causes an error byte names, in bit order; an empty byte is "other". */
export function errorCauses(code: number): ErrorCause[] {
  const causes = (Object.keys(ERROR_BITS) as ErrorCause[]).filter((cause) => code & ERROR_BITS[cause]);
  return causes.length > 0 ? causes : ['other'];
}

export type { DataFormat } from '@meridian/contracts';
export { isDataIdentifier, isMeterAddress, KNOWN_IDENTIFIERS, WILDCARD_ADDRESS } from '@meridian/contracts';

/** The four identifier bytes DI0..DI3 as sent (before the +0x33) of "DI3DI2DI1DI0" hex. */
export function identifierBytes(di: string): Buffer {
  return Buffer.from(di, 'hex').reverse();
}

export interface Dlt645Frame {
  address: string;
  control: number;
  /** The data as meant, the 0x33 already taken off. */
  data: Buffer;
}

/** A whole frame on the wire, with the wake-up preamble unless `preamble` is 0. */
export function encodeFrame(frame: Dlt645Frame, preamble = 4): Buffer {
  const header = [START, ...addressBytes(frame.address), START, frame.control, frame.data.length];
  return encodeMeterFrame(
    preamble,
    header,
    frame.data.map((byte) => (byte + 0x33) & 0xff),
  );
}

export type ParseResult = MeterParseResult<Dlt645Frame>;

/** Reads the first frame at the start of `bytes`, skipping the preamble. */
export function parseFrame(bytes: Uint8Array): ParseResult {
  const found = scanMeterFrame(bytes, 10, (start) => bytes[start + 7] === START);
  if (found.kind !== 'found') return found;
  const { start, end } = found;
  const data = Buffer.alloc(end - start - 10);
  for (let i = 0; i < data.length; i++) data[i] = (bytes[start + 10 + i] - 0x33) & 0xff;
  return {
    kind: 'frame',
    frame: { address: addressOf(bytes.subarray(start + 1, start + 7)), control: bytes[start + 8], data },
    length: end + 2,
  };
}

/** The request reading one data identifier of one meter. */
export function readRequest(address: string, di: string): Buffer {
  return encodeFrame({ address, control: CONTROL.readData, data: identifierBytes(di) });
}

/** A meter's normal answer to a read: the identifier and the value's bytes. */
export function readAnswer(address: string, di: string, value: Uint8Array): Buffer {
  return encodeFrame({
    address,
    control: CONTROL.readData | CONTROL.answer,
    data: Buffer.concat([identifierBytes(di), value]),
  });
}

/** A meter's error answer to a read, with its error byte. */
export function errorAnswer(address: string, code: number): Buffer {
  return encodeFrame({
    address,
    control: CONTROL.readData | CONTROL.answer | CONTROL.error,
    data: Buffer.from([code]),
  });
}

/** The BCD bytes, lowest first, of a value in a format; undefined when it does not fit. */
export function encodeValue(format: DataFormat, value: number): Buffer | undefined {
  const negative = value < 0;
  if (negative && !format.signed) return undefined;
  const digits = Math.round(Math.abs(value) * 10 ** format.decimals);
  const text = digits.toString().padStart(format.bytes * 2, '0');
  if (text.length > format.bytes * 2) return undefined;
  const bytes = Buffer.from(text, 'hex').reverse();
  if (format.signed) {
    if (bytes[format.bytes - 1] & 0x80) return undefined;
    if (negative) bytes[format.bytes - 1] |= 0x80;
  }
  return bytes;
}

/** The value of BCD bytes, lowest first, in a format; undefined when a nibble is not a digit. */
export function decodeValue(format: DataFormat, bytes: Uint8Array): number | undefined {
  if (bytes.length !== format.bytes) return undefined;
  const copy = Buffer.from(bytes).reverse();
  const negative = format.signed && (copy[0] & 0x80) !== 0;
  if (negative) copy[0] &= 0x7f;
  const text = copy.toString('hex');
  if (!/^\d+$/.test(text)) return undefined;
  const magnitude = Number(text) / 10 ** format.decimals;
  return negative ? -magnitude : magnitude;
}

export type ReadOutcome =
  | { kind: 'value'; value: number }
  | { kind: 'error'; code: number; causes: ErrorCause[] }
  /** The answer is not for this meter or identifier, or its value is not BCD of the format. */
  | { kind: 'mismatch' };

/** What a meter's answer says about a read of `di` from `address`. */
export function readOutcome(frame: Dlt645Frame, address: string, di: string, format: DataFormat): ReadOutcome {
  if (frame.address !== address.toLowerCase() && address.toLowerCase() !== WILDCARD_ADDRESS)
    return { kind: 'mismatch' };
  if ((frame.control & 0x9f) !== (CONTROL.readData | CONTROL.answer)) return { kind: 'mismatch' };
  if (frame.control & CONTROL.error) {
    const code = frame.data[0] ?? 0;
    return { kind: 'error', code, causes: errorCauses(code) };
  }
  if (!frame.data.subarray(0, 4).equals(identifierBytes(di))) return { kind: 'mismatch' };
  const value = decodeValue(format, frame.data.subarray(4));
  return value === undefined ? { kind: 'mismatch' } : { kind: 'value', value };
}
