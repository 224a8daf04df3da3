import type { TestApp } from '../../../../test/app.ts';
import { buildOrg, buildUser } from '../../../../test/factories.ts';
import { buildSchoolWorld, callerFor } from '../../../portal/orgs/testing.ts';
import { insertStudents, placementOf } from './testing.ts';

/** An ID card number with a correct GB 11643 check character, for a birth date `yyyymmdd`. */
export function idCardFor(birth: string, seq = '123'): string {
  const body = `110105${birth}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

/**
 * The school world of the organisation tests plus a second class in the first school's grade,
 * a grade and class in the second school, and one or two students in each class; callers for a
 * class teacher of class A and a psychology teacher of the first school.
 */
export async function buildStudentWorld(t: TestApp) {
  const w = await buildSchoolWorld(t);
  const db = t.db.kysely;
  const klassA = w.orgs.klass;
  const klassB = await buildOrg(db, { type: 'class', name: 'Class 7-2', parentId: w.orgs.grade.id });
  const otherGrade = await buildOrg(db, { type: 'grade', name: 'Grade 8', parentId: w.orgs.otherSchool.id });
  const klassC = await buildOrg(db, { type: 'class', name: 'Class 8-1', parentId: otherGrade.id });
  const [a1, a2] = await insertStudents(db, [
    { ...(await placementOf(db, klassA.id)), name: '张三', student_no: 'A001' },
    { ...(await placementOf(db, klassA.id)), name: '李四', student_no: 'A002', id_card: idCardFor('20120304') },
  ]);
  const [b1] = await insertStudents(db, [{ ...(await placementOf(db, klassB.id)), name: '王五', student_no: 'B001' }]);
  const [c1] = await insertStudents(db, [{ ...(await placementOf(db, klassC.id)), name: '赵六', student_no: 'C001' }]);
  const classTeacher = await callerFor(t, await buildUser(db, { roleIds: [4], orgId: klassA.id }));
  const psychologyTeacher = await callerFor(t, await buildUser(db, { roleIds: [3], orgId: w.orgs.school.id }));
  if (a1 === undefined || a2 === undefined || b1 === undefined || c1 === undefined) throw new Error('students missing');
  return {
    ...w,
    classes: { klassA, klassB, otherGrade, klassC },
    students: { a1, a2, b1, c1 },
    classTeacher,
    psychologyTeacher,
  };
}
export type StudentWorld = Awaited<ReturnType<typeof buildStudentWorld>>;
