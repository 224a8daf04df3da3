import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildAssessmentWorld, phqSheet, publishedTask, taskBody } from '../assessments/testing.ts';

async function teacherRow(t: TestApp, userId: number, schoolId: number, psychology: boolean): Promise<number> {
  const at = Date.now();
  const { id } = await t.db.kysely
    .insertInto('teachers')
    .values({
      user_id: userId,
      school_id: schoolId,
      dept_id: null,
      teacher_no: `W${userId}`,
      name: `Teacher ${userId}`,
      gender: null,
      phone: null,
      subject: null,
      title: null,
      is_psychology: psychology,
      status: 'active',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The assessment world after a PHQ-9 screening of grade 7: 李四 (a2, class A) answered item 9
 * and has a red crisis warning, 王五 (b1, class B) an orange one. Added: class B's head teacher and
 * a second psychology teacher of the first school, to hand warnings over to.
 */
export async function buildWarningWorld(t: TestApp) {
  const w = await buildAssessmentWorld(t);
  const db = t.db.kysely;
  const classBTeacher = await callerFor(t, await buildUser(db, { roleIds: [4], orgId: w.classes.klassB.id }));
  const headB = await teacherRow(t, classBTeacher.user.id, w.orgs.school.id, false);
  await db
    .insertInto('class_teachers')
    .values({
      class_id: w.classes.klassB.id,
      teacher_id: headB,
      kind: 'head',
      subject: null,
      school_year_id: null,
      created_at: Date.now(),
    })
    .execute();
  const secondPsychologist = await callerFor(t, await buildUser(db, { roleIds: [3], orgId: w.orgs.school.id }));
  await teacherRow(t, secondPsychologist.user.id, w.orgs.school.id, true);
  const taskId = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], { gradeIds: [w.orgs.grade.id] }));
  const sheets = { a2: phqSheet('A', 'C'), b1: phqSheet('C') } as const;
  for (const who of ['a2', 'b1'] as const) {
    const res = await w.callers[who].post('/apis-psychology/h5/survey/submit', {
      taskId,
      scaleId: w.scales.phq9,
      answers: sheets[who],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const warningOf = async (studentId: number) =>
    (await db.selectFrom('warnings').select('id').where('student_id', '=', studentId).executeTakeFirstOrThrow()).id;
  return {
    ...w,
    classBTeacher,
    secondPsychologist,
    warnings: { a2: await warningOf(w.students.a2), b1: await warningOf(w.students.b1) },
  };
}
export type WarningWorld = Awaited<ReturnType<typeof buildWarningWorld>>;

/** Calls a step and expects it to succeed. */
export async function step(by: Caller, name: string, body: Record<string, unknown>): Promise<void> {
  const res = await by.post(`/apis-psychology/warning/${name}`, body);
  expect(res.statusCode, res.body).toBe(200);
}

/** The open to-dos of a person for a warning, as kinds. */
export async function openTodoKinds(t: TestApp, userId: number, warningId: number): Promise<string[]> {
  const rows = await t.db.kysely
    .selectFrom('todos')
    .select('kind')
    .where('user_id', '=', userId)
    .where('source_type', '=', 'warning')
    .where('source_id', '=', warningId)
    .where('done_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}
