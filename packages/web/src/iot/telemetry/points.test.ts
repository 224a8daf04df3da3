import { describe, expect, it } from 'vitest';
import { formatValue, inputRange, isOn, writeKindOf } from './points.ts';

describe('writing a data point', () => {
  it('offers no control for a read-only point, a switch for bits and switches, a number or text for the rest', () => {
    expect(writeKindOf({ readWrite: 'readOnly', dataType: 'numeric', variant: 'int16' })).toBe('none');
    expect(writeKindOf({ readWrite: 'readWrite', dataType: 'switch', variant: 'bit' })).toBe('switch');
    expect(writeKindOf({ readWrite: 'writeOnly', dataType: 'numeric', variant: 'bit' })).toBe('switch');
    expect(writeKindOf({ readWrite: 'readWrite', dataType: 'numeric', variant: 'float32AbCd' })).toBe('number');
    expect(writeKindOf({ readWrite: 'readWrite', dataType: 'character', variant: 'string' })).toBe('text');
    expect(writeKindOf({ readWrite: 'readWrite', dataType: 'location', variant: 'location30' })).toBe('text');
  });

  it("limits the number input to the variant's range unless a control formula converts the value", () => {
    expect(inputRange({ variant: 'int16', inverseFormula: null })).toEqual({ min: -32768, max: 32767 });
    expect(inputRange({ variant: 'uint8', inverseFormula: '' })).toEqual({ min: 0, max: 255 });
    expect(inputRange({ variant: 'uint16', inverseFormula: 'x * 10' })).toEqual({});
    expect(inputRange({ variant: 'float32CdAb', inverseFormula: null })).toEqual({});
  });

  it('reads switches and shows numbers with the point precision', () => {
    expect([true, 1, '1', 'true'].every(isOn)).toBe(true);
    expect([false, 0, '0', null, undefined].some(isOn)).toBe(false);
    expect(formatValue(21.456, 1)).toBe('21.5');
    expect(formatValue(7, 0)).toBe('7');
    expect(formatValue(7, 2)).toBe('7.00');
    expect(formatValue('116.4,39.9')).toBe('116.4,39.9');
    expect(formatValue(null)).toBeNull();
  });
});
