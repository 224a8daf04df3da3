import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildOrg } from '../../../../test/factories.ts';
import { buildStudentWorld, type StudentWorld } from './fixtures.ts';

let t: TestApp;
let w: StudentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

describe('moving a grade with its classes', () => {
  it('moves the students with it: the list filtered by the new school and grade finds them', async () => {
    const db = t.db.kysely;
    const grade = await buildOrg(db, { type: 'grade', name: 'Grade 9', parentId: w.orgs.campus.id });
    const klass = await buildOrg(db, { type: 'class', name: 'Class 9-1', parentId: grade.id });
    const added = await w.bureauAdmin.post('/apis-user/student/add', {
      classId: klass.id,
      name: '周七',
      studentNo: 'M001',
      gender: 'male',
    });
    expect(added.json().code).toBe(200);

    const moved = await w.bureauAdmin.post('/apis-rbac/org/move', { id: grade.id, parentId: w.orgs.otherSchool.id });
    expect(moved.json().code).toBe(200);

    const inNewSchool = await w.bureauAdmin.post('/apis-user/student/page', {
      schoolId: w.orgs.otherSchool.id,
      gradeId: grade.id,
      page: 1,
      size: 10,
    });
    expect(inNewSchool.json().data.list.map((s: { studentNo: string }) => s.studentNo)).toEqual(['M001']);
    const inOldSchool = await w.bureauAdmin.post('/apis-user/student/page', {
      schoolId: w.orgs.school.id,
      page: 1,
      size: 50,
    });
    expect(inOldSchool.json().data.list.map((s: { studentNo: string }) => s.studentNo)).not.toContain('M001');
    // The old school's administrator no longer sees the student; the new school's does.
    const oldAdmin = await w.schoolAdmin.post('/apis-user/student/page', { keyword: 'M001', page: 1, size: 10 });
    expect(oldAdmin.json().data.total).toBe(0);
    const newAdmin = await w.otherSchoolAdmin.post('/apis-user/student/page', { keyword: 'M001', page: 1, size: 10 });
    expect(newAdmin.json().data.total).toBe(1);
    const row = await db
      .selectFrom('students')
      .select(['school_id', 'campus_id'])
      .where('student_no', '=', 'M001')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ school_id: w.orgs.otherSchool.id, campus_id: null });
  });
});
