import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildStudentWorld, type StudentWorld } from '../people/students/fixtures.ts';
import { customDefinition } from './testing.ts';

let t: TestApp;
let w: StudentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

const validate = (definition: unknown) =>
  w.psychologyTeacher.post('/apis-psychology/scale/custom/validate', { definition });

describe('every rule of a definition has its message', () => {
  it('words the shape’s rules at their fields', async () => {
    const good = customDefinition();
    const res = await validate({
      ...good,
      description: { en: 'x'.repeat(2001) },
      options: [{ value: 'a b', label: { en: 'A' }, score: 0 }, ...(good.options ?? []).slice(1)],
      scoring: { method: 'median' },
      factors: [{ id: 'load', name: { en: 'Load' }, items: [], method: 'sum' }],
      flags: [{ id: 'f', label: { en: 'f' }, when: { kind: 'total', op: 'above', value: 1 } }],
      warnings: [{ id: 'w', level: 'Red!', when: { kind: 'mood' }, reason: { en: 'w' } }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'definition.description.en', msg: 'Text: at most 2000 characters' },
      { field: 'definition.options[0].value', msg: 'Option value: 1-16 letters, digits, underscores or dashes' },
      { field: 'definition.scoring.method', msg: 'Scoring is a sum, a mean or a standard score' },
      { field: 'definition.factors[0].items', msg: 'A factor holds at least one item' },
      { field: 'definition.flags[0].when.op', msg: 'A comparison is gt, gte, lt, lte or eq' },
      { field: 'definition.warnings[0].level', msg: 'Warning level: 1-32 lowercase letters or digits' },
      { field: 'definition.warnings[0].when.kind', msg: 'The condition is incomplete or of an unknown kind' },
    ]);
  });

  it('words the rules across fields at their fields', async () => {
    const good = customDefinition();
    const res = await validate({
      ...good,
      options: (good.options ?? []).slice(0, 1),
      items: [...good.items, { ...good.items[0], text: { en: 'again' } }],
      bands: [{ id: 'low', min: 5, max: 3, label: { en: 'low' } }],
      flags: [{ id: 'f', label: { en: 'f' }, when: { kind: 'flag', flag: 'g' } }],
      warnings: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.problems).toEqual([
      { field: 'definition.items[3].id', msg: 'The id "1" is used twice' },
      { field: 'definition.options', msg: 'Each item needs 2 to 20 options' },
      { field: 'definition.bands[0].max', msg: 'A band cannot start above its end' },
      { field: 'definition.flags[0].when.flag', msg: 'There is no flag "g" defined before this point' },
    ]);
  });

  it('words an unknown status filter', async () => {
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/page', { status: 'archived' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field: 'status', msg: 'Status: draft, published or unpublished' }]);
  });

  it('refuses a field the definition does not know', async () => {
    const res = await validate({ ...customDefinition(), colour: 'blue' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data[0].field).toBe('definition');
  });

  it('says so in Chinese for a Chinese reader', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-psychology/scale/custom/validate',
      headers: { 'x-authorization': w.psychologyTeacher.token, 'accept-language': 'zh-CN' },
      payload: { definition: customDefinition({ scoring: { method: 'standard' } }) },
    });
    expect(res.json().data.problems).toEqual([
      { field: 'definition.scoring.multiplier', msg: '标准分需要大于 0、不超过 100 的乘数' },
    ]);
  });
});
