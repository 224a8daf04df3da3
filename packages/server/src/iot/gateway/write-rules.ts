import type { MessageParams } from '@meridian/contracts';
import { rulesBroken } from '../../platform/http/errors.ts';
import { EncodeError, encodeRaw, type GatewayPoint, INTEGER_RANGE } from './values.ts';

const LOCATION = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,2}(?:\.\d+)?)\s*$/;

const refuse = (key: Parameters<typeof rulesBroken>[0][number]['key'], params?: MessageParams) =>
  rulesBroken([{ field: 'value', key, ...(params ? { params } : {}) }]);

/**
 * The raw value to send for a value a user typed, checked against the point's data type and
 * variant: the control (inverse) formula applied to numbers, integers rounded, and the result
 * refused with the spec's "variable storage range" message when the variant cannot hold it.
 */
export function checkedRaw(point: GatewayPoint, value: unknown): number | string {
  let raw: number | string;
  if (point.dataType === 'switch' || point.variant === 'bit') {
    if (value !== true && value !== false && value !== 0 && value !== 1) throw refuse('gateway.value.switch');
    return value === true || value === 1 ? 1 : 0;
  }
  if (point.dataType === 'character' || point.dataType === 'location') {
    if (typeof value !== 'string') throw refuse('gateway.value.text');
    if (point.dataType === 'location') {
      const m = LOCATION.exec(value);
      if (!m || Math.abs(Number(m[1])) > 180 || Math.abs(Number(m[2])) > 90) throw refuse('gateway.value.location');
      raw = `${m[1]},${m[2]}`;
    } else raw = value;
  } else {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw refuse('gateway.value.number');
    raw = point.inverse ? point.inverse(value) : value;
    if (!Number.isFinite(raw)) throw refuse('gateway.value.formula');
    if (INTEGER_RANGE[point.variant] && point.variant !== 'timestamp32') raw = Math.round(raw);
  }
  try {
    encodeRaw(point, raw);
  } catch (error) {
    if (!(error instanceof EncodeError)) throw error;
    throw refuse(error.reason === 'range' ? 'gateway.value.range' : 'gateway.value.textLength', error.params);
  }
  return raw;
}
