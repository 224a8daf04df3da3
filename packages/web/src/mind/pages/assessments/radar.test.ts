import type { ScaleDefinition, ScoreResult } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { radarOf } from './radar.ts';

const text = (s: string) => ({ en: s });
const names = { factor: (f: { id: string }) => f.id, item: (no: number) => `Item ${no}` };

function definition(factors: ScaleDefinition['factors']): ScaleDefinition {
  return {
    code: 'T',
    name: text('T'),
    audience: 'student',
    languages: ['en'],
    options: [
      { value: 'A', label: text('a'), score: 0 },
      { value: 'B', label: text('b'), score: 3 },
    ],
    items: ['1', '2', '3', '4'].map((id) => ({ id, text: text(id) })),
    scoring: { method: 'sum' },
    bands: [],
    factors,
    validity: [],
    flags: [],
    warnings: [],
  };
}

function score(items: Record<string, number>, factors: ScoreResult['factors'] = []): ScoreResult {
  return { valid: true, invalid: [], raw: 0, total: 0, band: null, factors, items, flags: [], warnings: [] };
}

describe('radarOf', () => {
  it('draws the items of a scale without factors, each up to its highest option', () => {
    const r = radarOf(score({ '1': 3, '2': 0, '3': 1, '4': 2 }), definition([]), names);
    expect(r.of).toBe('items');
    expect(r.axes).toEqual([1, 2, 3, 4].map((no) => ({ name: `Item ${no}`, max: 3 })));
    expect(r.values).toEqual([3, 0, 1, 2]);
  });

  it('draws three or more content factors, leaving validity scales out, up to a mean or a sum', () => {
    const factor = (id: string, items: string[], method: 'sum' | 'mean') => ({ id, name: text(id), items, method });
    const d = definition([
      factor('a', ['1', '2'], 'sum'),
      factor('b', ['3'], 'mean'),
      factor('c', ['4'], 'sum'),
      { ...factor('lie', ['1'], 'sum'), validity: true },
    ]);
    const f = (id: string, value: number, validity = false) => ({
      id,
      name: text(id),
      validity,
      raw: value,
      score: value,
      band: null,
    });
    const r = radarOf(score({}, [f('a', 4), f('b', 2), f('c', 1), f('lie', 3, true)]), d, names);
    expect(r.of).toBe('factors');
    expect(r.axes).toEqual([
      { name: 'a', max: 6 },
      { name: 'b', max: 3 },
      { name: 'c', max: 3 },
    ]);
    expect(r.values).toEqual([4, 2, 1]);
  });

  it('reaches the highest score seen when the definition is not at hand', () => {
    const r = radarOf(score({ x: 2, y: 5 }), null, names);
    expect(r.axes.map((a) => a.max)).toEqual([5, 5]);
  });
});
