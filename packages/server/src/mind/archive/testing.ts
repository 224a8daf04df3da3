import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { DAY } from '../../platform/time.ts';
import { callerFor } from '../../portal/orgs/testing.ts';
import { buildAssessmentWorld, phqSheet, publishedTask, taskBody } from '../assessments/testing.ts';

const dateOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The assessment world plus a class teacher of class B (another class of the same school), the
 * administrator of the second bureau, a current semester around today (the platform's default
 * calendar) and student a1's PHQ-9 result, which raises a warning (item 9 answered above 0).
 */
export async function buildArchiveWorld(t: TestApp) {
  const w = await buildAssessmentWorld(t);
  const db = t.db.kysely;
  const classTeacherB = await callerFor(t, await buildUser(db, { roleIds: [4], orgId: w.classes.klassB.id }));
  const farBureauAdmin = await callerFor(t, await buildUser(db, { roleIds: [1], orgId: w.orgs.otherBureau.id }));
  const now = Date.now();
  const { id: yearId } = await db
    .insertInto('school_years')
    .values({
      org_id: null,
      name: '2025-2026',
      start_date: dateOf(now - 200 * DAY),
      end_date: dateOf(now + 100 * DAY),
      current: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('semesters')
    .values([
      {
        school_year_id: yearId,
        term: 1,
        start_date: dateOf(now - 200 * DAY),
        end_date: dateOf(now - 60 * DAY),
        current: false,
      },
      {
        school_year_id: yearId,
        term: 2,
        start_date: dateOf(now - 59 * DAY),
        end_date: dateOf(now + 100 * DAY),
        current: true,
      },
    ])
    .execute();
  const taskId = await publishedTask(w.schoolAdmin, taskBody([w.scales.phq9], { classIds: [w.classes.klassA.id] }));
  const submitted = await w.callers.a1.post('/apis-psychology/h5/survey/submit', {
    taskId,
    scaleId: w.scales.phq9,
    answers: phqSheet('A', 'C'),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return {
    ...w,
    classTeacherB,
    farBureauAdmin,
    resultId: Number(submitted.json().data.resultId),
    days: { DAY, dateOf },
  };
}
export type ArchiveWorld = Awaited<ReturnType<typeof buildArchiveWorld>>;

/** The audit rows of archive reads about one student, by reader. */
export function archiveReads(t: TestApp, studentId: number) {
  return t.db.kysely
    .selectFrom('audit_log')
    .select(['user_id', 'detail'])
    .where('action', '=', 'archive.read')
    .where('target_id', '=', String(studentId))
    .execute();
}
