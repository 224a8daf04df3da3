import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import type { MessageParams } from '../platform-messages.ts';

/**
 * Custom protocols (issue 25, decision 0140): an account describes a meter or controller that
 * speaks neither Modbus nor a metering standard by its frames. A request is hex with placeholders
 * (`01 {addr:1} 03 00 10 {crc16modbus}`), the answer is recognised by its header, its length and
 * its checksum, and each data point is read at an offset of the answer. This module is pure: the
 * server checks and polls with it, the simulator answers with it, the web previews with it.
 */

export const CUSTOM_POINT_TYPES = ['uint16', 'int16', 'uint32', 'float32', 'bcd'] as const;
export type CustomPointType = (typeof CUSTOM_POINT_TYPES)[number];
export const CUSTOM_CHECKSUMS = ['none', 'crc16modbus', 'sum8'] as const;
export type CustomChecksum = (typeof CUSTOM_CHECKSUMS)[number];
export const BYTE_ORDERS = ['big', 'little'] as const;
export type ByteOrder = (typeof BYTE_ORDERS)[number];

/** Spec-free limits of ours (decision 0140): a frame fits one DTU packet, a protocol one screen. */
export const CUSTOM_PROTOCOL_LIMITS = { frameChars: 512, answerBytes: 255, points: 32, perAccount: 50 } as const;

/** The placeholders a frame may hold; `value` only in the write frame. */
export const FRAME_PLACEHOLDERS = ['addr:N', 'crc16modbus', 'crc16modbus:i', 'sum8', 'sum8:i', 'value'] as const;

export const customPointInput = z.strictObject({
  /** What a template's data point names to take this value (its data identifier). */
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, 'customProtocol.point.key'),
  name: z.string().trim().min(1, 'customProtocol.point.name').max(40, 'customProtocol.point.name'),
  /** Byte offset in the whole answer, header included. */
  offset: z.number({ error: 'customProtocol.point.offset' }).int().min(0).max(254, 'customProtocol.point.offset'),
  type: z.enum(CUSTOM_POINT_TYPES),
  /** Bytes of a BCD value (1-8); the other types have their own size. */
  length: z.number().int().min(1).max(8).default(2),
  byteOrder: z.enum(BYTE_ORDERS).default('big'),
  /** The raw value times this is the value stored (0.01 for a BCD value with two decimals). */
  scale: z.number({ error: 'customProtocol.point.scale' }).refine((n) => n !== 0, 'customProtocol.point.scale'),
  unit: z.string().trim().max(16).default(''),
  /** A write frame with `{value}` (the value in this point's type and order); empty: read-only. */
  write: z.string().trim().max(CUSTOM_PROTOCOL_LIMITS.frameChars).default(''),
  /**
   * What the device answers a write that it carried out (decision 0164): empty, any answer;
   * `{echo}`, the write frame sent back unchanged; or a pattern of hex, `??` (any byte) and
   * `{addr:N}`. Another answer is "Execution failure".
   */
  writeAnswer: z.string().trim().max(CUSTOM_PROTOCOL_LIMITS.frameChars).default(''),
});
export type CustomPointInput = z.input<typeof customPointInput>;
export type CustomPoint = z.infer<typeof customPointInput>;

export const customProtocolInput = z.strictObject({
  name: z.string().trim().min(1, 'customProtocol.name').max(40, 'customProtocol.name'),
  description: z.string().trim().max(200).default(''),
  request: z.string().trim().min(1, 'customProtocol.request.empty').max(CUSTOM_PROTOCOL_LIMITS.frameChars),
  /** Hex the answer starts with; may hold `{addr:N}`. Empty: any start. */
  answerHeader: z.string().trim().max(CUSTOM_PROTOCOL_LIMITS.frameChars).default(''),
  answerLength: z
    .number({ error: 'customProtocol.answer.lengthRange' })
    .int()
    .min(1, 'customProtocol.answer.lengthRange')
    .max(CUSTOM_PROTOCOL_LIMITS.answerBytes, 'customProtocol.answer.lengthRange'),
  /**
   * Where the answer says its own length (decision 0164): the byte at `lengthAt` plus
   * `lengthAdjust` is the whole answer's length, and `answerLength` is then the longest answer
   * taken. Absent: every answer is `answerLength` bytes.
   */
  lengthAt: z
    .number({ error: 'customProtocol.answer.lengthAt' })
    .int('customProtocol.answer.lengthAt')
    .min(0, 'customProtocol.answer.lengthAt')
    .max(CUSTOM_PROTOCOL_LIMITS.answerBytes - 1, 'customProtocol.answer.lengthAt')
    .nullish(),
  lengthAdjust: z
    .number({ error: 'customProtocol.answer.lengthAdjust' })
    .int('customProtocol.answer.lengthAdjust')
    .min(-255, 'customProtocol.answer.lengthAdjust')
    .max(255, 'customProtocol.answer.lengthAdjust')
    .default(0),
  /** The checksum closing the answer, over every byte before it from `checksumFrom`. */
  checksum: z.enum(CUSTOM_CHECKSUMS),
  /**
   * The first byte the answer's checksum covers (decision 0164): 0, the whole answer, unless the
   * device starts with bytes the checksum skips (FE wake-up bytes, a 68 preamble).
   */
  checksumFrom: z
    .number({ error: 'customProtocol.answer.checksumFrom' })
    .int('customProtocol.answer.checksumFrom')
    .min(0, 'customProtocol.answer.checksumFrom')
    .max(CUSTOM_PROTOCOL_LIMITS.answerBytes - 1, 'customProtocol.answer.checksumFrom')
    .default(0),
  points: z
    .array(customPointInput)
    .min(1, 'customProtocol.points.empty')
    .max(CUSTOM_PROTOCOL_LIMITS.points, 'customProtocol.points.max'),
});
export type CustomProtocolInput = z.input<typeof customProtocolInput>;
export type CustomProtocolDefinition = z.infer<typeof customProtocolInput>;

export const customProtocolView = customProtocolInput.extend({
  id: z.number().int(),
  ownerId: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type CustomProtocolView = z.infer<typeof customProtocolView>;

/** One piece of a frame: fixed bytes or a placeholder. */
export type FrameSegment =
  | { kind: 'bytes'; bytes: number[] }
  | { kind: 'addr'; size: number }
  | { kind: 'crc16modbus'; from: number }
  | { kind: 'sum8'; from: number }
  | { kind: 'value' };

export interface FrameProblem {
  key: MessageKey;
  params?: MessageParams;
}

type Parsed = { ok: true; segments: FrameSegment[] } | { ok: false; problem: FrameProblem };

function placeholder(name: string): FrameSegment | undefined {
  const addr = /^addr(?::([1-4]))?$/.exec(name);
  if (addr) return { kind: 'addr', size: Number(addr[1] ?? 1) };
  const sum = /^(crc16modbus|sum8)(?::(\d{1,3}))?$/.exec(name);
  if (sum) return { kind: sum[1] === 'sum8' ? 'sum8' : 'crc16modbus', from: Number(sum[2] ?? 0) };
  if (name === 'value') return { kind: name };
  return undefined;
}

/** Reads a frame's text: hex bytes (spaces anywhere between them) and `{placeholders}`. */
export function parseFrameText(text: string): Parsed {
  const segments: FrameSegment[] = [];
  let hex = '';
  const flush = (): FrameProblem | undefined => {
    if (hex.length % 2) return { key: 'customProtocol.frame.oddHex', params: { hex } };
    if (hex) segments.push({ kind: 'bytes', bytes: hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [] });
    hex = '';
    return undefined;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (/\s/.test(char)) continue;
    if (/[0-9a-fA-F]/.test(char)) {
      hex += char;
      continue;
    }
    if (char !== '{') return { ok: false, problem: { key: 'customProtocol.frame.character', params: { char } } };
    const problem = flush();
    if (problem) return { ok: false, problem };
    const end = text.indexOf('}', i);
    if (end < 0) return { ok: false, problem: { key: 'customProtocol.frame.unclosed' } };
    const name = text.slice(i + 1, end).trim();
    const segment = placeholder(name);
    if (!segment) return { ok: false, problem: { key: 'customProtocol.frame.placeholder', params: { name } } };
    if ((segment.kind === 'crc16modbus' || segment.kind === 'sum8') && segment.from >= frameSize(segments))
      return { ok: false, problem: { key: 'customProtocol.frame.checksumFrom', params: { name, from: segment.from } } };
    segments.push(segment);
    i = end;
  }
  const problem = flush();
  return problem ? { ok: false, problem } : { ok: true, segments };
}

/** CRC-16/MODBUS: polynomial 0x8005 reflected (0xA001), initial value 0xFFFF; one lookup per byte. */
const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[i] = crc;
  }
  return table;
})();

/**
 * The CRC-16/MODBUS of `bytes[start, end)`; over a whole RTU frame, CRC included, it is 0. The one
 * copy: the Modbus codec (`@meridian/simulator/modbus`) uses it too.
 */
export function crc16modbus(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (CRC_TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  return crc;
}

function sum8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum = (sum + (bytes[i] ?? 0)) & 0xff;
  return sum;
}

/** The bytes of the segments so far, a value counted as none (a checksum after `{value}` counts from before it). */
function frameSize(segments: readonly FrameSegment[]): number {
  return segments.reduce((total, segment) => total + segmentSize(segment, 0), 0);
}

/** The size in bytes of a segment. */
function segmentSize(segment: FrameSegment, valueSize: number): number {
  if (segment.kind === 'bytes') return segment.bytes.length;
  if (segment.kind === 'addr') return segment.size;
  if (segment.kind === 'crc16modbus') return 2;
  if (segment.kind === 'sum8') return 1;
  return valueSize;
}

/**
 * Builds a frame: the address big-endian in its size, a checksum over the bytes before it from its
 * `from` byte (the CRC low byte first, as Modbus sends it), `value` as the bytes given.
 */
export function buildCustomFrame(
  segments: readonly FrameSegment[],
  address: number,
  value: Uint8Array = new Uint8Array(),
): Uint8Array {
  const size = segments.reduce((total, segment) => total + segmentSize(segment, value.length), 0);
  const frame = new Uint8Array(size);
  let at = 0;
  for (const segment of segments) {
    if (segment.kind === 'bytes') frame.set(segment.bytes, at);
    else if (segment.kind === 'addr')
      for (let i = 0; i < segment.size; i++) frame[at + i] = Math.floor(address / 256 ** (segment.size - 1 - i)) & 0xff;
    else if (segment.kind === 'crc16modbus') {
      const crc = crc16modbus(frame, segment.from, at);
      frame[at] = crc & 0xff;
      frame[at + 1] = crc >>> 8;
    } else if (segment.kind === 'sum8') frame[at] = sum8(frame, segment.from, at);
    else frame.set(value, at);
    at += segmentSize(segment, value.length);
  }
  return frame;
}

/** Bytes a point takes in the answer. */
export function customPointSize(point: Pick<CustomPoint, 'type' | 'length'>): number {
  if (point.type === 'bcd') return point.length;
  return point.type === 'uint32' || point.type === 'float32' ? 4 : 2;
}

export function checksumSize(checksum: CustomChecksum): number {
  return checksum === 'crc16modbus' ? 2 : checksum === 'sum8' ? 1 : 0;
}

/** Where `{value}` starts in a frame, with a value of `size` bytes; -1 without one. */
export function valueOffset(segments: readonly FrameSegment[], size: number): number {
  let at = 0;
  for (const segment of segments) {
    if (segment.kind === 'value') return at;
    at += segmentSize(segment, size);
  }
  return -1;
}

/** One broken rule of a custom protocol, at its field (`points[2].offset`), as a catalogue key. */
export interface CustomProtocolRuleBroken extends FrameProblem {
  field: string;
}

/** One byte of a write answer's pattern: a byte, any byte, or the device's address (its size in bytes). */
type AnswerByte = { kind: 'byte'; byte: number } | { kind: 'any' } | { kind: 'addr'; size: number };

/** Reads a write answer's pattern: `{echo}` alone, or hex, `??` and `{addr:N}`. */
export function parseWriteAnswer(
  text: string,
): { ok: true; echo: true } | { ok: true; echo: false; bytes: AnswerByte[] } | { ok: false; problem: FrameProblem } {
  const compact = text.replace(/\s+/g, '');
  if (compact === '{echo}') return { ok: true, echo: true };
  const bytes: AnswerByte[] = [];
  for (let i = 0; i < compact.length; ) {
    if (compact[i] === '{') {
      const end = compact.indexOf('}', i);
      if (end < 0) return { ok: false, problem: { key: 'customProtocol.frame.unclosed' } };
      const segment = placeholder(compact.slice(i + 1, end));
      if (segment?.kind !== 'addr')
        return {
          ok: false,
          problem: { key: 'customProtocol.writeAnswer.placeholder', params: { name: compact.slice(i + 1, end) } },
        };
      bytes.push({ kind: 'addr', size: segment.size });
      i = end + 1;
      continue;
    }
    const pair = compact.slice(i, i + 2);
    if (pair === '??') bytes.push({ kind: 'any' });
    else if (/^[0-9a-fA-F]{2}$/.test(pair)) bytes.push({ kind: 'byte', byte: Number.parseInt(pair, 16) });
    else return { ok: false, problem: { key: 'customProtocol.writeAnswer.pair', params: { pair } } };
    i += 2;
  }
  return { ok: true, echo: false, bytes };
}

/** Whether a device's answer to a write frame says it carried the write out; an empty pattern takes any answer. */
export function writeAnswerMatches(pattern: string, address: number, request: Uint8Array, answer: Uint8Array): boolean {
  if (!pattern.trim()) return true;
  const parsed = parseWriteAnswer(pattern);
  if (!parsed.ok) return false;
  if (parsed.echo) return answer.length === request.length && answer.every((byte, i) => byte === request[i]);
  const want: (number | undefined)[] = [];
  for (const piece of parsed.bytes) {
    if (piece.kind === 'byte') want.push(piece.byte);
    else if (piece.kind === 'any') want.push(undefined);
    else for (let i = 0; i < piece.size; i++) want.push(Math.floor(address / 256 ** (piece.size - 1 - i)) & 0xff);
  }
  return answer.length === want.length && want.every((byte, i) => byte === undefined || byte === answer[i]);
}

/** What the schema cannot say: frames that parse, placeholders where they belong, points inside the answer. */
export function customProtocolRulesBroken(definition: CustomProtocolDefinition): CustomProtocolRuleBroken[] {
  const rules: CustomProtocolRuleBroken[] = [];
  const frameRules = (field: string, text: string, allowed: FrameSegment['kind'][]) => {
    if (!text) return;
    const parsed = parseFrameText(text);
    if (!parsed.ok) {
      rules.push({ field, ...parsed.problem });
      return;
    }
    const misplaced = parsed.segments.find((s) => !allowed.includes(s.kind));
    if (misplaced) rules.push({ field, key: 'customProtocol.frame.notHere', params: { name: misplaced.kind } });
    else if (field.endsWith('write') && !parsed.segments.some((s) => s.kind === 'value'))
      rules.push({ field, key: 'customProtocol.write.value' });
  };
  frameRules('request', definition.request, ['bytes', 'addr', 'crc16modbus', 'sum8']);
  frameRules('answerHeader', definition.answerHeader, ['bytes', 'addr']);
  definition.points.forEach((point, i) => {
    frameRules(`points[${i}].write`, point.write, ['bytes', 'addr', 'crc16modbus', 'sum8', 'value']);
    const answer = point.writeAnswer ? parseWriteAnswer(point.writeAnswer) : undefined;
    if (answer && !answer.ok) rules.push({ field: `points[${i}].writeAnswer`, ...answer.problem });
    else if (answer && !point.write)
      rules.push({ field: `points[${i}].writeAnswer`, key: 'customProtocol.writeAnswer.noWrite' });
  });
  const header = parseFrameText(definition.answerHeader);
  const headerSize = header.ok ? header.segments.reduce((n, s) => n + segmentSize(s, 0), 0) : 0;
  const dataEnd = definition.answerLength - checksumSize(definition.checksum);
  if (headerSize > dataEnd)
    rules.push({
      field: 'answerLength',
      key: 'customProtocol.answer.tooShort',
      params: { length: definition.answerLength, needed: headerSize + checksumSize(definition.checksum) },
    });
  if (definition.lengthAt != null && definition.lengthAt >= dataEnd)
    rules.push({
      field: 'lengthAt',
      key: 'customProtocol.answer.lengthAtOutside',
      params: { at: definition.lengthAt, length: definition.answerLength },
    });
  if (definition.checksum !== 'none' && definition.checksumFrom >= dataEnd)
    rules.push({
      field: 'checksumFrom',
      key: 'customProtocol.answer.checksumFromOutside',
      params: { from: definition.checksumFrom, end: dataEnd },
    });
  const keys = new Set<string>();
  definition.points.forEach((point, i) => {
    if (keys.has(point.key.toLowerCase()))
      rules.push({ field: `points[${i}].key`, key: 'customProtocol.point.keyTaken', params: { key: point.key } });
    keys.add(point.key.toLowerCase());
    const end = point.offset + customPointSize(point);
    if (end > dataEnd)
      rules.push({
        field: `points[${i}].offset`,
        key: 'customProtocol.point.outside',
        params: { name: point.name, end, length: dataEnd },
      });
  });
  return rules;
}

/** What an answer says, read against the protocol's header, length and checksum. */
export type AnswerCheck =
  | { kind: 'ok' }
  | { kind: 'header' }
  | { kind: 'length'; got: number; want: number }
  | { kind: 'lengthByte'; says: number; most: number }
  | { kind: 'checksum'; got: number; want: number };

/**
 * The whole length of the answer starting `bytes`: the fixed length, or with a length byte its
 * value plus the adjustment; undefined while the length byte has not arrived.
 */
export function customAnswerLength(
  definition: Pick<CustomProtocolDefinition, 'answerLength' | 'lengthAt' | 'lengthAdjust'>,
  bytes: Uint8Array,
): number | undefined {
  if (definition.lengthAt == null) return definition.answerLength;
  const byte = bytes[definition.lengthAt];
  return byte === undefined ? undefined : byte + (definition.lengthAdjust ?? 0);
}

/** Whether an answer length is one the protocol takes: up to its longest, with room for the header and checksum. */
export function customLengthTaken(definition: CustomProtocolDefinition, length: number): boolean {
  const header = parseFrameText(definition.answerHeader);
  const headerSize = header.ok ? frameSize(header.segments) : 0;
  const least = Math.max(headerSize, (definition.lengthAt ?? -1) + 1) + checksumSize(definition.checksum);
  return length >= least && length <= definition.answerLength;
}

/** The header bytes the answer of the device at `address` starts with. */
export function expectedCustomHeader(definition: Pick<CustomProtocolDefinition, 'answerHeader'>, address: number) {
  const parsed = parseFrameText(definition.answerHeader);
  return parsed.ok ? buildCustomFrame(parsed.segments, address) : new Uint8Array();
}

/** Checks a whole answer: its header, its exact length and its checksum. */
export function checkCustomAnswer(
  definition: CustomProtocolDefinition,
  address: number,
  answer: Uint8Array,
): AnswerCheck {
  const header = expectedCustomHeader(definition, address);
  if (header.some((byte, i) => answer[i] !== byte)) return { kind: 'header' };
  const want = customAnswerLength(definition, answer);
  if (want !== undefined && definition.lengthAt != null && !customLengthTaken(definition, want))
    return { kind: 'lengthByte', says: want, most: definition.answerLength };
  if (want === undefined || answer.length !== want)
    return { kind: 'length', got: answer.length, want: want ?? definition.answerLength };
  const end = answer.length - checksumSize(definition.checksum);
  const from = definition.checksumFrom;
  if (definition.checksum === 'crc16modbus') {
    const want = crc16modbus(answer, from, end);
    const got = (answer[end] ?? 0) | ((answer[end + 1] ?? 0) << 8);
    if (got !== want) return { kind: 'checksum', got, want };
  } else if (definition.checksum === 'sum8') {
    const want = sum8(answer, from, end);
    if (answer[end] !== want) return { kind: 'checksum', got: answer[end] ?? 0, want };
  }
  return { kind: 'ok' };
}

function ordered(point: CustomPoint, answer: Uint8Array): number[] {
  const bytes = Array.from(answer.subarray(point.offset, point.offset + customPointSize(point)));
  return point.byteOrder === 'little' ? bytes.reverse() : bytes;
}

/** Keeps the decimals the scale gives, so 0.1 × 2301 reads 230.1 and not 230.10000000000002. */
function scaled(raw: number, scale: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(Math.abs(scale))));
  return Number((raw * scale).toFixed(Math.min(decimals + 6, 12)));
}

/**
 * A point's value in an answer already checked; null for a BCD field holding a digit above 9, or
 * for a point past `dataEnd` (a variable-length answer too short to carry it).
 */
export function decodeCustomPoint(point: CustomPoint, answer: Uint8Array, dataEnd = answer.length): number | null {
  if (point.offset + customPointSize(point) > dataEnd) return null;
  const bytes = ordered(point, answer);
  const view = new DataView(Uint8Array.from(bytes).buffer);
  let raw: number;
  if (point.type === 'uint16') raw = view.getUint16(0);
  else if (point.type === 'int16') raw = view.getInt16(0);
  else if (point.type === 'uint32') raw = view.getUint32(0);
  else if (point.type === 'float32') raw = view.getFloat32(0);
  else {
    const digits = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
    if (!/^\d+$/.test(digits)) return null;
    raw = Number(digits);
  }
  return scaled(raw, point.scale);
}

/** The bytes of `value` in a point's type and order, for the write frame's `{value}`. */
export function encodeCustomPoint(point: CustomPoint, value: number): Uint8Array {
  const raw = point.type === 'float32' ? value / point.scale : Math.round(value / point.scale);
  const size = customPointSize(point);
  const view = new DataView(new ArrayBuffer(size));
  if (point.type === 'uint16') view.setUint16(0, raw);
  else if (point.type === 'int16') view.setInt16(0, raw);
  else if (point.type === 'uint32') view.setUint32(0, raw);
  else if (point.type === 'float32') view.setFloat32(0, raw);
  else {
    const digits = String(Math.abs(raw))
      .padStart(size * 2, '0')
      .slice(-size * 2);
    for (let i = 0; i < size; i++) view.setUint8(i, Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16));
  }
  const bytes = new Uint8Array(view.buffer);
  return point.byteOrder === 'little' ? bytes.reverse() : bytes;
}

/** Hex text (spaces allowed) as bytes; undefined when it is not whole bytes of hex. */
export function bytesOfHex(text: string): Uint8Array | undefined {
  const hex = text.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(hex)) return undefined;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(' ');
}

/** What the preview shows for a pasted answer: each point's value, or why the answer is refused. */
export type AnswerPreview =
  | { ok: true; values: { key: string; name: string; value: number | null; unit: string }[] }
  | { ok: false; problem: FrameProblem };

export function previewCustomAnswer(
  definition: CustomProtocolDefinition,
  address: number,
  text: string,
): AnswerPreview {
  const answer = bytesOfHex(text);
  if (!answer) return { ok: false, problem: { key: 'customProtocol.sample.hex' } };
  const check = checkCustomAnswer(definition, address, answer);
  if (check.kind === 'header')
    return {
      ok: false,
      problem: {
        key: 'customProtocol.sample.header',
        params: { header: hexOf(expectedCustomHeader(definition, address)) },
      },
    };
  if (check.kind === 'length')
    return {
      ok: false,
      problem: { key: 'customProtocol.sample.length', params: { got: check.got, want: check.want } },
    };
  if (check.kind === 'lengthByte')
    return { ok: false, problem: { key: 'customProtocol.sample.lengthByte', params: { ...check } } };
  if (check.kind === 'checksum')
    return {
      ok: false,
      problem: {
        key: 'customProtocol.sample.checksum',
        params: { got: check.got.toString(16).toUpperCase(), want: check.want.toString(16).toUpperCase() },
      },
    };
  return {
    ok: true,
    values: definition.points.map((point) => ({
      key: point.key,
      name: point.name,
      value: decodeCustomPoint(point, answer, answer.length - checksumSize(definition.checksum)),
      unit: point.unit,
    })),
  };
}
