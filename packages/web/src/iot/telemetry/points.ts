import type { TemplatePointView } from '../templates/api.ts';
import type { LiveValue } from './live.ts';

/** What a variant can hold, as the gateway checks it (server iot/gateway/values.ts INTEGER_RANGE). */
const VARIANT_RANGE: Partial<Record<TemplatePointView['variant'], readonly [number, number]>> = {
  int8: [-128, 127],
  uint8: [0, 255],
  int16: [-32768, 32767],
  uint16: [0, 65535],
  int32AbCd: [-2147483648, 2147483647],
  int32CdAb: [-2147483648, 2147483647],
  uint32AbCd: [0, 4294967295],
  uint32CdAb: [0, 4294967295],
};

export type WriteKind = 'switch' | 'number' | 'text' | 'none';

/** How a user writes a point: none for read-only points, a switch for bits and coils, else a number or text. */
export function writeKindOf(point: Pick<TemplatePointView, 'readWrite' | 'dataType' | 'variant'>): WriteKind {
  if (point.readWrite === 'readOnly') return 'none';
  if (point.dataType === 'switch' || point.variant === 'bit') return 'switch';
  if (point.dataType === 'numeric') return 'number';
  return 'text';
}

/**
 * The range a number input offers. The variant's range is the range of the raw register value; a
 * control (inverse) formula changes what a typed value becomes, so then the gateway checks the
 * converted value and says what went wrong, and the input leaves the range open.
 */
export function inputRange(point: Pick<TemplatePointView, 'variant' | 'inverseFormula'>): {
  min?: number;
  max?: number;
} {
  if (point.inverseFormula?.trim()) return {};
  const range = VARIANT_RANGE[point.variant];
  return range ? { min: range[0], max: range[1] } : {};
}

/** A switch's value as on/off: 1, true, "1" and "true" are on. */
export const isOn = (value: LiveValue | null | undefined) =>
  value === true || value === 1 || value === '1' || value === 'true';

/** A number shown with the point's precision; text as it is. */
export function formatValue(value: LiveValue | null | undefined, precision = 0): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number')
    return Number.isInteger(value) && precision === 0 ? String(value) : value.toFixed(precision);
  return String(value);
}
