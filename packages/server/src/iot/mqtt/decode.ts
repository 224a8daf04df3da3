import type { DataType } from '@meridian/contracts';
import type { NetworkStats, PointReading } from '../telemetry/types.ts';

/** A data point as the decoder of reported values needs it. */
export interface IngestPoint {
  id: number;
  name: string;
  dataType: DataType;
  precision: number;
}

/** A template's points by name (null where two points share the name) and by id. */
export interface DevicePoints {
  byName: ReadonlyMap<string, IngestPoint | null>;
  byId: ReadonlyMap<number, IngestPoint>;
}

export function devicePoints(points: readonly IngestPoint[]): DevicePoints {
  const byName = new Map<string, IngestPoint | null>();
  for (const point of points) byName.set(point.name, byName.has(point.name) ? null : point);
  return { byName, byId: new Map(points.map((p) => [p.id, p])) };
}

export const NO_POINTS: DevicePoints = devicePoints([]);

/** Why one value of a report was not stored; the ingest reply and the counters use these words. */
export type ValueRefusal = 'unknownPoint' | 'ambiguousPoint' | 'wrongType';

/** Why a whole message was refused. */
export type MessageRefusal = 'malformed' | 'tooLarge';

export class BadMessage extends Error {
  readonly kind: MessageRefusal;
  constructor(kind: MessageRefusal, detail: string) {
    super(detail);
    this.name = 'BadMessage';
    this.kind = kind;
  }
}

/** The largest message a device may send: 50 points take about 2 KiB, 500 about 20. */
export const MAX_MESSAGE_BYTES = 64 * 1024;
export const MAX_TEXT_LENGTH = 256;
/** A device's clock may run this far ahead; beyond it, or older than history keeps, the receive time is used. */
const FUTURE_SLACK_MS = 10 * 60_000;

export interface DecodedUp {
  at: number;
  readings: PointReading[];
  refused: Array<{ name: string; reason: ValueRefusal }>;
  /** The device's `ts` was not believable and the receive time was used. */
  clockIgnored: boolean;
}

type Json = Record<string, unknown>;

function objectOf(payload: Buffer | string): Json {
  if (payload.length > MAX_MESSAGE_BYTES) throw new BadMessage('tooLarge', `${payload.length} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch (error) {
    throw new BadMessage('malformed', (error as Error).message);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadMessage('malformed', 'not a JSON object');
  }
  return parsed as Json;
}

const LOCATION = /^(-?\d{1,3}(?:\.\d+)?),(-?\d{1,2}(?:\.\d+)?)$/;

/** The value stored for `raw` reported for `point`, or undefined when its type does not fit. */
export function pointValue(point: IngestPoint, raw: unknown): PointReading['value'] | undefined {
  switch (point.dataType) {
    case 'numeric': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return undefined;
      const factor = 10 ** point.precision;
      return Math.round(raw * factor) / factor;
    }
    case 'switch':
      if (typeof raw === 'boolean') return raw;
      return raw === 0 || raw === 1 ? raw === 1 : undefined;
    case 'character':
      return typeof raw === 'string' && raw.length <= MAX_TEXT_LENGTH ? raw : undefined;
    case 'location': {
      if (typeof raw !== 'string') return undefined;
      const match = LOCATION.exec(raw);
      return match && Math.abs(Number(match[1])) <= 180 && Math.abs(Number(match[2])) <= 90 ? raw : undefined;
    }
  }
}

function timeOf(ts: unknown, now: number, keepMs: number): { at: number; ignored: boolean } {
  if (ts === undefined) return { at: now, ignored: false };
  if (typeof ts !== 'number' || !Number.isInteger(ts))
    throw new BadMessage('malformed', '"ts" is not epoch milliseconds');
  if (ts > now + FUTURE_SLACK_MS || ts < now - keepMs) return { at: now, ignored: true };
  return { at: ts, ignored: false };
}

/**
 * An up message: `{"ts": <epoch ms, optional>, "values": {"<point name>": value}}`. Values arrive
 * as engineering values, so no acquisition formula applies; the point's precision does. A value
 * that fits no point is refused alone; a message that is not this shape is refused whole.
 */
export function decodeUp(payload: Buffer | string, points: DevicePoints, now: number, keepMs: number): DecodedUp {
  const message = objectOf(payload);
  const values = message.values;
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new BadMessage('malformed', '"values" is not an object');
  }
  const { at, ignored } = timeOf(message.ts, now, keepMs);
  return { at, clockIgnored: ignored, ...readingsOf(values as Json, points) };
}

/** The readings of a `values` object, and what was refused in it. */
export function readingsOf(values: Json, points: DevicePoints): Pick<DecodedUp, 'readings' | 'refused'> {
  const readings: PointReading[] = [];
  const refused: DecodedUp['refused'] = [];
  for (const name in values) {
    const point = points.byName.get(name);
    if (point === undefined) refused.push({ name, reason: 'unknownPoint' });
    else if (point === null) refused.push({ name, reason: 'ambiguousPoint' });
    else {
      const value = pointValue(point, values[name]);
      if (value === undefined) refused.push({ name, reason: 'wrongType' });
      else readings.push({ pointId: point.id, value });
    }
  }
  return { readings, refused };
}

/** Signal in dBm (-140 to 0) or as the modem's CSQ (0-31); both are kept as reported. */
const SIGNAL_MIN = -140;
const SIGNAL_MAX = 31;

/** `{"signal": <dBm, or CSQ 0-31>, "battery": <percent>}`, either optional; anything else is ignored. */
export function statsOf(message: Json): NetworkStats {
  const stats: NetworkStats = {};
  const { signal, battery } = message;
  if (typeof signal === 'number' && signal >= SIGNAL_MIN && signal <= SIGNAL_MAX) stats.signal = signal;
  if (typeof battery === 'number' && battery >= 0 && battery <= 100) stats.battery = battery;
  return stats;
}

export function decodeStatus(payload: Buffer | string): NetworkStats {
  return statsOf(objectOf(payload));
}

export interface CommandAck {
  id: string;
  ok: boolean;
  error?: string;
  /** What a request asked for (decision 0160), as the device sent it: the asker checks its shape. */
  result?: unknown;
}

/** `{"id": "<command id>", "ok": true}` (with `"result"` for a request), or `{"id": "...", "ok": false, "error": "<text>"}`. */
export function decodeAck(payload: Buffer | string): CommandAck {
  const message = objectOf(payload);
  if (typeof message.id !== 'string' || typeof message.ok !== 'boolean') {
    throw new BadMessage('malformed', 'an ack needs "id" and "ok"');
  }
  const error = typeof message.error === 'string' ? message.error.slice(0, MAX_TEXT_LENGTH) : undefined;
  return {
    id: message.id,
    ok: message.ok,
    ...(error === undefined ? {} : { error }),
    ...(message.result === undefined ? {} : { result: message.result }),
  };
}
