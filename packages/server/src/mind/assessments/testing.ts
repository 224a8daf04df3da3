import type { TaskCreate } from '@meridian/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { HOUR } from '../../platform/time.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildStudentWorld } from '../people/students/fixtures.ts';

/**
 * The id of a built-in scale. Tests only: the service reaches the library through its index;
 * a test needs a scale to put in a task before any page exists to pick one.
 */
export async function scaleIdOf(t: TestApp, code: string): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('scales')
    .select('id')
    .where('code', '=', code)
    .where('owner_org_id', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A signed-in student account bound to a roster row, as H5 calls it. */
async function studentCaller(t: TestApp, studentId: number, classId: number): Promise<Caller> {
  // As on H5: an unbound account signs in, claims its roster row and its session becomes identity 2.
  const user = await buildUser(t.db.kysely, { roleIds: [], identityId: 5, orgId: null });
  const caller = await callerFor(t, user);
  const db = t.db.kysely;
  await db.updateTable('students').set({ user_id: user.id }).where('id', '=', studentId).execute();
  await db
    .updateTable('user_identities')
    .set({ identity_id: 2, org_id: classId })
    .where('user_id', '=', user.id)
    .execute();
  await db.updateTable('sessions').set({ identity_id: 2, role_id: null }).where('user_id', '=', user.id).execute();
  return caller;
}

async function teacherRow(t: TestApp, userId: number, schoolId: number, psychology: boolean): Promise<number> {
  const at = Date.now();
  const { id } = await t.db.kysely
    .insertInto('teachers')
    .values({
      user_id: userId,
      school_id: schoolId,
      dept_id: null,
      teacher_no: `T${userId}`,
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
 * The student world with accounts for students a1, a2 (class A) and b1 (class B), the first
 * school's psychology teacher on its teacher roster, and the class teacher as class A's head.
 */
export async function buildAssessmentWorld(t: TestApp) {
  const w = await buildStudentWorld(t);
  const { klassA, klassB } = w.classes;
  const a1 = await studentCaller(t, w.students.a1, klassA.id);
  const a2 = await studentCaller(t, w.students.a2, klassA.id);
  const b1 = await studentCaller(t, w.students.b1, klassB.id);
  await teacherRow(t, w.psychologyTeacher.user.id, w.orgs.school.id, true);
  const head = await teacherRow(t, w.classTeacher.user.id, w.orgs.school.id, false);
  await t.db.kysely
    .insertInto('class_teachers')
    .values({
      class_id: klassA.id,
      teacher_id: head,
      kind: 'head',
      subject: null,
      school_year_id: null,
      created_at: Date.now(),
    })
    .execute();
  const phq9 = await scaleIdOf(t, 'PHQ-9');
  const mht = await scaleIdOf(t, 'MHT');
  return { ...w, callers: { a1, a2, b1 }, scales: { phq9, mht } };
}
export type AssessmentWorld = Awaited<ReturnType<typeof buildAssessmentWorld>>;

/** A task body: open from an hour ago for a day, unless told otherwise. */
export function taskBody(scaleIds: number[], targets: Partial<TaskCreate['targets']>, more: Partial<TaskCreate> = {}) {
  const now = Date.now();
  return {
    name: 'Autumn screening',
    scaleIds,
    targets: { schoolIds: [], gradeIds: [], classIds: [], studentIds: [], teacherUserIds: [], ...targets },
    startsAt: now - HOUR,
    endsAt: now + 24 * HOUR,
    ...more,
  };
}

/** Creates and publishes a task as `by`, answering its id. */
export async function publishedTask(by: Caller, body: ReturnType<typeof taskBody>): Promise<number> {
  const created = await by.post('/apis-psychology/survey/record/createTask', body);
  expect(created.statusCode, created.body).toBe(200);
  const id: number = created.json().data.id;
  const published = await by.post('/apis-psychology/survey/task/publish', { id });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

/** A complete PHQ-9 sheet: every item at option `value` (A=0 ... D=3), item 9 as given. */
export function phqSheet(value: 'A' | 'B' | 'C' | 'D', item9: 'A' | 'B' | 'C' | 'D' = 'A'): Record<string, string> {
  const sheet: Record<string, string> = {};
  for (let i = 1; i <= 8; i++) sheet[String(i)] = value;
  sheet['9'] = item9;
  return sheet;
}
