import { Identity } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildRole, buildUser } from '../../../../test/factories.ts';
import { grantIdentity } from '../../../portal/accounts/repository.ts';
import { type Caller, callerFor } from '../../../portal/orgs/testing.ts';
import type { Auth } from '../../../portal/sessions/service.ts';
import { buildStudentWorld, type StudentWorld } from './fixtures.ts';
import { studentPage } from './repository.ts';
import { studentScopeOf } from './scope.ts';

let t: TestApp;
let w: StudentWorld;
/** A class-level role that may do everything to students: only its scope (class A) holds it back. */
let classLead: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  const db = t.db.kysely;
  const role = await buildRole(db, 'mind', { '/system/student': '*', '/system/parent': '*' }, 'Class lead');
  classLead = await callerFor(t, await buildUser(db, { roleIds: [role], orgId: w.classes.klassA.id }));
});
afterAll(() => t.close());

const ids = (res: { json(): { data: { list: Array<{ id: number }> } } }) =>
  res
    .json()
    .data.list.map((s) => s.id)
    .sort();
const snapshot = (id: number) => t.db.kysely.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst();

describe('a class teacher', () => {
  it('lists only the students of their class', async () => {
    const res = await w.classTeacher.post('/apis-user/student/page', {});
    expect(ids(res)).toEqual([w.students.a1, w.students.a2].sort());
    // Another class named in the filter is refused like the students in it, not answered with an empty page.
    const other = await w.classTeacher.post('/apis-user/student/page', { classId: w.classes.klassB.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such organisation');
    // Their own school (around their class) only narrows.
    const school = await w.classTeacher.post('/apis-user/student/page', { schoolId: w.orgs.school.id });
    expect(ids(school)).toEqual([w.students.a1, w.students.a2].sort());
  });

  it("cannot read another class's student: detail and card answer 404", async () => {
    const detail = await w.classTeacher.get(`/apis-user/student/detail?id=${w.students.b1}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe('No such student');
    const card = await w.classTeacher.get(`/apis-psychology/common/getStudentInfo?studentId=${w.students.b1}`);
    expect(card.statusCode).toBe(404);
    expect((await w.classTeacher.get(`/apis-user/student/detail?id=${w.students.a1}`)).statusCode).toBe(200);
  });

  it('holds no right to change students at all (403), and nothing changes', async () => {
    const before = await snapshot(w.students.a1);
    for (const [url, body] of [
      ['/apis-user/student/update', { id: w.students.a1, name: 'x' }],
      ['/apis-user/student/move', { id: w.students.a1, classId: w.classes.klassB.id }],
      ['/apis-user/student/status', { id: w.students.a1, status: 'disabled' }],
      ['/apis-user/student/remove', { id: w.students.a1 }],
      ['/apis-user/student/add', { classId: w.classes.klassA.id, name: 'x', studentNo: 'X1', gender: 'male' }],
    ] as const) {
      expect((await w.classTeacher.post(url, body)).statusCode).toBe(403);
    }
    expect(await snapshot(w.students.a1)).toEqual(before);
  });

  it('sees the ID card number masked, and may not ask for it whole', async () => {
    const res = await w.classTeacher.get(`/apis-user/student/detail?id=${w.students.a2}`);
    expect(res.json().data.idCard).toMatch(/^1101\*{10}\d{3}[\dX]$/);
    expect((await w.classTeacher.post('/apis-user/student/reveal', { id: w.students.a2 })).statusCode).toBe(403);
  });
});

describe('a class-level role with every student right', () => {
  it("cannot update, move, change the status of, remove or read another class's student, and nothing changes", async () => {
    const before = await snapshot(w.students.b1);
    for (const [url, body] of [
      ['/apis-user/student/update', { id: w.students.b1, name: 'x' }],
      ['/apis-user/student/move', { id: w.students.b1, classId: w.classes.klassA.id }],
      ['/apis-user/student/status', { id: w.students.b1, status: 'disabled' }],
      ['/apis-user/student/remove', { id: w.students.b1 }],
    ] as const) {
      const res = await classLead.post(url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No such student');
    }
    expect((await classLead.get(`/apis-user/student/detail?id=${w.students.b1}`)).statusCode).toBe(404);
    expect(await snapshot(w.students.b1)).toEqual(before);
  });

  it('cannot move its own student out to a class it does not hold, nor enrol one there', async () => {
    const before = await snapshot(w.students.a1);
    const out = await classLead.post('/apis-user/student/move', { id: w.students.a1, classId: w.classes.klassB.id });
    expect(out.statusCode).toBe(404);
    expect(out.json().message).toBe('No such organisation');
    expect(await snapshot(w.students.a1)).toEqual(before);
    const add = await classLead.post('/apis-user/student/add', {
      classId: w.classes.klassB.id,
      name: 'x',
      studentNo: 'X2',
      gender: 'male',
    });
    expect(add.statusCode).toBe(404);
  });
});

describe('schools and the bureau', () => {
  it("keeps each school administrator to their school, and shows the bureau both; the district's other bureau sees neither", async () => {
    const { a1, a2, b1, c1 } = w.students;
    expect(ids(await w.schoolAdmin.post('/apis-user/student/page', { size: 100 }))).toEqual(
      expect.arrayContaining([a1, a2, b1]),
    );
    expect(ids(await w.schoolAdmin.post('/apis-user/student/page', { size: 100 }))).not.toContain(c1);
    expect(ids(await w.otherSchoolAdmin.post('/apis-user/student/page', { size: 100 }))).toEqual([c1]);
    expect(ids(await w.bureauAdmin.post('/apis-user/student/page', { size: 100 }))).toEqual(
      expect.arrayContaining([a1, b1, c1]),
    );
    const detail = await w.otherSchoolAdmin.get(`/apis-user/student/detail?id=${a1}`);
    expect(detail.statusCode).toBe(404);
    const update = await w.otherSchoolAdmin.post('/apis-user/student/update', { id: a1, name: 'x' });
    expect(update.statusCode).toBe(404);
    expect((await snapshot(a1))?.name).toBe('张三');
  });

  it('lets a psychology teacher read the whole school but change nothing', async () => {
    const list = await w.psychologyTeacher.post('/apis-user/student/page', { size: 100 });
    expect(ids(list)).toEqual(expect.arrayContaining([w.students.a1, w.students.b1]));
    expect(ids(list)).not.toContain(w.students.c1);
    expect(
      (await w.psychologyTeacher.post('/apis-user/student/update', { id: w.students.a1, name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('reads the student card with parents and audits the read', async () => {
    const res = await w.schoolAdmin.get(`/apis-psychology/common/getStudentInfo?studentId=${w.students.a1}`);
    expect(res.json().data).toMatchObject({
      id: w.students.a1,
      name: '张三',
      school: { name: 'First School' },
      class: { name: 'Class 7-1' },
      classTeachers: [],
      parents: [],
    });
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['account', 'target_type'])
      .where('action', '=', 'readStudentInfo')
      .where('target_id', '=', String(w.students.a1))
      .executeTakeFirst();
    expect(entry).toEqual({ account: w.schoolAdmin.user.account, target_type: 'student' });
    const none = await w.schoolAdmin.get('/apis-psychology/common/getStudentInfo');
    expect(none.json().data).toEqual([{ field: 'studentId', msg: 'Give a student or a user' }]);
  });

  it('finds the card by the bound account', async () => {
    const account = await buildUser(t.db.kysely, { roleIds: [], identityId: null });
    await t.db.kysely.updateTable('students').set({ user_id: account.id }).where('id', '=', w.students.b1).execute();
    const res = await w.schoolAdmin.get(`/apis-psychology/common/getStudentInfo?userId=${account.id}`);
    expect(res.json().data.id).toBe(w.students.b1);
    expect((await w.classTeacher.get(`/apis-psychology/common/getStudentInfo?userId=${account.id}`)).statusCode).toBe(
      404,
    );
    await t.db.kysely.updateTable('students').set({ user_id: null }).where('id', '=', w.students.b1).execute();
  });
});

describe('parents and students themselves', () => {
  const authOf = (userId: number, identityId: number): Auth => ({
    sessionId: 0,
    userId,
    account: 'x',
    nickname: 'x',
    roleId: null,
    identityId,
    runAsBy: null,
    superAdmin: false,
    permissions: [],
    lang: null,
  });

  it('gives a parent their children and a student themself', async () => {
    const db = t.db.kysely;
    const parentUser = await buildUser(db, { roleIds: [], identityId: null });
    await grantIdentity(db, parentUser.id, Identity.parent, null);
    const at = Date.now();
    const parent = await db
      .insertInto('parents')
      .values({
        school_id: w.orgs.school.id,
        name: 'P',
        phone: '13900000001',
        user_id: parentUser.id,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('student_parents')
      .values([
        { parent_id: parent.id, student_id: w.students.a1, relation: 'mother', created_at: at },
        { parent_id: parent.id, student_id: w.students.b1, relation: 'mother', created_at: at },
      ])
      .execute();
    const parentScope = await studentScopeOf(db, authOf(parentUser.id, Identity.parent));
    const children = await studentPage(db, parentScope, {}, { page: 1, size: 20 });
    expect(children.list.map((s) => s.id).sort()).toEqual([w.students.a1, w.students.b1].sort());

    const studentUser = await buildUser(db, { roleIds: [], identityId: null });
    await db.updateTable('students').set({ user_id: studentUser.id }).where('id', '=', w.students.c1).execute();
    const selfScope = await studentScopeOf(db, authOf(studentUser.id, Identity.student));
    expect((await studentPage(db, selfScope, {}, { page: 1, size: 20 })).list.map((s) => s.id)).toEqual([
      w.students.c1,
    ]);
    const stranger = await studentScopeOf(db, authOf(parentUser.id, Identity.student));
    expect((await studentPage(db, stranger, {}, { page: 1, size: 20 })).total).toBe(0);
  });
});
