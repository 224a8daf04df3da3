import { checkDefinition, scoreSheet } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { scores, sheetScoring } from './testing.ts';
import { sas, sds } from './zung.ts';

/** Scored values that add up to `raw`: every item 1, then items raised to 4 in order. */
function rawOf(raw: number) {
  let extra = raw - 20;
  const by: Record<number, number> = {};
  for (let no = 1; no <= 20 && extra > 0; no++) {
    const add = Math.min(3, extra);
    by[no] = 1 + add;
    extra -= add;
  }
  return scores(by, 1);
}

describe('SDS', () => {
  it('is a complete definition with the ten published reverse items', () => {
    expect(checkDefinition(sds)).toEqual([]);
    expect(sds.items.filter((i) => i.reverse).map((i) => i.id)).toEqual([
      '2',
      '5',
      '6',
      '11',
      '12',
      '14',
      '16',
      '17',
      '18',
      '20',
    ]);
  });

  it('scores reverse items 4 to 1: the first option everywhere is raw 10 x 1 + 10 x 4 = 50, standard 62', () => {
    const answers = Object.fromEntries(sds.items.map((i) => [i.id, 'A']));
    const result = scoreSheet(sds, answers);
    expect(result.raw).toBe(50);
    expect(result.items['1']).toBe(1);
    expect(result.items['2']).toBe(4);
    expect(result.total).toBe(62);
    expect(result.band?.id).toBe('mild');
  });

  it.each([
    [20, 25, 'normal', []],
    [42, 52, 'normal', []],
    [43, 53, 'mild', []],
    [50, 62, 'mild', []],
    [51, 63, 'moderate', ['yellow']],
    [58, 72, 'moderate', ['yellow']],
    [59, 73, 'severe', ['orange']],
    [80, 100, 'severe', ['orange']],
  ])('raw %i is standard %i (integer part of x 1.25), %s', (raw, standard, band, levels) => {
    const result = scoreSheet(sds, sheetScoring(sds, rawOf(raw)));
    expect(result.raw).toBe(raw);
    expect(result.total).toBe(standard);
    expect(result.band?.id).toBe(band);
    expect(result.warnings.map((w) => w.level)).toEqual(levels);
  });
});

describe('SAS', () => {
  it('is a complete definition with the five published reverse items', () => {
    expect(checkDefinition(sas)).toEqual([]);
    expect(sas.items.filter((i) => i.reverse).map((i) => i.id)).toEqual(['5', '9', '13', '17', '19']);
  });

  it('scores the first option everywhere as raw 15 x 1 + 5 x 4 = 35, standard 43', () => {
    const result = scoreSheet(sas, Object.fromEntries(sas.items.map((i) => [i.id, 'A'])));
    expect(result.raw).toBe(35);
    expect(result.total).toBe(43);
    expect(result.band?.id).toBe('normal');
  });

  it.each([
    [39, 48, 'normal', []],
    [40, 50, 'mild', []],
    [47, 58, 'mild', []],
    [48, 60, 'moderate', ['yellow']],
    [55, 68, 'moderate', ['yellow']],
    [56, 70, 'severe', ['orange']],
  ])('raw %i is standard %i, %s', (raw, standard, band, levels) => {
    const result = scoreSheet(sas, sheetScoring(sas, rawOf(raw)));
    expect(result.total).toBe(standard);
    expect(result.band?.id).toBe(band);
    expect(result.warnings.map((w) => w.level)).toEqual(levels);
  });
});
