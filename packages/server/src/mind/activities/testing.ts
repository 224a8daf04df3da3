import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { type Caller, callerFor } from '../../portal/orgs/testing.ts';
import { buildAssessmentWorld } from '../assessments/testing.ts';
import { insertStudents, placementOf } from '../people/students/testing.ts';

const HOUR = 3_600_000;

/** A signed-in account of identity `identityId` (2 student, 3 parent), as H5 leaves it after binding. */
async function h5Caller(t: TestApp, identityId: 2 | 3, orgId: number | null): Promise<Caller> {
  const user = await buildUser(t.db.kysely, { roleIds: [], identityId: 5, orgId: null });
  const caller = await callerFor(t, user);
  const db = t.db.kysely;
  await db
    .updateTable('user_identities')
    .set({ identity_id: identityId, org_id: orgId })
    .where('user_id', '=', user.id)
    .execute();
  await db
    .updateTable('sessions')
    .set({ identity_id: identityId, role_id: null })
    .where('user_id', '=', user.id)
    .execute();
  return caller;
}

/** A student account claiming roster row `studentId`. */
export async function studentAccount(t: TestApp, studentId: number, classId: number): Promise<Caller> {
  const caller = await h5Caller(t, 2, classId);
  await t.db.kysely.updateTable('students').set({ user_id: caller.user.id }).where('id', '=', studentId).execute();
  return caller;
}

/** A parent account linked to the given children. */
export async function parentAccount(t: TestApp, schoolId: number, studentIds: number[]): Promise<Caller> {
  const caller = await h5Caller(t, 3, null);
  const db = t.db.kysely;
  const at = Date.now();
  const { id } = await db
    .insertInto('parents')
    .values({
      school_id: schoolId,
      name: `Parent ${caller.user.id}`,
      phone: `139${String(caller.user.id).padStart(8, '0')}`,
      user_id: caller.user.id,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const studentId of studentIds) {
    await db
      .insertInto('student_parents')
      .values({ student_id: studentId, parent_id: id, relation: 'mother', created_at: at })
      .execute();
  }
  return caller;
}

/** `n` more students of class `classId`, each with a student account. */
export async function classmates(t: TestApp, classId: number, n: number, prefix: string) {
  const place = await placementOf(t.db.kysely, classId);
  const ids = await insertStudents(
    t.db.kysely,
    Array.from({ length: n }, (_, i) => ({ ...place, name: `${prefix}${i}`, student_no: `${prefix}${i}` })),
  );
  const out: Array<{ id: number; caller: Caller }> = [];
  for (const id of ids) out.push({ id, caller: await studentAccount(t, id, classId) });
  return out;
}

/** An activity body: sign-up open from an hour ago for a day, the activity the day after. */
export function activityBody(more: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    title: 'Mental-health week: open lecture',
    kind: 'lecture',
    place: 'School hall',
    description: 'How to sleep well before exams',
    quota: 30,
    audience: 'both',
    targets: { gradeIds: [], classIds: [] },
    signupFrom: now - HOUR,
    signupUntil: now + 24 * HOUR,
    startsAt: now + 25 * HOUR,
    endsAt: now + 27 * HOUR,
    ...more,
  };
}

/** Publishes an activity as `by`, answering its id. */
export async function published(by: Caller, body: Record<string, unknown>): Promise<number> {
  const res = await by.post('/apis-psychology/activity/add', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** The assessment world (students a1, a2 in class A with accounts, b1 in class B) plus a parent of a1. */
export async function buildActivityWorld(t: TestApp) {
  const w = await buildAssessmentWorld(t);
  const parentA1 = await parentAccount(t, w.orgs.school.id, [w.students.a1]);
  return { ...w, parentA1 };
}
export type ActivityWorld = Awaited<ReturnType<typeof buildActivityWorld>>;
