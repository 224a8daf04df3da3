/**
 * The CJ/T 188-2004 codec (the Chinese protocol of household water, heat and gas meters), shared by
 * the gateway and the simulated meters as the DL/T 645 codec is (decisions 0086 and 0114).
 *
 * A frame is `68 T A0..A6 C L DATA CS 16`, sent after a few 0xFE wake-up bytes:
 * - T: the meter type (0x10 cold water, 0x30 gas...; 0xAA any type);
 * - A0..A6: the meter address, 14 BCD digits, lowest pair first (AA..AA is the wildcard address);
 * - C: the control code: bit 7 the direction (1 = the meter's answer), bit 6 an error answer, bits
 *   5..0 the function (0x01 read data, 0x03 read address);
 * - L: the data length; DATA as it is (no +0x33, unlike DL/T 645);
 * - CS: the sum modulo 256 of every byte from the 68 to the last data byte.
 * A read carries the data identifier DI0 DI1 (the standard's 901F goes out as 90 1F) and a
 * sequence byte SER; the answer repeats both and appends the data. For 901F (metering data of a
 * water or gas meter): current cumulative flow (4 BCD bytes, 2 decimals, lowest first) and its
 * unit byte, the same at the settlement day, the meter's time (7 BCD bytes, seconds first) and two
 * status bytes. An error answer (C = 0xC1) carries SER and the two status bytes.
 * Pure functions, no I/O, never throwing on bytes from the wire.
 */

import { isHeatMeterType, type MeterItemFormat, WATER_WILDCARD_ADDRESS } from '@meridian/contracts';
import {
  addressBytes,
  addressOf,
  encodeMeterFrame,
  type ParseResult as MeterParseResult,
  START,
  scanMeterFrame,
} from './meter-frame.ts';

export { addressBytes, addressOf, END, PREAMBLE, START } from './meter-frame.ts';
/** The meter type byte that every meter answers to. */
export const ANY_TYPE = 0xaa;

export const CONTROL = {
  readData: 0x01,
  readAddress: 0x03,
  /** Bit 7: the frame is a meter's answer. */
  answer: 0x80,
  /** Bit 6: the answer is an error answer. */
  error: 0x40,
} as const;

/** The unit bytes of CJ/T 188-2004 for volumes, and how many cubic metres one unit is. */
export const VOLUME_UNITS: Readonly<Record<number, { unit: string; cubicMetres: number }>> = {
  41: { unit: 'L', cubicMetres: 0.001 },
  44: { unit: 'm³', cubicMetres: 1 },
};
export const UNIT_CUBIC_METRE = 0x2c;
export const UNIT_LITRE = 0x29;

/** The status word's bits the standard names (first status byte): the valve (D0-D1) and the battery (D2). */
export const STATUS = {
  valveClosed: 0x0001,
  valveAbnormal: 0x0003,
  batteryLow: 0x0004,
} as const;

export {
  HEAT_ITEMS,
  isHeatMeterType,
  isWaterMeterAddress,
  WATER_ITEMS,
  WATER_WILDCARD_ADDRESS,
  waterItem,
} from '@meridian/contracts';

/** The two identifier bytes DI0 DI1 as sent, of the standard's writing ("901f" → 90 1F). */
export function identifierBytes(di: string): Buffer {
  return Buffer.from(di, 'hex');
}

export interface Cjt188Frame {
  type: number;
  address: string;
  control: number;
  data: Buffer;
}

/** A whole frame on the wire, with the wake-up preamble unless `preamble` is 0. */
export function encodeFrame(frame: Cjt188Frame, preamble = 2): Buffer {
  const header = [START, frame.type, ...addressBytes(frame.address), frame.control, frame.data.length];
  return encodeMeterFrame(preamble, header, frame.data);
}

export type ParseResult = MeterParseResult<Cjt188Frame>;

/** Reads the first frame at the start of `bytes`, skipping the preamble. */
export function parseFrame(bytes: Uint8Array): ParseResult {
  const found = scanMeterFrame(bytes, 11);
  if (found.kind !== 'found') return found;
  const { start, end } = found;
  return {
    kind: 'frame',
    frame: {
      type: bytes[start + 1],
      address: addressOf(bytes.subarray(start + 2, start + 9)),
      control: bytes[start + 9],
      data: Buffer.from(bytes.subarray(start + 11, end)),
    },
    length: end + 2,
  };
}

/** The request reading one data identifier of one meter, with sequence byte `ser`. */
export function readRequest(type: number, address: string, di: string, ser = 0): Buffer {
  return encodeFrame({
    type,
    address,
    control: CONTROL.readData,
    data: Buffer.concat([identifierBytes(di), Buffer.from([ser])]),
  });
}

/** A meter's normal answer to a read: the identifier, the sequence byte and the data. */
export function readAnswer(type: number, address: string, di: string, ser: number, data: Uint8Array): Buffer {
  return encodeFrame({
    type,
    address,
    control: CONTROL.readData | CONTROL.answer,
    data: Buffer.concat([identifierBytes(di), Buffer.from([ser]), data]),
  });
}

/** A meter's error answer to a read: the sequence byte and its two status bytes. */
export function errorAnswer(type: number, address: string, ser: number, status: number): Buffer {
  return encodeFrame({
    type,
    address,
    control: CONTROL.readData | CONTROL.answer | CONTROL.error,
    data: Buffer.from([ser, status & 0xff, status >> 8]),
  });
}

/** BCD bytes, lowest first, of a whole number of `bytes * 2` digits; undefined when it does not fit. */
function bcd(digits: number, bytes: number): Buffer | undefined {
  if (!Number.isInteger(digits) || digits < 0) return undefined;
  const text = digits.toString().padStart(bytes * 2, '0');
  if (text.length > bytes * 2) return undefined;
  return Buffer.from(text, 'hex').reverse();
}

/** The number of BCD bytes, lowest first; undefined when a nibble is not a digit. */
function fromBcd(bytes: Uint8Array): number | undefined {
  const text = Buffer.from(bytes).reverse().toString('hex');
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** What one read of 901F says: both flows in cubic metres, the meter's time and its status word. */
export interface MeteringData {
  current: number;
  settlement: number;
  /** The meter's clock, `YYYY-MM-DD hh:mm:ss` as it sent it. */
  time: string;
  status: number;
}

/** The 19 data bytes of a 901F answer (after DI and SER); undefined when a value does not fit. */
export function encodeMetering(data: MeteringData, unit = UNIT_CUBIC_METRE): Buffer | undefined {
  const per = VOLUME_UNITS[unit]?.cubicMetres ?? 1;
  const current = bcd(Math.round((data.current / per) * 100), 4);
  const settlement = bcd(Math.round((data.settlement / per) * 100), 4);
  const [date = '', clock = ''] = data.time.split(' ');
  const digits = `${date.replaceAll('-', '')}${clock.replaceAll(':', '')}`;
  if (!current || !settlement || !/^\d{14}$/.test(digits)) return undefined;
  // Seconds first: ss mm hh DD MM YYYY with the year's low byte before its high one.
  const time = Buffer.from(digits, 'hex').reverse();
  return Buffer.concat([
    current,
    Buffer.from([unit]),
    settlement,
    Buffer.from([unit]),
    time,
    Buffer.from([data.status & 0xff, data.status >> 8]),
  ]);
}

/** The 901F data (after DI and SER); undefined when it is short, not BCD, or in a unit that is no volume. */
export function decodeMetering(bytes: Uint8Array): MeteringData | undefined {
  if (bytes.length < 19) return undefined;
  const volume = (at: number) => {
    const unit = VOLUME_UNITS[bytes[at + 4]];
    const raw = fromBcd(bytes.subarray(at, at + 4));
    return unit && raw !== undefined ? Math.round(raw * unit.cubicMetres * 100_000) / 10_000_000 : undefined;
  };
  const current = volume(0);
  const settlement = volume(5);
  const time = Buffer.from(bytes.subarray(10, 17)).reverse().toString('hex');
  if (current === undefined || settlement === undefined || !/^\d{14}$/.test(time)) return undefined;
  return {
    current,
    settlement,
    time: `${time.slice(0, 4)}-${time.slice(4, 6)}-${time.slice(6, 8)} ${time.slice(8, 10)}:${time.slice(10, 12)}:${time.slice(12, 14)}`,
    status: bytes[17] | (bytes[18] << 8),
  };
}

/**
 * The unit bytes of CJ/T 188-2004 a heat or cooling meter sends before each value, with what one
 * unit is in the gateway's unit of that quantity (kWh, kW, m³/h, m³). The codes are the standard's
 * unit table (as published implementations use it, decision 0158).
 */
export const HEAT_UNITS: Readonly<
  Record<number, { unit: string; quantity: 'energy' | 'power' | 'flow' | 'volume'; factor: number }>
> = {
  2: { unit: 'Wh', quantity: 'energy', factor: 0.001 },
  5: { unit: 'kWh', quantity: 'energy', factor: 1 },
  8: { unit: 'MWh', quantity: 'energy', factor: 1000 },
  10: { unit: 'MWh×100', quantity: 'energy', factor: 100_000 },
  1: { unit: 'J', quantity: 'energy', factor: 1 / 3_600_000 },
  11: { unit: 'kJ', quantity: 'energy', factor: 1 / 3600 },
  14: { unit: 'MJ', quantity: 'energy', factor: 1 / 3.6 },
  17: { unit: 'GJ', quantity: 'energy', factor: 1000 / 3.6 },
  19: { unit: 'GJ×100', quantity: 'energy', factor: 100_000 / 3.6 },
  20: { unit: 'W', quantity: 'power', factor: 0.001 },
  23: { unit: 'kW', quantity: 'power', factor: 1 },
  26: { unit: 'MW', quantity: 'power', factor: 1000 },
  41: { unit: 'L', quantity: 'volume', factor: 0.001 },
  44: { unit: 'm³', quantity: 'volume', factor: 1 },
  50: { unit: 'L/h', quantity: 'flow', factor: 0.001 },
  53: { unit: 'm³/h', quantity: 'flow', factor: 1 },
};
export const UNIT_KWH = 0x05;
export const UNIT_KW = 0x17;
export const UNIT_CUBIC_METRE_PER_HOUR = 0x35;

/** What one read of 901F of a heat or cooling meter says, in kWh, kW, m³/h, m³, °C and hours. */
export interface HeatData {
  settlementHeat: number;
  currentHeat: number;
  heatPower: number;
  flowRate: number;
  volume: number;
  supplyTemperature: number;
  returnTemperature: number;
  workingHours: number;
  /** The meter's clock, `YYYY-MM-DD hh:mm:ss` as it sent it. */
  time: string;
  status: number;
}

/** The unit bytes a simulated heat meter answers in; kWh, kW, m³/h and m³ unless told. */
export interface HeatUnits {
  energy: number;
  power: number;
  flow: number;
  volume: number;
}
const GATEWAY_UNITS: HeatUnits = {
  energy: UNIT_KWH,
  power: UNIT_KW,
  flow: UNIT_CUBIC_METRE_PER_HOUR,
  volume: UNIT_CUBIC_METRE,
};

/** The 7 time bytes, seconds first (ss mm hh DD MM YY YY, the year's low byte first), of `YYYY-MM-DD hh:mm:ss`. */
function timeBytes(time: string): Buffer | undefined {
  const [date = '', clock = ''] = time.split(' ');
  const digits = `${date.replaceAll('-', '')}${clock.replaceAll(':', '')}`;
  return /^\d{14}$/.test(digits) ? Buffer.from(digits, 'hex').reverse() : undefined;
}

function timeOf(bytes: Uint8Array): string | undefined {
  const t = Buffer.from(bytes).reverse().toString('hex');
  if (!/^\d{14}$/.test(t)) return undefined;
  return `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)} ${t.slice(8, 10)}:${t.slice(10, 12)}:${t.slice(12, 14)}`;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The 43 data bytes of a heat meter's 901F answer (after DI and SER); undefined when a value does not fit. */
export function encodeHeat(data: HeatData, units: HeatUnits = GATEWAY_UNITS): Buffer | undefined {
  const valued = (value: number, unit: number, decimals: number) => {
    const per = HEAT_UNITS[unit]?.factor ?? 1;
    const digits = bcd(Math.round((value / per) * 10 ** decimals), 4);
    return digits && Buffer.concat([digits, Buffer.from([unit])]);
  };
  const parts = [
    valued(data.settlementHeat, units.energy, 2),
    valued(data.currentHeat, units.energy, 2),
    valued(data.heatPower, units.power, 2),
    valued(data.flowRate, units.flow, 4),
    valued(data.volume, units.volume, 2),
    bcd(Math.round(data.supplyTemperature * 100), 3),
    bcd(Math.round(data.returnTemperature * 100), 3),
    bcd(Math.round(data.workingHours), 3),
    timeBytes(data.time),
    Buffer.from([data.status & 0xff, data.status >> 8]),
  ];
  return parts.every((p): p is Buffer => p !== undefined) ? Buffer.concat(parts) : undefined;
}

/**
 * The 901F data of a heat or cooling meter (after DI and SER): five values of 4 BCD bytes and their
 * unit byte, two temperatures and the working time of 3 BCD bytes, the clock and the status.
 * Undefined when it is short, not BCD, or a unit byte is not one of its quantity's.
 */
export function decodeHeat(bytes: Uint8Array): HeatData | undefined {
  if (bytes.length < 43) return undefined;
  const valued = (at: number, quantity: string, decimals: number) => {
    const unit = HEAT_UNITS[bytes[at + 4]];
    const raw = fromBcd(bytes.subarray(at, at + 4));
    if (!unit || unit.quantity !== quantity || raw === undefined) return undefined;
    return round((raw / 10 ** decimals) * unit.factor, decimals + 3);
  };
  const values = [
    valued(0, 'energy', 2),
    valued(5, 'energy', 2),
    valued(10, 'power', 2),
    valued(15, 'flow', 4),
    valued(20, 'volume', 2),
    fromBcd(bytes.subarray(25, 28)),
    fromBcd(bytes.subarray(28, 31)),
    fromBcd(bytes.subarray(31, 34)),
  ];
  const time = timeOf(bytes.subarray(34, 41));
  if (time === undefined || values.some((v) => v === undefined)) return undefined;
  const [settlementHeat, currentHeat, heatPower, flowRate, volume, supply, ret, hours] = values as number[];
  return {
    settlementHeat,
    currentHeat,
    heatPower,
    flowRate,
    volume,
    supplyTemperature: supply / 100,
    returnTemperature: ret / 100,
    workingHours: hours,
    time,
    status: bytes[41] | (bytes[42] << 8),
  };
}

/** One 901F read of a meter of either layout. */
export type MeterReading = ({ kind: 'water' } & MeteringData) | ({ kind: 'heat' } & HeatData);

/** The 901F data of a meter of `type`, in its layout; undefined when malformed. */
export function decodeReading(type: number, bytes: Uint8Array): MeterReading | undefined {
  if (isHeatMeterType(type)) {
    const heat = decodeHeat(bytes);
    return heat && { kind: 'heat', ...heat };
  }
  const water = decodeMetering(bytes);
  return water && { kind: 'water', ...water };
}

/** The value of one item of a 901F read; NaN when the item is not of the reading's layout. */
export function itemValue(item: MeterItemFormat, data: MeterReading | MeteringData): number {
  if (!('kind' in data) || data.kind === 'water') {
    if (item.name === 'status') return data.status;
    if (item.name === 'currentFlow') return data.current;
    return item.name === 'settlementFlow' ? data.settlement : Number.NaN;
  }
  if (item.name === 'heatStatus') return data.status;
  const value = (data as unknown as Record<string, unknown>)[item.name];
  return typeof value === 'number' ? value : Number.NaN;
}

export type ReadOutcome =
  | { kind: 'data'; data: Buffer }
  /** An error answer, with the meter's status word. */
  | { kind: 'error'; status: number }
  /** The answer is not for this meter or identifier. */
  | { kind: 'mismatch' };

/**
 * What a meter's answer says about a read of `di` from `address`: its data after DI and SER, or
 * its error answer. Meters in the field echo the identifier in either byte order (90 1F or
 * 1F 90); both are taken.
 */
export function readOutcome(frame: Cjt188Frame, address: string, di: string): ReadOutcome {
  const wanted = address.toLowerCase();
  if (frame.address !== wanted && wanted !== WATER_WILDCARD_ADDRESS) return { kind: 'mismatch' };
  if ((frame.control & 0xbf) !== (CONTROL.readData | CONTROL.answer)) return { kind: 'mismatch' };
  if (frame.control & CONTROL.error)
    return { kind: 'error', status: (frame.data[1] ?? 0) | ((frame.data[2] ?? 0) << 8) };
  const sent = identifierBytes(di);
  const echoed = frame.data.subarray(0, 2);
  if (!echoed.equals(sent) && !echoed.equals(Buffer.from(sent).reverse())) return { kind: 'mismatch' };
  return { kind: 'data', data: frame.data.subarray(3) };
}
