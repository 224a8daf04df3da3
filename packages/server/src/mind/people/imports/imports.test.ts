import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { as } from '../../../../test/factories.ts';
import { buildStudentWorld, idCardFor, type StudentWorld } from '../students/fixtures.ts';
import { type Row, sheetOf, upload, workbook } from './testing.ts';

let t: TestApp;
let w: StudentWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

const STUDENT_HEADER = [
  'Campus',
  '*Grade',
  '*Class',
  '*Name',
  '*Student number',
  '*Gender',
  'Birthday',
  'ID card number',
  'Phone',
  'Enrolment year',
  'Parent name',
  'Parent phone',
  'Relation',
];
const TEACHER_HEADER = [
  '*Teacher number',
  '*Name',
  'Gender',
  'Phone',
  'Department',
  'Subject',
  'Title',
  'Psychology teacher',
];
const ORG_HEADER = ['Campus', '*Grade', '*Class'];

const count = async (table: 'students' | 'teachers' | 'parents' | 'orgs') =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

describe('importing a whole school', () => {
  it('takes its classes, 50 teachers and 300 students with parents, and lists them', async () => {
    const admin = w.otherSchoolAdmin;
    const school = w.orgs.otherSchool.id;
    const classes: Row[] = [];
    for (const [campus, grade] of [
      ['North Campus', 'Grade 1'],
      ['South Campus', 'Grade 2'],
    ]) {
      for (let c = 1; c <= 3; c++) classes.push([campus ?? '', grade ?? '', `${grade} class ${c}`]);
    }
    const orgs = await upload(t, admin, 'org', workbook(ORG_HEADER, classes), school);
    expect(orgs.json()).toMatchObject({ code: 200, data: { imported: 6, created: 10 } });

    const teachers: Row[] = Array.from({ length: 50 }, (_, i) => [
      `T${String(i).padStart(3, '0')}`,
      `Teacher ${i}`,
      i % 2 ? '女' : 'male',
      `137${String(i).padStart(8, '0')}`,
      '',
      'Maths',
      '',
      i === 0 ? 'Yes' : 'No',
    ]);
    const imported = await upload(t, admin, 'teacher', workbook(TEACHER_HEADER, teachers), school);
    expect(imported.json()).toMatchObject({ code: 200, data: { imported: 50 } });

    const students: Row[] = Array.from({ length: 300 }, (_, i) => {
      const [campus, grade] = i < 150 ? ['North Campus', 'Grade 1'] : ['South Campus', 'Grade 2'];
      // Every tenth pair are siblings: one parent (one phone) for both.
      const parentPhone = `139${String(i % 10 === 1 ? i - 1 : i).padStart(8, '0')}`;
      return [
        campus,
        grade,
        `${grade} class ${(i % 3) + 1}`,
        `Student ${i}`,
        `S${String(i).padStart(4, '0')}`,
        i % 2 ? '女' : '男',
        '2013-05-01',
        idCardFor('20130501', String(i).padStart(3, '0')),
        '',
        2025,
        `Parent ${i}`,
        parentPhone,
        i % 2 ? '母亲' : 'father',
      ];
    });
    const started = Date.now();
    const res = await upload(t, admin, 'student', workbook(STUDENT_HEADER, students), school);
    expect(res.json()).toMatchObject({ code: 200, data: { imported: 300 } });
    expect(Date.now() - started).toBeLessThan(20_000);

    const listed = await admin.post('/apis-user/student/page', { schoolId: school, size: 10 });
    // The 300 and the one student the school already had.
    expect(listed.json().data.total).toBe(301);
    const teacherList = await admin.post('/apis-user/teacher/page', { schoolId: school, size: 10 });
    expect(teacherList.json().data.total).toBe(50);
    const parents = await admin.post('/apis-user/parent/page', { schoolId: school, size: 10 });
    expect(parents.json().data.total).toBe(270);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'import%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['importOrgs', 'importStudents', 'importTeachers']);

    // Every imported teacher holds an account with the default password, hashed once for the file.
    const accounts = await t.db.kysely
      .selectFrom('users')
      .select(['password_hash', 'default_pass'])
      .where('account', 'like', `t${school}_%`)
      .execute();
    expect(accounts).toHaveLength(50);
    expect(new Set(accounts.map((a) => a.password_hash)).size).toBe(1);
    expect(accounts.every((a) => Boolean(a.default_pass))).toBe(true);
  });

  it('adds parents to students already there from a parent sheet', async () => {
    const header = ['*Student number', 'Student name', '*Parent name', '*Parent phone', '*Relation'];
    const res = await upload(
      t,
      w.otherSchoolAdmin,
      'parent',
      workbook(header, [['S0002', 'Student 2', 'Grandma', '13600000001', 'guardian']]),
      w.orgs.otherSchool.id,
    );
    expect(res.json()).toMatchObject({ code: 200, data: { imported: 1, created: 1 } });
    const again = await upload(
      t,
      w.otherSchoolAdmin,
      'parent',
      workbook(header, [
        ['S0002', 'Student 2', 'Grandma', '13600000001', 'guardian'],
        ['S9999', '', 'Nobody', '13600000002', 'other'],
        ['S0003', 'Wrong Name', 'X', '13600000003', 'other'],
      ]),
      w.orgs.otherSchool.id,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().data).toEqual([
      { row: 2, field: 'studentNo', msg: 'This parent is already linked to this student' },
      { row: 3, field: 'studentNo', msg: 'No student of this school has this number' },
      { row: 4, field: 'studentName', msg: 'No student of this school has this number' },
    ]);
  });
});

describe('a file with bad rows', () => {
  it('reports each row and field and writes nothing', async () => {
    const before = await count('students');
    const rows: Row[] = [
      ['East Campus', 'Grade 7', 'Class 7-1', 'Good', 'N001', 'male'],
      ['East Campus', 'Grade 7', 'Class 7-1', '', 'N002', 'male'],
      ['East Campus', 'Grade 7', 'Class 7-1', 'Bad gender', 'N003', 'x'],
      ['East Campus', 'Grade 7', 'Class 9-9', 'No class', 'N004', 'female'],
      ['East Campus', 'Grade 7', 'Class 7-1', 'Repeat', 'N001', 'female'],
      ['East Campus', 'Grade 7', 'Class 7-1', 'Taken', 'A001', 'female'],
      ['East Campus', 'Grade 7', 'Class 7-1', 'Bad card', 'N007', 'female', '', '110105201203041234'],
      ['East Campus', 'Grade 7', 'Class 7-1', 'Bad parent', 'N008', 'female', '', '', '', '', 'Mum', '12345', 'aunt'],
    ];
    const res = await upload(t, w.schoolAdmin, 'student', workbook(STUDENT_HEADER, rows), w.orgs.school.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Some rows are not valid; nothing was imported');
    expect(res.json().data).toEqual([
      { row: 3, field: 'name', msg: 'is required' },
      { row: 4, field: 'gender', msg: 'Choose a gender' },
      { row: 5, field: 'class', msg: 'No such class in this school' },
      { row: 6, field: 'studentNo', msg: 'Repeats row 2 of this file' },
      { row: 7, field: 'studentNo', msg: 'A student of this school already has this number' },
      { row: 8, field: 'idCard', msg: 'The ID card number is not valid: 18 characters with a correct check digit' },
      { row: 9, field: 'parentPhone', msg: 'The phone number is not valid' },
      {
        row: 9,
        field: 'relation',
        msg: 'Choose the relation to the student: father, mother, guardian or other',
      },
    ]);
    expect(await count('students')).toBe(before);
  });

  it('reports repeated teacher numbers and phones, in the file and already taken', async () => {
    await upload(
      t,
      w.schoolAdmin,
      'teacher',
      workbook(TEACHER_HEADER, [['K1', 'Kim', '', '13500000001']]),
      w.orgs.school.id,
    );
    const before = await count('teachers');
    const res = await upload(
      t,
      w.schoolAdmin,
      'teacher',
      workbook(TEACHER_HEADER, [
        ['K1', 'Again', '', '13500000002'],
        ['K2', 'Lee', '', '13500000001'],
        ['K3', 'Ma', '', '13500000003', 'No such dept', '', '', 'maybe'],
        ['K3', 'Ma', '', '13500000003'],
      ]),
      w.orgs.school.id,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { row: 2, field: 'teacherNo', msg: 'A teacher of this school already has this number' },
      { row: 3, field: 'phone', msg: 'Another account already uses this phone' },
      { row: 4, field: 'isPsychology', msg: 'Write Yes or No' },
      { row: 4, field: 'dept', msg: 'No such department in this school' },
      { row: 5, field: 'teacherNo', msg: 'Repeats row 4 of this file' },
      { row: 5, field: 'phone', msg: 'Repeats row 4 of this file' },
    ]);
    expect(await count('teachers')).toBe(before);
  });

  it('refuses a class that already exists in an organisation sheet', async () => {
    const res = await upload(
      t,
      w.schoolAdmin,
      'org',
      workbook(ORG_HEADER, [
        ['East Campus', 'Grade 7', 'Class 7-1'],
        ['', 'Grade 9', ''],
      ]),
      w.orgs.school.id,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { row: 2, field: 'class', msg: 'This class already exists' },
      { row: 3, field: 'class', msg: 'is required' },
    ]);
  });
});

describe('templates and exports', () => {
  it('gives each template with headers in the caller’s language and an example row', async () => {
    for (const [lang, first] of [
      ['en', 'Campus'],
      ['zh-CN', '校区'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/apis-user/student/import/template',
        headers: { 'x-authorization': w.schoolAdmin.token, 'accept-language': lang },
      });
      const grid = sheetOf(res.rawPayload);
      expect(grid[0]?.[0]).toBe(first);
      expect(grid[0]?.[1]).toBe(lang === 'en' ? '*Grade' : '*年级');
      expect(grid).toHaveLength(2);
    }
    const teacher = await t.app.inject({
      method: 'GET',
      url: '/api/apis-user/teacher/import/template',
      headers: as(w.schoolAdmin.token),
    });
    expect(sheetOf(teacher.rawPayload)[0]?.[0]).toBe('*Teacher number');
  });

  it('lets a class teacher export only the students of their class, and audits it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/apis-user/student/export',
      headers: as(w.classTeacher.token),
    });
    expect(res.statusCode).toBe(200);
    const grid = sheetOf(res.rawPayload);
    expect(grid[0]?.[4]).toBe('Name');
    expect(
      grid
        .slice(1)
        .map((r) => r[5])
        .sort(),
    ).toEqual(['A001', 'A002']);
    // A class teacher may not edit students, so the ID card leaves masked.
    expect(String(grid[2]?.[8])).toMatch(/^1101\*+/);
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select('user_id')
      .where('action', '=', 'exportStudents')
      .execute();
    expect(logged.map((l) => l.user_id)).toContain(w.classTeacher.user.id);
  });

  it('exports the teachers and parents of the caller’s school', async () => {
    const teachers = await t.app.inject({
      method: 'GET',
      url: `/api/apis-user/teacher/export?schoolId=${w.orgs.otherSchool.id}`,
      headers: as(w.otherSchoolAdmin.token),
    });
    expect(sheetOf(teachers.rawPayload)).toHaveLength(51);
    const parents = await t.app.inject({
      method: 'GET',
      url: '/api/apis-user/parent/export',
      headers: as(w.otherSchoolAdmin.token),
    });
    // 300 children of 270 parents, and Grandma's second grandchild link.
    expect(sheetOf(parents.rawPayload)).toHaveLength(1 + 301);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/apis-user/teacher/export',
      headers: as(w.schoolAdmin.token),
    });
    expect(
      sheetOf(other.rawPayload)
        .slice(1)
        .every((r) => r[0] === 'First School'),
    ).toBe(true);
  });

  it('takes each teacher’s WeChat openid, checked, and the export writes it (decision 0156)', async () => {
    const header = [...TEACHER_HEADER, 'Account', 'WeChat openid'];
    const openid = 'oX3Uw5Hk2-Lm9_Qa7ZpR4tYc1Ve9';
    const before = await count('teachers');
    // Number, name, phone and openid of each row; the other columns are left blank.
    const teachersWith = (rows: string[][]) =>
      upload(
        t,
        w.schoolAdmin,
        'teacher',
        workbook(
          header,
          rows.map(([no, name, phone, id]) => [no ?? '', name ?? '', '', phone ?? '', '', '', '', 'No', '', id ?? '']),
        ),
        w.orgs.school.id,
      );
    const refused = await teachersWith([
      ['W1', 'Wang', '13500000021', openid],
      ['W2', 'Wu', '13500000022', 'o 12 not an openid'],
      ['W3', 'Wei', '13500000023', openid],
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toEqual([
      { row: 3, field: 'wechatOpenid', msg: 'WeChat openid: 20-40 letters, digits, - or _' },
      { row: 4, field: 'wechatOpenid', msg: 'Repeats row 2 of this file' },
    ]);
    expect(await count('teachers')).toBe(before);

    const imported = await teachersWith([
      ['W1', 'Wang', '13500000021', openid],
      ['W2', 'Wu', '13500000022', ''],
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    const listed = await w.schoolAdmin.post('/apis-user/teacher/page', { schoolId: w.orgs.school.id, keyword: 'W1' });
    expect(listed.json().data.list[0]).toMatchObject({ name: 'Wang', wechatOpenid: openid });

    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/apis-user/teacher/export?schoolId=${w.orgs.school.id}`,
      headers: as(w.schoolAdmin.token),
    });
    const [head, ...rows] = sheetOf(exported.rawPayload);
    const column = head?.indexOf('WeChat openid') ?? -1;
    expect(column).toBe(11);
    expect(rows.find((r) => r[1] === 'W1')?.[column]).toBe(openid);
    expect(rows.find((r) => r[1] === 'W2')?.[column]).toBeUndefined();
  });
});
