import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { fromJson } from '../../../platform/db/sql.ts';
import { buildStudentWorld, idCardFor, type StudentWorld } from './fixtures.ts';

let t: TestApp;
let w: StudentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

const good = () => ({
  classId: w.classes.klassA.id,
  name: '陈七',
  studentNo: `N${Date.now() % 1e8}`,
  gender: 'female',
});

describe('adding a student checks every field', () => {
  it('enrols a valid student in a class of the scope', async () => {
    const res = await w.schoolAdmin.post('/apis-user/student/add', {
      ...good(),
      studentNo: 'A100',
      birthday: '2012-05-06',
      idCard: idCardFor('20120506'),
      phone: '13800138000',
      enrolYear: 2024,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '陈七',
      studentNo: 'A100',
      status: 'studying',
      idCard: `1101${'*'.repeat(10)}${idCardFor('20120506').slice(-4)}`,
      phone: '138****8000',
      school: { id: w.orgs.school.id, name: 'First School' },
      campus: { id: w.orgs.campus.id },
      grade: { id: w.orgs.grade.id, name: 'Grade 7' },
      class: { id: w.classes.klassA.id, name: 'Class 7-1' },
    });
  });

  it.each([
    ['name', { name: '' }, 'Student name: 1-30 characters'],
    ['name', { name: 'x'.repeat(31) }, 'Student name: 1-30 characters'],
    ['studentNo', { studentNo: 'A-01' }, 'Student number: 1-32 letters or digits'],
    ['studentNo', { studentNo: '1'.repeat(33) }, 'Student number: 1-32 letters or digits'],
    [
      'idCard',
      { idCard: `${idCardFor('20120506').slice(0, 17)}0` },
      'The ID card number is not valid: 18 characters with a correct check digit',
    ],
    [
      'idCard',
      { idCard: '11010520120506123' },
      'The ID card number is not valid: 18 characters with a correct check digit',
    ],
    [
      'idCard',
      { idCard: idCardFor('20121399') },
      'The ID card number is not valid: 18 characters with a correct check digit',
    ],
    ['phone', { phone: '12345' }, 'The phone number is not valid'],
    ['gender', { gender: 'unknown' }, 'Choose a gender'],
    ['birthday', { birthday: '2012-02-30' }, 'Dates are written YYYY-MM-DD'],
    ['birthday', { birthday: '2999-01-01' }, 'The birthday cannot be after today'],
    ['enrolYear', { enrolYear: 1900 }, 'Enrolment year: between 1990 and 2100'],
    ['status', { status: 'expelled' }, 'Choose a student status'],
  ])('refuses a bad %s', async (field, bad, msg) => {
    const res = await w.schoolAdmin.post('/apis-user/student/add', { ...good(), ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field, msg }]);
  });

  it('refuses an organisation that is not a class, and a class outside the scope', async () => {
    const grade = await w.schoolAdmin.post('/apis-user/student/add', { ...good(), classId: w.orgs.grade.id });
    expect(grade.statusCode).toBe(400);
    expect(grade.json().data).toEqual([{ field: 'classId', msg: 'Choose a class' }]);
    const other = await w.schoolAdmin.post('/apis-user/student/add', { ...good(), classId: w.classes.klassC.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such organisation');
  });

  it('refuses a student number already used in the school, but not in another school', async () => {
    const taken = await w.schoolAdmin.post('/apis-user/student/add', { ...good(), studentNo: 'A001' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Student number already exists');
    const elsewhere = await w.bureauAdmin.post('/apis-user/student/add', {
      ...good(),
      classId: w.classes.klassC.id,
      studentNo: 'A001',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('answers in Chinese for a Chinese reader', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/apis-user/student/add',
      headers: { 'x-authorization': w.schoolAdmin.token, 'accept-language': 'zh-CN' },
      payload: { ...good(), studentNo: 'A 1' },
    });
    expect(res.json().data).toEqual([{ field: 'studentNo', msg: '学号为 1-32 位字母或数字' }]);
  });
});

describe('changing a student', () => {
  it('updates details, refusing a taken number and bad values', async () => {
    const res = await w.schoolAdmin.post('/apis-user/student/update', {
      id: w.students.b1,
      name: '王五五',
      phone: null,
    });
    expect(res.json().data).toMatchObject({ name: '王五五', phone: null, studentNo: 'B001' });
    const taken = await w.schoolAdmin.post('/apis-user/student/update', { id: w.students.b1, studentNo: 'A002' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Student number already exists');
    const bad = await w.schoolAdmin.post('/apis-user/student/update', { id: w.students.b1, gender: 'x' });
    expect(bad.json().data).toEqual([{ field: 'gender', msg: 'Choose a gender' }]);
  });

  it('moves a student to another class, keeping the move in the audit log', async () => {
    const added = await w.schoolAdmin.post('/apis-user/student/add', { ...good(), studentNo: 'M001' });
    const id = added.json().data.id as number;
    const same = await w.schoolAdmin.post('/apis-user/student/move', { id, classId: w.classes.klassA.id });
    expect(same.json().data).toEqual([{ field: 'classId', msg: 'The student is already in this class' }]);
    const moved = await w.schoolAdmin.post('/apis-user/student/move', { id, classId: w.classes.klassB.id });
    expect(moved.json().data.class).toEqual({ id: w.classes.klassB.id, name: 'Class 7-2' });
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'moveStudent')
      .where('target_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(fromJson(entry.detail)).toMatchObject({ fromClassId: w.classes.klassA.id, toClassId: w.classes.klassB.id });
    const outside = await w.schoolAdmin.post('/apis-user/student/move', { id, classId: w.classes.klassC.id });
    expect(outside.statusCode).toBe(404);
  });

  it('changes the status, and removes only a student nothing refers to', async () => {
    const added = await w.schoolAdmin.post('/apis-user/student/add', { ...good(), studentNo: 'R001' });
    const id = added.json().data.id as number;
    const graduated = await w.schoolAdmin.post('/apis-user/student/status', { id, status: 'graduated' });
    expect(graduated.json().data.status).toBe('graduated');
    const bad = await w.schoolAdmin.post('/apis-user/student/status', { id, status: 'gone' });
    expect(bad.json().data).toEqual([{ field: 'status', msg: 'Choose a student status' }]);

    await t.db.kysely.updateTable('students').set({ user_id: w.schoolAdmin.user.id }).where('id', '=', id).execute();
    const refused = await w.schoolAdmin.post('/apis-user/student/remove', { id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This student has a bound account or records and cannot be removed; disable them instead',
    );
    await t.db.kysely.updateTable('students').set({ user_id: null }).where('id', '=', id).execute();
    expect((await w.schoolAdmin.post('/apis-user/student/remove', { id })).statusCode).toBe(200);
    expect((await w.schoolAdmin.get(`/apis-user/student/detail?id=${id}`)).statusCode).toBe(404);
  });
});

describe('listing', () => {
  it('filters by school, grade, class, status and name or number prefix', async () => {
    const list = async (body: object) => (await w.bureauAdmin.post('/apis-user/student/page', body)).json().data;
    const ofClassB = await list({ classId: w.classes.klassB.id });
    expect(ofClassB.list.map((s: { studentNo: string }) => s.studentNo)).toContain('B001');
    expect(ofClassB.list.every((s: { class: { id: number } }) => s.class.id === w.classes.klassB.id)).toBe(true);
    const ofOther = await list({ schoolId: w.orgs.otherSchool.id, gradeId: w.classes.otherGrade.id });
    expect(ofOther.list.every((s: { school: { id: number } }) => s.school.id === w.orgs.otherSchool.id)).toBe(true);
    expect((await list({ keyword: '李' })).list.map((s: { studentNo: string }) => s.studentNo)).toEqual(['A002']);
    expect((await list({ keyword: 'C00' })).list.map((s: { name: string }) => s.name)).toEqual(['赵六']);
    // LIKE's wildcards in a keyword are taken literally.
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect((await list({ status: 'suspended' })).total).toBe(0);
  });
});
