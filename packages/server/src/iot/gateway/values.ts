import {
  BIT_REGISTER_TYPES,
  type CustomPoint,
  type CustomProtocolDefinition,
  compileFormula,
  customProtocolInput,
  type DataFormat,
  type DataType,
  type MeterItemFormat,
  pointFormat,
  type ReadWriteMode,
  type RegisterType,
  VARIANTS,
  type Variant,
  waterItem,
} from '@meridian/contracts';

/**
 * A data point as the gateway reads and writes it: where it lives and how its raw registers become
 * a value (spec section 3). Built once per template from its rows and shared by every device of it.
 */
export interface GatewayPoint {
  id: number;
  name: string;
  slave: number;
  registerType: RegisterType;
  address: number;
  /** 16-bit registers (or bits, for coils and discrete inputs) the point spans. */
  span: number;
  variant: Variant;
  dataType: DataType;
  bitIndex: number | null;
  precision: number;
  readWrite: ReadWriteMode;
  formula: ((x: number) => number) | null;
  inverse: ((x: number) => number) | null;
  /** A DL/T 645 point: its meter's address, its data identifier and the value's format; null for Modbus. */
  meter: { address: string; identifier: string; format: DataFormat } | null;
  /** A CJ/T 188 point: its meter's type and address, and the item of an identifier's answer it takes. */
  water: { type: number; address: string; item: MeterItemFormat } | null;
  /** A point of a custom protocol (decision 0140): the protocol and the point of its answer this one takes. */
  custom: { definition: CustomProtocolDefinition; point: CustomPoint } | null;
}

export interface PointSource {
  id: number;
  name: string;
  slaveAddress: number;
  registerType: RegisterType;
  registerAddress: number;
  registerLength: number;
  variant: Variant;
  dataType: DataType;
  bitIndex: number | null;
  precision: number;
  readWrite: ReadWriteMode;
  formula: string | null;
  inverseFormula: string | null;
  /** DL/T 645 points only. */
  meterAddress?: string | null;
  dataIdentifier?: string | null;
  /** The template's custom protocol, as stored (JSON). */
  customDefinition?: string | null;
}

/** Parses each stored definition once for all the points of a template. */
const definitions = new Map<string, CustomProtocolDefinition>();
function definitionOf(json: string): CustomProtocolDefinition {
  let definition = definitions.get(json);
  if (!definition) {
    definition = customProtocolInput.parse(JSON.parse(json));
    // Bounded: an edited protocol leaves its old text behind, so the cache starts over now and then.
    if (definitions.size > 1000) definitions.clear();
    definitions.set(json, definition);
  }
  return definition;
}

function customOf(p: PointSource): GatewayPoint['custom'] {
  if (!p.customDefinition || !p.dataIdentifier) return null;
  const definition = definitionOf(p.customDefinition);
  const point = definition.points.find((candidate) => candidate.key === p.dataIdentifier);
  return point ? { definition, point } : null;
}

const compiled = (text: string | null) => {
  if (!text?.trim()) return null;
  try {
    return compileFormula(text);
  } catch {
    // Saved formulas were checked on save; one that no longer parses reads as a failed collection.
    return () => Number.NaN;
  }
};

export function gatewayPoint(p: PointSource): GatewayPoint {
  const bits = BIT_REGISTER_TYPES.includes(p.registerType);
  const fixed = VARIANTS[p.variant].registers;
  const span = bits || p.variant === 'bit' ? 1 : (fixed ?? p.registerLength);
  const custom = customOf(p);
  const item = p.dataIdentifier && !p.customDefinition ? waterItem(p.dataIdentifier, p.slaveAddress) : undefined;
  const water = p.meterAddress && item ? { type: p.slaveAddress, address: p.meterAddress, item } : null;
  const meter =
    p.meterAddress && p.dataIdentifier && !water && !p.customDefinition
      ? {
          address: p.meterAddress,
          identifier: p.dataIdentifier,
          format: pointFormat(p.dataIdentifier, p.registerLength, p.precision, null),
        }
      : null;
  return {
    id: p.id,
    name: p.name,
    slave: p.slaveAddress,
    registerType: p.registerType,
    address: p.registerAddress,
    span,
    // A meter's value is a decimal number, whatever variant the template row carries.
    variant: meter || water || custom ? 'float64' : p.variant,
    dataType: meter || water || custom ? 'numeric' : p.dataType,
    bitIndex: p.bitIndex,
    precision: p.precision,
    readWrite: p.readWrite,
    formula: compiled(p.formula),
    inverse: compiled(p.inverseFormula),
    meter,
    water,
    custom,
  };
}

/** Where 32-bit words in CD AB order are put back in AB CD order before they are read (one for the process: reads are synchronous). */
const swapped = Buffer.alloc(4);

/** The 32-bit word at `at` of `data` in CD AB order, its two registers swapped into `swapped`. */
function swapWords(data: Buffer, at: number): Buffer {
  swapped[0] = data[at + 2] ?? 0;
  swapped[1] = data[at + 3] ?? 0;
  swapped[2] = data[at] ?? 0;
  swapped[3] = data[at + 1] ?? 0;
  return swapped;
}

const trimText = (b: Buffer) => b.toString('utf8').replace(/[\0\s]+$/u, '');

/**
 * The raw value of a point from its registers' bytes (big-endian words, high byte first): a number
 * before the formula, or text for strings and locations. Timestamps are seconds on the wire and
 * epoch milliseconds here, like every time of the product.
 */
export function decodeRaw(variant: Variant, bytes: Buffer, bitIndex: number | null = null): number | string {
  return decodeRawAt(variant, bytes, 0, bytes.length, bitIndex);
}

/**
 * As decodeRaw, for the `length` bytes at `at` of a whole reply's data: read where they are, with
 * no view made per point (a poll of 50 points would make 50).
 */
export function decodeRawAt(
  variant: Variant,
  data: Buffer,
  at: number,
  length: number,
  bitIndex: number | null = null,
): number | string {
  switch (variant) {
    case 'bit':
      return (data.readUInt16BE(at) >> (bitIndex ?? 0)) & 1;
    case 'int8':
      return data.readInt8(at + 1);
    case 'uint8':
      return data.readUInt8(at + 1);
    case 'int16':
      return data.readInt16BE(at);
    case 'uint16':
      return data.readUInt16BE(at);
    case 'int32AbCd':
      return data.readInt32BE(at);
    case 'int32CdAb':
      return swapWords(data, at).readInt32BE(0);
    case 'uint32AbCd':
      return data.readUInt32BE(at);
    case 'uint32CdAb':
      return swapWords(data, at).readUInt32BE(0);
    case 'float32AbCd':
      return data.readFloatBE(at);
    case 'float32CdAb':
      return swapWords(data, at).readFloatBE(0);
    case 'float64':
      return data.readDoubleBE(at);
    case 'timestamp32':
      return data.readUInt32BE(at) * 1000;
    case 'string':
    case 'location30':
      return trimText(data.subarray(at, at + length));
  }
}

/** Rounds to `precision` decimals, without the binary noise of floats (0.1 + 0.2). */
export function roundTo(value: number, precision: number): number {
  const factor = 10 ** precision;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

/**
 * The value users see: the acquisition formula and the precision applied to numbers, switches as
 * 1 or 0, text as it came. Null when the formula cannot compute it (a failed collection).
 */
export function pointValue(point: GatewayPoint, raw: number | string): number | string | null {
  if (typeof raw === 'string') return raw;
  if (point.dataType === 'switch' || point.variant === 'bit') return raw ? 1 : 0;
  if (point.variant === 'timestamp32') return raw;
  const value = point.formula ? point.formula(raw) : raw;
  return Number.isFinite(value) ? roundTo(value, point.precision) : null;
}

/** The value range each integer variant can hold on the wire. */
export const INTEGER_RANGE: Partial<Record<Variant, readonly [number, number]>> = {
  int8: [-128, 127],
  uint8: [0, 255],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32AbCd: [-2147483648, 2147483647],
  int32CdAb: [-2147483648, 2147483647],
  uint32AbCd: [0, 4294967295],
  uint32CdAb: [0, 4294967295],
  timestamp32: [0, 4294967295],
};

/** Why a value cannot be written; the service turns it into the message. */
export class EncodeError extends Error {
  readonly params: Record<string, string | number>;
  readonly reason: 'range' | 'textLength';
  constructor(reason: 'range' | 'textLength', params: Record<string, string | number> = {}) {
    super(reason);
    this.reason = reason;
    this.params = params;
  }
}

/**
 * The registers' bytes of a raw value (after the inverse formula) for a register point; integers
 * are rounded to the nearest whole number. Throws an EncodeError when the variant cannot hold it.
 */
export function encodeRaw(point: GatewayPoint, raw: number | string): Buffer {
  const out = Buffer.alloc(point.span * 2);
  if (point.variant === 'string' || point.variant === 'location30') {
    const text = Buffer.from(String(raw), 'utf8');
    if (text.length > out.length) throw new EncodeError('textLength', { max: out.length });
    text.copy(out);
    return out;
  }
  const range = INTEGER_RANGE[point.variant];
  const value = range ? Math.round(Number(raw) / (point.variant === 'timestamp32' ? 1000 : 1)) : Number(raw);
  const float32Overflow = point.variant.startsWith('float32') && Math.abs(value) > 3.4028234663852886e38;
  if (!Number.isFinite(value) || float32Overflow || (range && (value < range[0] || value > range[1])))
    throw new EncodeError('range', {
      raw: value,
      variant: point.variant,
      min: range?.[0] ?? -3.4028234663852886e38,
      max: range?.[1] ?? 3.4028234663852886e38,
    });
  switch (point.variant) {
    case 'bit':
      out.writeUInt16BE(value ? 1 << (point.bitIndex ?? 0) : 0);
      break;
    case 'int8':
      out.writeInt8(value, 1);
      if (value < 0) out[0] = 0xff;
      break;
    case 'uint8':
      out.writeUInt8(value, 1);
      break;
    case 'int16':
      out.writeInt16BE(value);
      break;
    case 'uint16':
      out.writeUInt16BE(value);
      break;
    case 'int32AbCd':
    case 'int32CdAb':
      out.writeInt32BE(value);
      break;
    case 'uint32AbCd':
    case 'uint32CdAb':
    case 'timestamp32':
      out.writeUInt32BE(value);
      break;
    case 'float32AbCd':
    case 'float32CdAb':
      out.writeFloatBE(value);
      break;
    case 'float64':
      out.writeDoubleBE(value);
      break;
  }
  return point.variant.endsWith('CdAb') ? Buffer.from(swapWords(out, 0)) : out;
}
