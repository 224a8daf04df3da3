import { checkDefinition, scoreSheet } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { gad7, phq9 } from './phq.ts';
import { sheetScoring } from './testing.ts';

/** Item scores adding up to `total` over the first `count` items, 3 at most each, filled in order. */
function spread(total: number, count: number, then: Record<number, number> = {}) {
  let left = total;
  return (no: number) => {
    if (then[no] !== undefined) return then[no];
    if (no > count) return 0;
    const take = Math.min(3, left);
    left -= take;
    return take;
  };
}

describe('PHQ-9', () => {
  it('is a complete definition', () => {
    expect(checkDefinition(phq9)).toEqual([]);
  });

  it.each([
    [0, 'minimal', []],
    [4, 'minimal', []],
    [5, 'mild', []],
    [9, 'mild', []],
    [10, 'moderate', ['yellow']],
    [14, 'moderate', ['yellow']],
    [15, 'moderatelySevere', ['orange']],
    [19, 'moderatelySevere', ['orange']],
    [20, 'severe', ['red']],
    [24, 'severe', ['red']],
  ])('a total of %i is %s, warning %j (item 9 at 0)', (total, band, levels) => {
    const result = scoreSheet(phq9, sheetScoring(phq9, spread(total, 8, { 9: 0 })));
    expect(result.total).toBe(total);
    expect(result.band?.id).toBe(band);
    expect(result.flags).toEqual([]);
    expect(result.warnings.map((w) => w.level)).toEqual(levels);
  });

  it('flags item 9 above 0 as a crisis whatever the total', () => {
    const result = scoreSheet(phq9, sheetScoring(phq9, spread(0, 8, { 9: 1 })));
    expect(result.total).toBe(1);
    expect(result.band?.id).toBe('minimal');
    expect(result.flags.map((f) => f.id)).toEqual(['crisis']);
    expect(result.warnings).toEqual([expect.objectContaining({ rule: 'selfHarm', level: 'red' })]);
  });

  it('keeps both the crisis and the band warning when item 9 is 3 and the total is 27', () => {
    const result = scoreSheet(
      phq9,
      sheetScoring(phq9, () => 3),
    );
    expect(result.total).toBe(27);
    expect(result.warnings.map((w) => w.rule)).toEqual(['selfHarm', 'severe']);
  });
});

describe('GAD-7', () => {
  it('is a complete definition', () => {
    expect(checkDefinition(gad7)).toEqual([]);
  });

  it.each([
    [0, 'minimal', []],
    [4, 'minimal', []],
    [5, 'mild', []],
    [9, 'mild', []],
    [10, 'moderate', ['yellow']],
    [14, 'moderate', ['yellow']],
    [15, 'severe', ['orange']],
    [21, 'severe', ['orange']],
  ])('a total of %i is %s, warning %j', (total, band, levels) => {
    const result = scoreSheet(gad7, sheetScoring(gad7, spread(total, 7)));
    expect(result.total).toBe(total);
    expect(result.band?.id).toBe(band);
    expect(result.warnings.map((w) => w.level)).toEqual(levels);
  });
});
