import { describe, expect, it } from 'vitest';
import { translate } from '../messages.ts';
import { type ScaleDefinition, scaleDefinitionShape } from './scales.ts';
import { checkDefinition } from './scales-check.ts';
import { checkAnswers, scoreSheet, topWarning } from './scoring.ts';

const t = (en: string) => ({ 'zh-CN': en, en });
/** Three items 0-2, item 3 reversed, a factor of items 1-2, two bands and two warning rules. */
const small: ScaleDefinition = scaleDefinitionShape.parse({
  code: 'T',
  name: t('Test'),
  audience: 'student',
  languages: ['zh-CN'],
  options: [
    { value: 'a', label: t('never'), score: 0 },
    { value: 'b', label: t('sometimes'), score: 1 },
    { value: 'c', label: t('often'), score: 2 },
  ],
  items: [
    { id: 'q1', text: t('one') },
    { id: 'q2', text: t('two') },
    { id: 'q3', text: t('three'), reverse: true },
  ],
  scoring: { method: 'sum' },
  bands: [
    { id: 'low', min: 0, max: 3, label: t('low') },
    { id: 'high', min: 4, max: 6, label: t('high') },
  ],
  factors: [{ id: 'f', name: t('f'), items: ['q1', 'q2'], method: 'mean' }],
  flags: [{ id: 'q1often', label: t('q1'), when: { kind: 'item', item: 'q1', op: 'eq', value: 2 } }],
  warnings: [
    { id: 'w1', level: 'yellow', when: { kind: 'band', bands: ['high'] }, reason: t('high') },
    { id: 'w2', level: 'red', when: { kind: 'flag', flag: 'q1often' }, reason: t('q1') },
  ],
});

describe('checkAnswers', () => {
  it('names each missing answer, each answer not among the options, and each unknown item', () => {
    const problems = checkAnswers(small, { q1: 'a', q3: 'z', q9: 'a' });
    expect(problems).toEqual([
      { item: 'q2', no: 2, kind: 'missing', key: 'scale.answer.missing' },
      { item: 'q3', no: 3, kind: 'outOfRange', key: 'scale.answer.outOfRange' },
      { item: 'q9', no: null, kind: 'unknownItem', key: 'scale.answer.unknownItem' },
    ]);
    expect(translate('scale.answer.missing', 'en', { no: 2 })).toBe('Item 2 is not answered');
    expect(translate('scale.answer.outOfRange', 'en', { no: 3 })).toBe(
      'The answer to item 3 is not one of its options',
    );
    expect(translate('scale.answer.unknownItem', 'en', { item: 'q9' })).toBe('The scale has no item "q9"');
  });

  it('takes a complete sheet', () => {
    expect(checkAnswers(small, { q1: 'a', q2: 'b', q3: 'c' })).toEqual([]);
  });
});

describe('scoreSheet', () => {
  it('reverses, sums, bands, and raises warnings from bands and flags, most severe first by topWarning', () => {
    const result = scoreSheet(small, { q1: 'c', q2: 'b', q3: 'a' });
    expect(result.items).toEqual({ q1: 2, q2: 1, q3: 2 });
    expect(result.total).toBe(5);
    expect(result.band?.id).toBe('high');
    expect(result.factors[0]).toMatchObject({ id: 'f', raw: 3, score: 1.5 });
    expect(result.warnings.map((w) => w.rule)).toEqual(['w1', 'w2']);
    expect(topWarning(result)?.rule).toBe('w2');
  });

  it('raises nothing below the cut-offs', () => {
    const result = scoreSheet(small, { q1: 'a', q2: 'a', q3: 'c' });
    expect(result).toMatchObject({ total: 0, band: { id: 'low' }, flags: [], warnings: [] });
    expect(topWarning(result)).toBeNull();
  });

  it('takes a standard score as the integer part of raw x multiplier, and a mean to two decimals', () => {
    const standard = { ...small, scoring: { method: 'standard' as const, multiplier: 1.25 }, bands: [] };
    expect(scoreSheet(standard, { q1: 'c', q2: 'c', q3: 'b' }).total).toBe(6);
    const mean = { ...small, scoring: { method: 'mean' as const }, bands: [] };
    expect(scoreSheet(mean, { q1: 'c', q2: 'b', q3: 'c' }).total).toBe(1);
    expect(scoreSheet(mean, { q1: 'c', q2: 'c', q3: 'c' }).total).toBe(1.33);
  });
});

describe('checkDefinition', () => {
  it('accepts a sound definition', () => {
    expect(checkDefinition(small)).toEqual([]);
  });

  it('names each broken rule at its field', () => {
    const broken: ScaleDefinition = {
      ...small,
      scoring: { method: 'standard' },
      items: [
        { id: 'q1', text: t('one') },
        { id: 'q1', text: t('again') },
        { id: 'q3', text: t('three'), options: [{ value: 'x', label: t('x'), score: 1 }] },
      ],
      bands: [
        { id: 'low', min: 0, max: 3, label: t('low') },
        { id: 'mid', min: 3, max: 2, label: t('mid') },
      ],
      factors: [{ id: 'f', name: t('f'), items: ['q1', 'q7'], method: 'sum' }],
      flags: [{ id: 'x', label: t('x'), when: { kind: 'flag', flag: 'later' } }],
      warnings: [
        {
          id: 'w',
          level: 'red',
          when: {
            kind: 'any',
            of: [
              { kind: 'factor', factor: 'nope', op: 'gte', value: 1 },
              { kind: 'band', bands: ['none'] },
            ],
          },
          reason: t('w'),
        },
      ],
    };
    expect(checkDefinition(broken).map((p) => `${p.field} ${p.key}`)).toEqual([
      'items[1].id v.scale.duplicate',
      'items[2].options v.scale.options',
      'scoring.multiplier v.scale.multiplier',
      'bands[1].max v.scale.bandRange',
      'bands[1].min v.scale.bandOverlap',
      'factors[0].items[1] v.scale.unknownItem',
      'flags[0].when.flag v.scale.unknownFlag',
      'warnings[0].when.of[0].factor v.scale.unknownFactor',
      'warnings[0].when.of[1].bands[0] v.scale.unknownBand',
    ]);
  });

  it('refuses duplicate option values', () => {
    const dup = { ...small, options: [...small.options, { value: 'a', label: t('again'), score: 3 }] };
    expect(checkDefinition(dup)).toEqual([
      { field: 'options[3].value', key: 'v.scale.duplicateOption', params: { value: 'a' } },
    ]);
    expect(translate('v.scale.duplicateOption', 'en', { value: 'a' })).toBe('The option value "a" is used twice');
  });
});

describe('the definition shape', () => {
  it('reports a bad option score at its path with its own message', () => {
    const result = scaleDefinitionShape.safeParse({
      ...small,
      items: [{ id: 'q1', text: t('one'), options: [{ value: 'a', label: t('a'), score: 'x' }] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['items.0.options.0.score', 'v.scale.score'],
    ]);
  });

  it('needs text in at least one language', () => {
    const result = scaleDefinitionShape.safeParse({ ...small, name: {} });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['v.scale.text']);
  });
});

describe('ids', () => {
  it('refuses an item id that does not start with a letter or digit', () => {
    const result = scaleDefinitionShape.safeParse({ ...small, items: [{ id: '__proto__', text: t('x') }] });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['items.0.id', 'v.scale.id']]);
    expect(translate('v.scale.id', 'en')).toBe(
      'An id: 1-32 letters, digits, dots, underscores or dashes, starting with a letter or digit',
    );
  });
});
