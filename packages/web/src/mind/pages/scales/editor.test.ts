import { describe, expect, it } from 'vitest';
import { blankDefinition, cleanDefinition, pathOf, problemsOf } from './editor.ts';

describe('cleanDefinition', () => {
  it('drops blank translations, blank optional texts, empty numbers and default switches', () => {
    const cleaned = cleanDefinition({
      name: { 'zh-CN': '压力', en: '' },
      description: { 'zh-CN': '', en: ' ' },
      scoring: { method: 'sum', multiplier: null },
      items: [{ id: '1', text: { 'zh-CN': '题', en: 'Item' }, reverse: false, inTotal: true }],
    });
    expect(cleaned).toEqual({
      name: { 'zh-CN': '压力' },
      scoring: { method: 'sum' },
      items: [{ id: '1', text: { 'zh-CN': '题', en: 'Item' } }],
    });
  });

  it('keeps a blank required name so that the rule can name it', () => {
    expect(cleanDefinition({ name: { 'zh-CN': '', en: '' } })).toEqual({ name: {} });
  });
});

describe('pathOf', () => {
  it('reads both ways fields are named', () => {
    expect(pathOf('items[3].options[1].score')).toEqual(['items', 3, 'options', 1, 'score']);
    expect(pathOf('definition.bands.0.max')).toEqual(['bands', 0, 'max']);
  });
});

describe('problemsOf', () => {
  it('words a blank name and an empty code at their fields', () => {
    const problems = problemsOf(blankDefinition(), 'en');
    expect(problems).toContainEqual({ path: ['code'], msg: expect.stringMatching(/code/i) });
    expect(problems).toContainEqual({ path: ['name'], msg: 'Write the text in Chinese or English, at least one' });
  });

  it('finds overlapping bands and a factor naming no item once the shape is sound', () => {
    const d = blankDefinition();
    d.code = 'STRESS';
    d.name = { en: 'Stress' };
    d.items = [{ id: '1', text: { en: 'Homework overwhelms me' } }];
    d.bands = [
      { id: 'low', min: 0, max: 2, label: { en: 'Low' } },
      { id: 'high', min: 2, max: 3, label: { en: 'High' } },
    ];
    d.factors = [{ id: 'load', name: { en: 'Load' }, items: ['9'], method: 'sum' }];
    const problems = problemsOf(d, 'en');
    expect(problems.map((p) => p.path.join('.'))).toEqual(expect.arrayContaining(['factors.0.items.0']));
    expect(problems.some((p) => p.path[0] === 'bands')).toBe(true);
    expect(problems.find((p) => p.path[0] === 'factors')?.msg).toBe('There is no item "9"');
  });

  it('answers no problems for a sound definition', () => {
    const d = blankDefinition();
    d.code = 'STRESS';
    d.name = { en: 'Stress' };
    d.items = [{ id: '1', text: { en: 'Homework overwhelms me' } }];
    expect(problemsOf(d, 'en')).toEqual([]);
  });
});
