import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { contextFor } from '../../platform/db/migrate.ts';
import { callerFor } from '../../portal/orgs/testing.ts';
import { up as addTeacherScales } from '../migrations/0036_teacher_scales.ts';
import { buildStudentWorld, type StudentWorld } from '../people/students/fixtures.ts';
import { publishedScaleVersion } from './index.ts';

let t: TestApp;
let w: StudentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

const idOf = async (code: string) => {
  const row = await t.db.kysely.selectFrom('scales').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return Number(row.id);
};

describe('the scale center', () => {
  it('lists the thirteen built-in scales to a class teacher, filtered by audience and source', async () => {
    const all = await w.classTeacher.post('/apis-psychology/scale/page', { source: 'builtIn', size: 50 });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.list.map((s: { code: string }) => s.code)).toEqual([
      'PHQ-9',
      'GAD-7',
      'SDS',
      'SAS',
      'MHT',
      'SCL-90',
      'MHRSP',
      'MSSMHS',
      'PSS-10',
      'WHO-5',
      'K10',
      'PHQ-9-ADULT',
      'GAD-7-ADULT',
    ]);
    expect(all.json().data).toMatchObject({ total: 13, page: 1, size: 50 });
    const raters = await w.classTeacher.post('/apis-psychology/scale/page', { audience: 'rater' });
    expect(raters.json().data.list.map((s: { code: string }) => s.code)).toEqual(['MHRSP']);
    const teachers = await w.classTeacher.post('/apis-psychology/scale/page', { audience: 'teacher' });
    expect(teachers.json().data.list.map((s: { code: string }) => s.code)).toEqual([
      'PSS-10',
      'WHO-5',
      'K10',
      'PHQ-9-ADULT',
      'GAD-7-ADULT',
    ]);
    const named = await w.classTeacher.post('/apis-psychology/scale/page', { name: '焦虑' });
    expect(named.json().data.list.map((s: { code: string }) => s.code)).toEqual(['GAD-7', 'SAS', 'GAD-7-ADULT']);
    // Any case, on both engines.
    const coded = await w.classTeacher.post('/apis-psychology/scale/page', { name: 'phq' });
    expect(coded.json().data.list.map((s: { code: string }) => s.code)).toEqual(['PHQ-9', 'PHQ-9-ADULT']);
  });

  it('pages with page and size', async () => {
    const second = await w.classTeacher.post('/apis-psychology/scale/page', { page: 2, size: 3 });
    expect(second.json().data).toMatchObject({ total: 13, page: 2, size: 3 });
    expect(second.json().data.list.map((s: { code: string }) => s.code)).toEqual(['SAS', 'MHT', 'SCL-90']);
  });

  it('refuses an unknown audience or source with its message', async () => {
    const res = await w.classTeacher.post('/apis-psychology/scale/page', { audience: 'parent', source: 'mine' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'audience', msg: 'Audience: student, teacher or other rater' },
      { field: 'source', msg: 'Source: built-in or custom' },
    ]);
  });

  it('shows a scale with its description, definition and versions', async () => {
    const res = await w.classTeacher.get(`/apis-psychology/scale/info?id=${await idOf('PHQ-9')}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      code: 'PHQ-9',
      builtIn: true,
      audience: 'student',
      status: 'published',
      version: 1,
      editable: false,
      draft: null,
      needsItemText: false,
      versions: [{ version: 1, reason: 'seed', publishedBy: null }],
    });
    expect(data.description.en).toContain('item 9');
    expect(data.definition.items).toHaveLength(9);
    expect(data.definition.items[8].text['zh-CN']).toBe('有不如死掉或用某种方式伤害自己的念头');
  });

  it('shows a teachers’ scale with its published items', async () => {
    const res = await w.classTeacher.get(`/apis-psychology/scale/info?id=${await idOf('WHO-5')}`);
    expect(res.json().data).toMatchObject({ audience: 'teacher', builtIn: true, needsItemText: false, itemCount: 5 });
    expect(res.json().data.definition.items[0].text).toEqual({
      'zh-CN': '我感觉快乐、心情舒畅',
      en: 'I have felt cheerful and in good spirits',
    });
    expect(res.json().data.definition.scoring).toEqual({ method: 'standard', multiplier: 4 });
  });

  it('says a licensed scale still needs its item text', async () => {
    const res = await w.classTeacher.get(`/apis-psychology/scale/info?id=${await idOf('MHT')}`);
    expect(res.json().data).toMatchObject({ needsItemText: true, itemCount: 100 });
    expect(res.json().data.definition.items[11].text).toEqual({ 'zh-CN': '第 12 题', en: 'Item 12' });
  });

  it('answers 404 for a scale that does not exist', async () => {
    const res = await w.classTeacher.get('/apis-psychology/scale/info?id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such scale within your data scope');
  });

  it('lists the published scales a task may use through the spec call', async () => {
    const res = await w.psychologyTeacher.get('/apis-psychology/analysis/itemStatus/scaleInfoList?audience=rater');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { code: string }) => s.code)).toEqual(['MHRSP']);
  });

  it('refuses a caller without the scale center permission', async () => {
    const iot = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [10] }));
    const res = await iot.post('/apis-psychology/scale/page', {});
    expect(res.statusCode).toBe(403);
  });

  it('gives tasks the published version of a built-in', async () => {
    const v = await publishedScaleVersion(t.db.kysely, await idOf('GAD-7'));
    expect(v).toMatchObject({ version: 1, code: 'GAD-7' });
    expect(v.definition.items).toHaveLength(7);
  });
});

describe('previewing a score', () => {
  it('scores answers without storing them: PHQ-9 item 9 above 0 is a red warning', async () => {
    const id = await idOf('PHQ-9');
    const answers = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), i === 8 ? 'B' : 'A']));
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/preview/score', { id, answers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 1, band: { id: 'minimal' }, flags: [{ id: 'crisis' }] });
    expect(res.json().data.warnings[0]).toMatchObject({ level: 'red', rule: 'selfHarm' });
  });

  it('names each missing, out-of-range and unknown answer', async () => {
    const id = await idOf('GAD-7');
    const answers = { '1': 'A', '2': 'Z', '3': 'A', '4': 'A', '5': 'A', '6': 'A', '99': 'A' };
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/preview/score', { id, answers });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'answers.2', msg: 'The answer to item 2 is not one of its options' },
      { field: 'answers.7', msg: 'Item 7 is not answered' },
      { field: 'answers.99', msg: 'The scale has no item "99"' },
    ]);
  });
});

describe('migration 0036 on a library seeded before it', () => {
  it('adds the teachers’ scales and leaves the others’ versions as they were', async () => {
    const db = t.db.kysely;
    const teachers = ['PSS-10', 'WHO-5', 'K10', 'PHQ-9-ADULT', 'GAD-7-ADULT'];
    // The library as migration 0019 left it before this change: the eight scales of issue 8.
    const ids = (await db.selectFrom('scales').select('id').where('code', 'in', teachers).execute()).map((r) => r.id);
    await db.deleteFrom('scale_versions').where('scale_id', 'in', ids).execute();
    await db.deleteFrom('scales').where('id', 'in', ids).execute();
    const before = await db.selectFrom('scale_versions').select(['id', 'scale_id', 'version']).orderBy('id').execute();

    await addTeacherScales(contextFor(db as unknown as Kysely<unknown>, t.db.engine));

    const added = await db
      .selectFrom('scales as s')
      .innerJoin('scale_versions as v', 'v.id', 's.current_version_id')
      .select(['s.code', 's.audience', 'v.version'])
      .where('s.code', 'in', teachers)
      .orderBy('s.id')
      .execute();
    expect(added.map((r) => [r.code, r.audience, r.version])).toEqual(teachers.map((c) => [c, 'teacher', 1]));
    const kept = await db
      .selectFrom('scale_versions')
      .select(['id', 'scale_id', 'version'])
      .where('id', '<=', before.at(-1)?.id ?? 0)
      .orderBy('id')
      .execute();
    expect(kept).toEqual(before);
  });
});
