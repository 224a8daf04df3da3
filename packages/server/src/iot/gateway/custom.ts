import {
  buildCustomFrame,
  type CustomProtocolDefinition,
  checksumSize,
  decodeCustomPoint,
  encodeCustomPoint,
  parseFrameText,
  writeAnswerMatches,
} from '@meridian/contracts';
import { AppError } from '../../platform/http/errors.ts';
import type { CustomRead } from './planner.ts';
import { type GatewayPoint, pointValue } from './values.ts';

/** A frame of a stored definition: it was checked on save, so it parses. */
function frame(text: string, address: number, value?: Uint8Array): Buffer {
  const parsed = parseFrameText(text);
  if (!parsed.ok) throw new AppError(400, parsed.problem.key, { params: parsed.problem.params ?? {} });
  return Buffer.from(buildCustomFrame(parsed.segments, address, value));
}

/** The request a custom protocol sends to the device at `address`. */
export function customRequest(definition: CustomProtocolDefinition, address: number): Buffer {
  return frame(definition.request, address);
}

/**
 * The values of a read's points from its checked answer; a point whose BCD holds a non-digit, or
 * past the end of a shorter variable-length answer, reads null.
 */
export function customValues(read: CustomRead, answer: Buffer) {
  return read.points.map((point) => {
    const dataEnd = answer.length - checksumSize(read.definition.checksum);
    const raw = point.custom ? decodeCustomPoint(point.custom.point, answer, dataEnd) : null;
    return { pointId: point.id, value: raw === null ? null : pointValue(point, raw) };
  });
}

/**
 * The write frame of a custom point with `value` in the point's type, after the template's inverse
 * formula; a point without a write frame is read-only (spec section 8's words).
 */
export function customWriteFrame(point: GatewayPoint, value: number): Buffer {
  const custom = point.custom;
  if (!custom?.point.write) throw new AppError(400, 'gateway.readOnly');
  const raw = point.inverse ? point.inverse(value) : value;
  if (!Number.isFinite(raw)) throw new AppError(400, 'gateway.command.formatError');
  return frame(custom.point.write, point.slave, encodeCustomPoint(custom.point, raw));
}

/** Whether the device's answer to a custom point's write frame says it carried it out (decision 0164). */
export function customWriteDone(point: GatewayPoint, frame: Buffer, answer: Buffer): boolean {
  return writeAnswerMatches(point.custom?.point.writeAnswer ?? '', point.slave, frame, answer);
}
