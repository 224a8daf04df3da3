import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildStudentWorld, type StudentWorld } from '../people/students/fixtures.ts';
import { publishedScaleVersion, scaleVersionById } from './index.ts';
import { customDefinition } from './testing.ts';

let t: TestApp;
let w: StudentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

type Caller = StudentWorld['psychologyTeacher'];
async function create(caller: Caller, code: string, extra: Record<string, unknown> = {}) {
  const res = await caller.post('/apis-psychology/scale/custom/add', {
    definition: customDefinition({ code }),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}
const codes = (res: { json(): { data: { list: { code: string }[] } } }) => res.json().data.list.map((s) => s.code);

describe('building a custom scale', () => {
  it('saves a draft owned by the caller’s school, seen by the school and the bureau above, not by another school', async () => {
    const { id } = await create(w.psychologyTeacher, 'STRESS');
    const mine = await w.psychologyTeacher.get(`/apis-psychology/scale/info?id=${id}`);
    expect(mine.json().data).toMatchObject({
      code: 'STRESS',
      builtIn: false,
      status: 'draft',
      version: null,
      hasDraft: true,
      editable: true,
      ownerOrgId: w.orgs.school.id,
      ownerOrgName: 'First School',
      definition: null,
      description: { en: 'A three-item study stress check.' },
    });
    expect(mine.json().data.draft.items).toHaveLength(3);
    const bureau = await w.bureauAdmin.post('/apis-psychology/scale/page', { source: 'custom' });
    expect(codes(bureau)).toContain('STRESS');
    const other = await w.otherSchoolAdmin.post('/apis-psychology/scale/page', { source: 'custom' });
    expect(codes(other)).not.toContain('STRESS');
    const otherInfo = await w.otherSchoolAdmin.get(`/apis-psychology/scale/info?id=${id}`);
    expect(otherInfo.statusCode).toBe(404);
  });

  it('reports a bad option score at its field with its message', async () => {
    const definition = customDefinition({ code: 'BAD' });
    const items = definition.items.map((item, i) =>
      i === 0
        ? {
            ...item,
            options: [
              { value: 'A', label: { en: 'No' }, score: 0 },
              { value: 'B', label: { en: 'Yes' }, score: 'one' },
            ],
          }
        : item,
    );
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/custom/add', {
      definition: { ...definition, items },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'definition.items[0].options[1].score', msg: 'A score is a number from -1000 to 1000' },
    ]);
  });

  it('refuses a bad code, an unknown audience, no items and text in no language', async () => {
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/custom/add', {
      definition: { ...customDefinition(), code: 'no spaces', audience: 'parent', items: [], name: {} },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'definition.code', msg: 'Scale code: 1-32 letters, digits, underscores or dashes' },
      { field: 'definition.name', msg: 'Write the text in Chinese or English, at least one' },
      { field: 'definition.audience', msg: 'Audience: student, teacher or other rater' },
      { field: 'definition.items', msg: 'A scale has 1 to 300 items' },
    ]);
  });

  it('checks the whole definition on request, one problem per field', async () => {
    const definition = customDefinition({
      scoring: { method: 'standard' },
      factors: [{ id: 'load', name: { en: 'Load' }, items: ['1', '7'], method: 'sum' }],
      warnings: [
        { id: 'w', level: 'red', when: { kind: 'factor', factor: 'mood', op: 'gte', value: 3 }, reason: { en: 'x' } },
      ],
    });
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/custom/validate', { definition });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.problems).toEqual([
      { field: 'definition.scoring.multiplier', msg: 'A standard score needs a multiplier above 0 and at most 100' },
      { field: 'definition.factors[0].items[1]', msg: 'There is no item "7"' },
      { field: 'definition.warnings[0].when.factor', msg: 'There is no factor "mood"' },
    ]);
  });

  it('refuses a code already used by the school or by a built-in', async () => {
    await create(w.psychologyTeacher, 'TAKEN');
    const again = await w.psychologyTeacher.post('/apis-psychology/scale/custom/add', {
      definition: customDefinition({ code: 'TAKEN' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The scale code "TAKEN" is already used');
    const builtIn = await w.psychologyTeacher.post('/apis-psychology/scale/custom/add', {
      definition: customDefinition({ code: 'PHQ-9' }),
    });
    expect(builtIn.statusCode).toBe(409);
    // Another school may use the same code for its own scale.
    await create(w.otherSchoolAdmin, 'TAKEN');
  });

  it('asks which organisation owns the scale when the caller has none or several, and refuses one outside the scope', async () => {
    const platform = await w.platform.post('/apis-psychology/scale/custom/add', {
      definition: customDefinition({ code: 'P1' }),
    });
    expect(platform.statusCode).toBe(400);
    expect(platform.json().message).toBe('Choose the organisation the scale belongs to');
    const outside = await w.schoolAdmin.post('/apis-psychology/scale/custom/add', {
      definition: customDefinition({ code: 'P2' }),
      orgId: w.orgs.farSchool.id,
    });
    expect(outside.statusCode).toBe(404);
    const named = await create(w.platform, 'P3', { orgId: w.orgs.farSchool.id });
    expect(named.id).toBeGreaterThan(0);
  });
});

describe('publishing and versions', () => {
  it('refuses to publish a draft that breaks a rule, at the draft’s field', async () => {
    const { id } = await create(w.psychologyTeacher, 'BROKEN');
    const edit = await w.psychologyTeacher.post('/apis-psychology/scale/custom/edit', {
      id,
      definition: customDefinition({
        code: 'BROKEN',
        bands: [
          { id: 'low', min: 0, max: 3, label: { en: 'low' } },
          { id: 'mid', min: 3, max: 6, label: { en: 'mid' } },
        ],
      }),
    });
    expect(edit.statusCode).toBe(200);
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/custom/publish', { id });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { field: 'draft.bands[1].min', msg: 'The band "mid" overlaps the band before it' },
      { field: 'draft.warnings[0].when.bands[0]', msg: 'There is no band "high"' },
    ]);
  });

  it('publishes versions that never change: results keep the version they were scored with', async () => {
    const { id } = await create(w.psychologyTeacher, 'VERSIONED');
    const first = await w.psychologyTeacher.post('/apis-psychology/scale/custom/publish', { id });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'published', version: 1, hasDraft: false, draft: null });
    const v1 = await publishedScaleVersion(t.db.kysely, id);
    expect(v1.version).toBe(1);

    const changed = customDefinition({
      code: 'VERSIONED',
      bands: [{ id: 'all', min: 0, max: 6, label: { en: 'All' } }],
      warnings: [],
    });
    await w.psychologyTeacher.post('/apis-psychology/scale/custom/edit', { id, definition: changed });
    const pending = await w.psychologyTeacher.get(`/apis-psychology/scale/info?id=${id}`);
    expect(pending.json().data).toMatchObject({ version: 1, hasDraft: true, status: 'published' });
    // A reader who may not edit it (a class teacher of the school) sees the published version, never the draft.
    const reader = await w.classTeacher.get(`/apis-psychology/scale/info?id=${id}`);
    expect(reader.json().data).toMatchObject({ version: 1, draft: null, editable: false });

    const second = await w.psychologyTeacher.post('/apis-psychology/scale/custom/publish', { id });
    expect(second.json().data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const v2 = await publishedScaleVersion(t.db.kysely, id);
    expect(v2.definition.bands.map((b) => b.id)).toEqual(['all']);
    expect((await scaleVersionById(t.db.kysely, v1.versionId)).definition.bands.map((b) => b.id)).toEqual([
      'low',
      'high',
    ]);
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'scale.publish')
      .where('target_id', '=', String(id))
      .execute();
    expect(logged).toHaveLength(2);
  });

  it('refuses to publish with no draft', async () => {
    const { id } = await create(w.psychologyTeacher, 'ONCE');
    await w.psychologyTeacher.post('/apis-psychology/scale/custom/publish', { id });
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/custom/publish', { id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The scale has no draft to publish');
  });

  it('unpublishes: new tasks cannot pin it, publishing again brings the same version back', async () => {
    const { id } = await create(w.psychologyTeacher, 'PAUSED');
    await w.psychologyTeacher.post('/apis-psychology/scale/custom/publish', { id });
    const off = await w.psychologyTeacher.post('/apis-psychology/scale/custom/unpublish', { id });
    expect(off.json().data.status).toBe('unpublished');
    await expect(publishedScaleVersion(t.db.kysely, id)).rejects.toMatchObject({
      status: 409,
      key: 'scale.notPublished',
    });
    const twice = await w.psychologyTeacher.post('/apis-psychology/scale/custom/unpublish', { id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The scale is not published');
    const back = await w.psychologyTeacher.post('/apis-psychology/scale/custom/publish', { id });
    expect(back.json().data).toMatchObject({ status: 'published', version: 1 });
  });

  it('copies a built-in so that a school can set its own cut-offs', async () => {
    const sds = await t.db.kysely.selectFrom('scales').select('id').where('code', '=', 'SDS').executeTakeFirstOrThrow();
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/custom/copy', {
      id: Number(sds.id),
      code: 'SDS-50',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ code: 'SDS-50', builtIn: false, status: 'draft' });
    expect(res.json().data.draft.scoring).toEqual({ method: 'standard', multiplier: 1.25 });
  });
});

describe('who may change a scale', () => {
  it('refuses to change a built-in', async () => {
    const phq = await t.db.kysely
      .selectFrom('scales')
      .select('id')
      .where('code', '=', 'PHQ-9')
      .executeTakeFirstOrThrow();
    const res = await w.schoolAdmin.post('/apis-psychology/scale/custom/edit', {
      id: Number(phq.id),
      definition: customDefinition(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('A built-in scale cannot be changed or deleted');
    const del = await w.schoolAdmin.post('/apis-psychology/scale/custom/delete', { id: Number(phq.id) });
    expect(del.statusCode).toBe(403);
  });

  it('lets a school use its bureau’s scale but not change it', async () => {
    const { id } = await create(w.bureauAdmin, 'BUREAU');
    await w.bureauAdmin.post('/apis-psychology/scale/custom/publish', { id });
    const seen = await w.schoolAdmin.get(`/apis-psychology/scale/info?id=${id}`);
    expect(seen.json().data).toMatchObject({ code: 'BUREAU', editable: false, ownerOrgName: 'North Bureau' });
    const res = await w.schoolAdmin.post('/apis-psychology/scale/custom/unpublish', { id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This scale belongs to North Bureau; only it can change the scale');
  });

  it('lets a class teacher read the center but not build scales', async () => {
    const res = await w.classTeacher.post('/apis-psychology/scale/custom/add', {
      definition: customDefinition({ code: 'CT' }),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('deleting a custom scale', () => {
  it('deletes one no task has used', async () => {
    const { id } = await create(w.psychologyTeacher, 'GONE');
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/custom/delete', { id });
    expect(res.statusCode).toBe(200);
    expect((await w.psychologyTeacher.get(`/apis-psychology/scale/info?id=${id}`)).statusCode).toBe(404);
  });

  it('keeps one a task has used', async () => {
    const { id } = await create(w.psychologyTeacher, 'USED');
    await w.psychologyTeacher.post('/apis-psychology/scale/custom/publish', { id });
    // A task row as the assessments feature writes it, without depending on its types.
    const db = t.db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const task = await db
      .insertInto('assessment_tasks')
      .values({
        org_id: w.orgs.school.id,
        org_path: w.orgs.school.path,
        name: 'Task',
        kind: 'student',
        state: 'draft',
        targets: '{}',
        starts_at: 0,
        ends_at: 1,
        retest: false,
        show_report: false,
        assignee_count: 0,
        created_by: w.psychologyTeacher.user.id,
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('assessment_task_scales').values({ task_id: task.id, scale_id: id, position: 0 }).execute();
    const res = await w.psychologyTeacher.post('/apis-psychology/scale/custom/delete', { id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The scale is used by an assessment task: it cannot be deleted, only unpublished');
  });
});
