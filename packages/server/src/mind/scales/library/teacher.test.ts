import { checkDefinition, type ScaleDefinition, scoreSheet } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { gad7Adult, phq9Adult } from './adult.ts';
import { gad7, phq9 } from './phq.ts';
import { k10, pss10, who5 } from './teacher.ts';
import { sheetScoring } from './testing.ts';

/** Item scores adding up to `total`, filled in item order from `low`, at most `high` each. */
function spread(total: number, count: number, low: number, high: number) {
  let left = total - count * low;
  return () => {
    const take = Math.min(high - low, left);
    left -= take;
    return low + take;
  };
}
const score = (d: ScaleDefinition, scoreOf: (no: number) => number) => scoreSheet(d, sheetScoring(d, scoreOf));

describe('PSS-10', () => {
  it('is a complete definition for teachers', () => {
    expect(checkDefinition(pss10)).toEqual([]);
    expect(pss10.audience).toBe('teacher');
  });

  it('reverses items 4, 5, 7 and 8 as Cohen scores them (0 = 4 ... 4 = 0)', () => {
    // Every answer "Never": six items at 0 and four reversed to 4.
    const never = scoreSheet(pss10, Object.fromEntries(pss10.items.map((i) => [i.id, 'A'])));
    expect(never.total).toBe(16);
    // Every answer "Sometimes" is 2 either way.
    const sometimes = scoreSheet(pss10, Object.fromEntries(pss10.items.map((i) => [i.id, 'C'])));
    expect(sometimes.total).toBe(20);
  });

  it.each([
    [0, 'low', []],
    [13, 'low', []],
    [14, 'moderate', []],
    [26, 'moderate', []],
    [27, 'high', ['yellow']],
    [40, 'high', ['yellow']],
  ])('a total of %i is %s, warning %j', (total, band, levels) => {
    const result = score(pss10, spread(total, 10, 0, 4));
    expect(result.total).toBe(total);
    expect(result.band?.id).toBe(band);
    expect(result.warnings.map((w) => w.level)).toEqual(levels);
  });
});

describe('WHO-5', () => {
  it('is a complete definition for teachers', () => {
    expect(checkDefinition(who5)).toEqual([]);
  });

  it('reports the raw score times 4: every item "more than half of the time" is 15, that is 60', () => {
    const result = scoreSheet(who5, Object.fromEntries(who5.items.map((i) => [i.id, 'C'])));
    expect(result).toMatchObject({ raw: 15, total: 60, band: { id: 'good' }, flags: [] });
  });

  it.each([
    [25, 100, 'good', []],
    [13, 52, 'good', []],
    [12, 48, 'poor', ['yellow']],
    [8, 32, 'poor', ['yellow']],
    [7, 28, 'likelyDepression', ['orange']],
    [0, 0, 'likelyDepression', ['orange']],
  ])('a raw score of %i is %i per cent, %s, warning %j', (raw, total, band, levels) => {
    const result = score(who5, spread(raw, 5, 0, 5));
    expect(result.raw).toBe(raw);
    expect(result.total).toBe(total);
    expect(result.band?.id).toBe(band);
    expect(result.warnings.map((w) => w.level)).toEqual(levels);
  });

  it('flags any item answered 0 or 1, even with a good total', () => {
    const result = score(who5, (no) => (no === 5 ? 1 : 5));
    expect(result.total).toBe(84);
    expect(result.band?.id).toBe('good');
    expect(result.flags.map((f) => f.id)).toEqual(['lowItem']);
    expect(score(who5, () => 2).flags).toEqual([]);
  });
});

describe('K10', () => {
  it('is a complete definition for teachers', () => {
    expect(checkDefinition(k10)).toEqual([]);
  });

  it.each([
    [10, 'low', []],
    [15, 'low', []],
    [16, 'moderate', []],
    [21, 'moderate', []],
    [22, 'high', ['yellow']],
    [29, 'high', ['yellow']],
    [30, 'veryHigh', ['orange']],
    [50, 'veryHigh', ['orange']],
  ])('a total of %i is %s, warning %j', (total, band, levels) => {
    const result = score(k10, spread(total, 10, 1, 5));
    expect(result.total).toBe(total);
    expect(result.band?.id).toBe(band);
    expect(result.warnings.map((w) => w.level)).toEqual(levels);
  });
});

describe('PHQ-9 and GAD-7 for adults', () => {
  it('are the students’ definitions under their own code, for teachers', () => {
    for (const [adult, student] of [
      [phq9Adult, phq9],
      [gad7Adult, gad7],
    ] as const) {
      expect(checkDefinition(adult)).toEqual([]);
      expect(adult.audience).toBe('teacher');
      expect(adult.code).not.toBe(student.code);
      // The same objects, not copies: a change to the key changes both.
      expect(adult.items).toBe(student.items);
      expect(adult.options).toBe(student.options);
      expect(adult.flags).toBe(student.flags);
      expect(adult.warnings).toBe(student.warnings);
      expect(adult.bands.map(({ suggestion: _s, ...b }) => b)).toEqual(
        student.bands.map(({ suggestion: _s, ...b }) => b),
      );
    }
  });

  it('score as the students’ do: PHQ-9 item 9 is a crisis, 20 is severe', () => {
    const crisis = score(phq9Adult, (no) => (no === 9 ? 1 : 0));
    expect(crisis.flags.map((f) => f.id)).toEqual(['crisis']);
    expect(crisis.warnings).toEqual([expect.objectContaining({ rule: 'selfHarm', level: 'red' })]);
    const severe = score(phq9Adult, (no) => (no <= 6 ? 3 : no <= 8 ? 1 : 0));
    expect(severe).toMatchObject({ total: 20, band: { id: 'severe' } });
    expect(score(gad7Adult, () => 2)).toMatchObject({ total: 14, band: { id: 'moderate' } });
  });

  it('advise the teacher about their own support, not about a student', () => {
    for (const b of [...phq9Adult.bands, ...gad7Adult.bands]) {
      expect(b.suggestion?.en ?? '').not.toMatch(/student/);
    }
  });
});
