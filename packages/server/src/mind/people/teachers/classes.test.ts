import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildOrg } from '../../../../test/factories.ts';
import { buildSchoolWorld, callerFor, type SchoolWorld } from '../../../portal/orgs/testing.ts';
import { insertStudents, placementOf } from '../students/testing.ts';
import { classTeachersOf } from './index.ts';

let t: TestApp;
let w: SchoolWorld;
let otherClass: { id: number; path: string };
let farClass: { id: number; path: string };
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
  otherClass = await buildOrg(t.db.kysely, { type: 'class', name: 'Class 7-2', parentId: w.orgs.grade.id });
  const farGrade = await buildOrg(t.db.kysely, { type: 'grade', name: 'Grade 9', parentId: w.orgs.otherSchool.id });
  farClass = await buildOrg(t.db.kysely, { type: 'class', name: 'Class 9-1', parentId: farGrade.id });
});
afterAll(() => t.close());

const DEFAULT_PASSWORD = 'Meridian@2026';
let seq = 0;
const addTeacher = (body: Record<string, unknown> = {}) =>
  w.schoolAdmin.post('/apis-user/teacher/add', {
    schoolId: w.orgs.school.id,
    teacherNo: `T${++seq}`,
    name: `Teacher ${seq}`,
    ...body,
  });
const teacherRow = (id: number) =>
  t.db.kysely.selectFrom('teachers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('class teachers', () => {
  let head: { id: number; userId: number; account: string };
  let colleague: number;
  beforeAll(async () => {
    head = (await addTeacher({ teacherNo: 'H1', name: 'Head Chen' })).json().data;
    colleague = (await addTeacher({ teacherNo: 'H2', name: 'Subject Sun' })).json().data.id;
    await insertStudents(t.db.kysely, [
      { ...(await placementOf(t.db.kysely, w.orgs.klass.id)), name: 'Pupil In', student_no: 'P1' },
      { ...(await placementOf(t.db.kysely, otherClass.id)), name: 'Pupil Out', student_no: 'P2' },
    ]);
  });

  it('refuses classes outside the school and a class that already has a head teacher', async () => {
    const far = await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
      teacherId: head.id,
      headClassIds: [farClass.id],
      subjectClasses: [],
    });
    expect(far.json().message).toBe(`Class ${farClass.id} does not exist or is not in the teacher's school`);
    const notClass = await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
      teacherId: head.id,
      headClassIds: [w.orgs.grade.id],
      subjectClasses: [],
    });
    expect(notClass.statusCode).toBe(400);
    const blank = await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
      teacherId: head.id,
      headClassIds: [],
      subjectClasses: [{ classId: w.orgs.klass.id, subject: '' }],
    });
    expect(blank.json().data).toEqual([{ field: 'subjectClasses[0].subject', msg: 'Subject: 1-30 characters' }]);
  });

  it("makes the head teacher's scope their class: they list that class's students and no other", async () => {
    const set = await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
      teacherId: head.id,
      headClassIds: [w.orgs.klass.id],
      subjectClasses: [{ classId: otherClass.id, subject: 'Physics' }],
    });
    expect(set.json().data.classes).toEqual([
      { classId: w.orgs.klass.id, className: 'Class 7-1', kind: 'head', subject: null, schoolYearId: null },
      { classId: otherClass.id, className: 'Class 7-2', kind: 'subject', subject: 'Physics', schoolYearId: null },
    ]);
    const teacher = await callerFor(t, { id: head.userId, account: head.account, password: DEFAULT_PASSWORD });
    const own = await teacher.get(`/apis-rbac/org/student?classId=${w.orgs.klass.id}`);
    expect(own.json().data.list.map((s: { nickname: string }) => s.nickname)).toEqual(['Pupil In']);
    const other = await teacher.get(`/apis-rbac/org/student?classId=${otherClass.id}`);
    expect(other.json()).toMatchObject({ code: 404, message: 'No such organisation' });

    const info = await teacher.get('/apis-psychology/common/userRoleInfo');
    expect(info.json().data).toMatchObject({
      roleId: 4,
      roles: [{ roleId: 4, orgId: w.orgs.klass.id, orgName: 'Class 7-1', orgType: 'class' }],
      isBureau: false,
      isSchool: false,
      isClassTeacher: true,
      isPsychologyTeacher: false,
      classIds: [w.orgs.klass.id],
      teacherId: head.id,
    });
    const mine = await teacher.get('/apis-psychology/common/queryClassTeacherInfo');
    expect(mine.json().data).toEqual([
      {
        classId: w.orgs.klass.id,
        className: 'Class 7-1',
        headTeachers: [{ teacherId: head.id, userId: head.userId, name: 'Head Chen', phone: null }],
        subjectTeachers: [],
      },
    ]);
    const notMine = await teacher.get(`/apis-psychology/common/queryClassTeacherInfo?classId=${otherClass.id}`);
    expect(notMine.json()).toMatchObject({ code: 404, message: 'No such class' });
    const seen = await teacher.post('/apis-user/teacher/page', {});
    expect(seen.json().data.list.map((r: { name: string }) => r.name)).toEqual(['Head Chen']);

    const taken = await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
      teacherId: colleague,
      headClassIds: [w.orgs.klass.id],
      subjectClasses: [],
    });
    expect(taken.json()).toMatchObject({
      code: 409,
      message: 'Class 7-1 already has a head teacher, Head Chen; unassign them first',
    });
    expect(await classTeachersOf(t.db.kysely, [w.orgs.klass.id, otherClass.id])).toEqual(
      new Map([[w.orgs.klass.id, ['Head Chen']]]),
    );
  });

  it('answers the head and subject teachers of a class to the school', async () => {
    const res = await w.schoolAdmin.get(`/apis-psychology/common/queryClassTeacherInfo?classId=${otherClass.id}`);
    expect(res.json().data[0]).toMatchObject({
      className: 'Class 7-2',
      headTeachers: [],
      subjectTeachers: [{ teacherId: head.id, name: 'Head Chen', subject: 'Physics' }],
    });
    const admin = await w.schoolAdmin.get('/apis-psychology/common/userRoleInfo');
    expect(admin.json().data).toMatchObject({ roleId: 2, isSchool: true, isClassTeacher: false, classIds: [] });
  });

  it('takes the class-teacher role away with the class, so the session on it ends', async () => {
    const teacher = await callerFor(t, { id: head.userId, account: head.account, password: DEFAULT_PASSWORD });
    const unset = await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
      teacherId: head.id,
      headClassIds: [],
      subjectClasses: [],
    });
    expect(unset.json().data.classes).toEqual([]);
    const grants = await t.db.kysely.selectFrom('user_roles').select('id').where('user_id', '=', head.userId).execute();
    expect(grants).toEqual([]);
    const after = await teacher.get(`/apis-rbac/org/student?classId=${w.orgs.klass.id}`);
    expect(after.json().code).toBe(10029);
  });
});

describe('removing a teacher', () => {
  it('removes one entered by mistake with their account, and refuses one with a history', async () => {
    const fresh = (await addTeacher({ teacherNo: 'R1' })).json().data;
    const removed = await w.schoolAdmin.post('/apis-user/teacher/remove', { id: fresh.id });
    expect(removed.statusCode).toBe(200);
    const gone = await t.db.kysely.selectFrom('users').select('id').where('id', '=', fresh.userId).executeTakeFirst();
    expect(gone).toBeUndefined();

    const used = (await addTeacher({ teacherNo: 'R2' })).json().data;
    await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
      teacherId: used.id,
      headClassIds: [otherClass.id],
      subjectClasses: [],
    });
    // Heading a class gives a role, so the account can sign in, and once it has it has a history.
    await callerFor(t, { id: used.userId, account: used.account, password: DEFAULT_PASSWORD });
    const refused = await w.schoolAdmin.post('/apis-user/teacher/remove', { id: used.id });
    expect(refused.json()).toMatchObject({
      code: 409,
      message: 'This teacher has a history and cannot be removed; apply for their dimission instead',
    });
    expect((await teacherRow(used.id)).status).toBe('active');
  });
});
