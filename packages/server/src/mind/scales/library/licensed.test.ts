import { checkDefinition, type ScaleDefinition, scoreSheet } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { mhrsp } from './mhrsp.ts';
import { mht } from './mht.ts';
import { mssmhs } from './mssmhs.ts';
import { scl90 } from './scl90.ts';
import { scores, sheetScoring } from './testing.ts';

/** Every item of the scale in exactly one factor, except those listed. */
function itemsOnce(definition: ScaleDefinition) {
  return definition.factors.flatMap((f) => f.items).sort((a, b) => Number(a) - Number(b));
}
const numbers = (from: number, to: number, step = 1) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => String(from + i * step));
/** `yes` at the item numbers given, no elsewhere (MHT: yes scores 1). */
const yesAt = (list: number[]) => scores(Object.fromEntries(list.map((n) => [n, 1])), 0);
const firstN = (ids: string[], n: number) => ids.slice(0, n).map(Number);

describe('MHT', () => {
  it('has 8 content scales over the items of the issue, and a validity scale of the even items 82-100 out of the total', () => {
    expect(checkDefinition(mht)).toEqual([]);
    expect(mht.items).toHaveLength(100);
    const content = mht.factors.filter((f) => !f.validity);
    expect(content.map((f) => [f.id, f.items[0], f.items.at(-1), f.items.length])).toEqual([
      ['learning', '1', '15', 15],
      ['social', '16', '25', 10],
      ['loneliness', '26', '35', 10],
      ['selfBlame', '36', '45', 10],
      ['sensitivity', '46', '55', 10],
      ['somatic', '56', '70', 15],
      ['phobia', '71', '80', 10],
      ['impulsiveness', '81', '99', 10],
    ]);
    expect(itemsOnce(mht)).toEqual(numbers(1, 100));
    expect(mht.factors.find((f) => f.validity)?.items).toEqual(numbers(82, 100, 2));
    expect(mht.items.filter((i) => i.inTotal === false).map((i) => i.id)).toEqual(numbers(82, 100, 2));
  });

  it('a content scale of 7 is normal and of 8 is high', () => {
    const seven = scoreSheet(mht, sheetScoring(mht, yesAt([1, 2, 3, 4, 5, 6, 7])));
    expect(seven.factors.find((f) => f.id === 'learning')).toMatchObject({ score: 7, band: { id: 'normal' } });
    expect(seven.flags).toEqual([]);
    expect(seven.warnings).toEqual([]);
    const eight = scoreSheet(mht, sheetScoring(mht, yesAt([1, 2, 3, 4, 5, 6, 7, 8])));
    expect(eight.factors.find((f) => f.id === 'learning')).toMatchObject({ score: 8, band: { id: 'high' } });
    expect(eight.flags.map((f) => f.id)).toEqual(['highScale']);
    expect(eight.warnings.map((w) => [w.rule, w.level])).toEqual([['highScale', 'yellow']]);
  });

  it('counts impulsiveness on the odd items 81-99', () => {
    const result = scoreSheet(mht, sheetScoring(mht, yesAt([81, 83, 85, 87, 89, 91, 93, 95])));
    expect(result.factors.find((f) => f.id === 'impulsiveness')?.score).toBe(8);
    expect(result.total).toBe(8);
  });

  it('a total of 64 needs no guidance plan and 65 does; validity items are not in the total', () => {
    const content = numbers(1, 99).filter((n) => Number(n) < 81 || Number(n) % 2 === 1);
    const validity = [82, 84, 86, 88, 90, 92];
    const at64 = scoreSheet(mht, sheetScoring(mht, yesAt([...firstN(content, 64), ...validity])));
    expect(at64).toMatchObject({ valid: true, total: 64, band: { id: 'normal' } });
    expect(at64.flags.map((f) => f.id)).not.toContain('guidancePlan');
    const at65 = scoreSheet(mht, sheetScoring(mht, yesAt([...firstN(content, 65), ...validity])));
    expect(at65).toMatchObject({ valid: true, total: 65, band: { id: 'guidance' } });
    expect(at65.flags.map((f) => f.id)).toContain('guidancePlan');
    expect(at65.warnings[0]).toMatchObject({ rule: 'guidancePlan', level: 'orange' });
  });

  it('a validity scale of 6 keeps the sheet and 7 voids it: no band, flags or warnings', () => {
    const learning = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const six = scoreSheet(mht, sheetScoring(mht, yesAt([...learning, 82, 84, 86, 88, 90, 92])));
    expect(six).toMatchObject({ valid: true, total: 10, invalid: [] });
    expect(six.warnings).toHaveLength(1);
    const seven = scoreSheet(mht, sheetScoring(mht, yesAt([...learning, 82, 84, 86, 88, 90, 92, 94])));
    expect(seven).toMatchObject({ valid: false, total: 10, band: null, flags: [], warnings: [] });
    expect(seven.invalid.map((i) => i.rule)).toEqual(['lie']);
    expect(seven.factors.find((f) => f.id === 'validity')?.score).toBe(7);
  });
});

describe('SCL-90', () => {
  const factor = (id: string) => scl90.factors.find((f) => f.id === id)?.items.map(Number) ?? [];
  const at = (list: number[], score: number) => Object.fromEntries(list.map((n) => [n, score]));
  const screened = (r: ReturnType<typeof scoreSheet>) =>
    Math.max(...r.factors.filter((f) => f.id !== 'other').map((f) => f.score));

  it('has 90 items, 9 factors and the additional items, each item once', () => {
    expect(checkDefinition(scl90)).toEqual([]);
    expect(itemsOnce(scl90)).toEqual(numbers(1, 90));
    expect(scl90.factors).toHaveLength(10);
  });

  it('a total of 160 is not positive and 161 is, with few positive items and every factor under 2', () => {
    // 7 additional items at 5 (+28); 3 depression, 2 somatization, 2 anxiety, 2 obsessive, 1 psychoticism at 5 (+40); 1 interpersonal at 3 (+2).
    const given = {
      ...at(factor('other'), 5),
      ...at(factor('depression').slice(0, 3), 5),
      ...at(factor('somatization').slice(0, 2), 5),
      ...at(factor('anxiety').slice(0, 2), 5),
      ...at(factor('obsessive').slice(0, 2), 5),
      ...at(factor('psychoticism').slice(0, 1), 5),
      ...at(factor('interpersonal').slice(0, 1), 3),
    };
    const at160 = scoreSheet(scl90, sheetScoring(scl90, scores(given, 1)));
    expect(at160.total).toBe(160);
    expect(screened(at160)).toBeLessThan(2);
    expect(at160.flags).toEqual([]);
    const at161 = scoreSheet(
      scl90,
      sheetScoring(scl90, scores({ ...given, ...at(factor('interpersonal').slice(1, 2), 2) }, 1)),
    );
    expect(at161.total).toBe(161);
    expect(screened(at161)).toBeLessThan(2);
    expect(at161.flags.map((f) => f.id)).toEqual(['positive']);
    expect(at161.warnings[0]).toMatchObject({ rule: 'positive', level: 'yellow' });
  });

  it('43 positive items are not positive and 44 are, with the total under 160 and every factor under 2', () => {
    const pick = [
      ...factor('other'),
      ...factor('somatization').slice(0, 11),
      ...factor('depression').slice(0, 12),
      ...factor('obsessive').slice(0, 9),
      ...factor('interpersonal').slice(0, 5),
    ];
    expect(pick).toHaveLength(44);
    const at43 = scoreSheet(scl90, sheetScoring(scl90, scores(at(pick.slice(0, 43), 2), 1)));
    expect(at43.total).toBe(133);
    expect(screened(at43)).toBeLessThan(2);
    expect(at43.flags).toEqual([]);
    const at44 = scoreSheet(scl90, sheetScoring(scl90, scores(at(pick, 2), 1)));
    expect(at44.total).toBe(134);
    expect(screened(at44)).toBeLessThan(2);
    expect(at44.flags.map((f) => f.id)).toEqual(['positive']);
  });

  it('a factor of 1.9 is not positive and 2.0 is; the factor score is its sum over its items', () => {
    const obsessive = factor('obsessive');
    const at19 = scoreSheet(scl90, sheetScoring(scl90, scores(at(obsessive.slice(0, 9), 2), 1)));
    expect(at19.factors.find((f) => f.id === 'obsessive')).toMatchObject({ raw: 19, score: 1.9, band: { id: 'none' } });
    expect(at19.flags).toEqual([]);
    const at20 = scoreSheet(scl90, sheetScoring(scl90, scores(at(obsessive, 2), 1)));
    expect(at20.factors.find((f) => f.id === 'obsessive')).toMatchObject({ raw: 20, score: 2, band: { id: 'mild' } });
    expect(at20.flags.map((f) => f.id)).toEqual(['positive']);
  });

  it('does not screen the additional items as a factor', () => {
    const result = scoreSheet(scl90, sheetScoring(scl90, scores(at(factor('other'), 3), 1)));
    expect(result.factors.find((f) => f.id === 'other')?.score).toBe(3);
    expect(result.flags).toEqual([]);
  });
});

describe('MHRSP', () => {
  it('has 80 items in 8 subscales of 10 consecutive items, rated by another', () => {
    expect(checkDefinition(mhrsp)).toEqual([]);
    expect(mhrsp.audience).toBe('rater');
    expect(mhrsp.factors.map((f) => f.items.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10]);
    expect(itemsOnce(mhrsp)).toEqual(numbers(1, 80));
  });

  it('a subscale of 9 is normal and of 10 flags a possible problem', () => {
    const nine = scoreSheet(mhrsp, sheetScoring(mhrsp, scores({ 11: 2, 12: 2, 13: 2, 14: 2, 15: 1 }, 0)));
    expect(nine.factors.find((f) => f.id === 'emotion')).toMatchObject({ score: 9, band: { id: 'normal' } });
    expect(nine.flags).toEqual([]);
    const ten = scoreSheet(mhrsp, sheetScoring(mhrsp, scores({ 11: 2, 12: 2, 13: 2, 14: 2, 15: 2 }, 0)));
    expect(ten.factors.find((f) => f.id === 'emotion')).toMatchObject({ score: 10, band: { id: 'problem' } });
    expect(ten.flags.map((f) => f.id)).toEqual(['possibleProblem']);
    expect(ten.warnings[0]).toMatchObject({ level: 'yellow' });
  });
});

describe('MSSMHS', () => {
  const factor = (id: string) => mssmhs.factors.find((f) => f.id === id)?.items.map(Number) ?? [];

  it('has 60 items in 10 factors of 6, each item once, scored as means', () => {
    expect(checkDefinition(mssmhs)).toEqual([]);
    expect(mssmhs.factors.map((f) => f.items.length)).toEqual(Array(10).fill(6));
    expect(itemsOnce(mssmhs)).toEqual(numbers(1, 60));
    expect(mssmhs.scoring.method).toBe('mean');
  });

  it('a total mean of 1.9 is normal and 2.0 is mild', () => {
    // 54 items at 2 and 6 at 1 is 114 / 60 = 1.9; all 60 at 2 is 2.0.
    const low = scoreSheet(
      mssmhs,
      sheetScoring(mssmhs, scores(Object.fromEntries(factor('depression').map((n) => [n, 1])), 2)),
    );
    expect(low.total).toBe(1.9);
    expect(low.band?.id).toBe('normal');
    const two = scoreSheet(
      mssmhs,
      sheetScoring(mssmhs, () => 2),
    );
    expect(two.total).toBe(2);
    expect(two.band?.id).toBe('mild');
    expect(two.warnings.map((w) => w.level)).toEqual(['yellow']);
  });

  it('a factor mean under 2 needs no attention and of 2 does, whatever the total', () => {
    const items = factor('anxiety');
    const under = scoreSheet(
      mssmhs,
      sheetScoring(mssmhs, scores(Object.fromEntries(items.slice(0, 5).map((n) => [n, 2])), 1)),
    );
    expect(under.factors.find((f) => f.id === 'anxiety')).toMatchObject({ score: 1.83, band: { id: 'normal' } });
    expect(under.flags).toEqual([]);
    const at2 = scoreSheet(mssmhs, sheetScoring(mssmhs, scores(Object.fromEntries(items.map((n) => [n, 2])), 1)));
    expect(at2.factors.find((f) => f.id === 'anxiety')).toMatchObject({ score: 2, band: { id: 'mild' } });
    expect(at2.total).toBe(1.1);
    expect(at2.flags.map((f) => f.id)).toEqual(['attention']);
    expect(at2.warnings.map((w) => [w.rule, w.level])).toEqual([['attention', 'yellow']]);
  });

  it('a total mean of 3 or more is an orange warning', () => {
    const result = scoreSheet(
      mssmhs,
      sheetScoring(mssmhs, () => 3),
    );
    expect(result.band?.id).toBe('moderate');
    expect(result.warnings.map((w) => w.level)).toEqual(['orange', 'yellow']);
  });
});
