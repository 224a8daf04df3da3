import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildOrg } from '../../../../test/factories.ts';
import { buildSchoolWorld, type SchoolWorld } from '../../../portal/orgs/testing.ts';

let t: TestApp;
let w: SchoolWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
});
afterAll(() => t.close());

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

describe('adding a teacher', () => {
  it('creates the account with the default password, to be changed, and the staff identity at the school', async () => {
    const res = await addTeacher({ teacherNo: 'A100', name: 'Li Hua', phone: '13800000001', subject: 'Maths' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      teacherNo: 'A100',
      name: 'Li Hua',
      account: `t${w.orgs.school.id}_A100`,
      schoolName: 'First School',
      status: 'active',
      subject: 'Maths',
      classes: [],
    });
    const user = await t.db.kysely
      .selectFrom('users')
      .select(['default_pass', 'nickname', 'phone', 'status'])
      .where('id', '=', data.userId)
      .executeTakeFirstOrThrow();
    expect({ ...user, default_pass: Boolean(user.default_pass) }).toEqual({
      default_pass: true,
      nickname: 'Li Hua',
      phone: '13800000001',
      status: 'enabled',
    });
    const identity = await t.db.kysely
      .selectFrom('user_identities')
      .select(['identity_id', 'org_id'])
      .where('user_id', '=', data.userId)
      .execute();
    expect(identity).toEqual([{ identity_id: 1, org_id: w.orgs.school.id }]);
    const entry = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'addTeacher')
      .executeTakeFirstOrThrow();
    expect(entry.target_id).toBe(String(data.id));
  });

  it('says which rule each bad field breaks, in the reader language', async () => {
    const bad = await addTeacher({ name: '', teacherNo: 'A-1', phone: '12345', title: 'x'.repeat(31) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual([
      { field: 'teacherNo', msg: 'Teacher number: 1-32 letters or digits' },
      { field: 'name', msg: "Teacher's name: 1-30 characters" },
      { field: 'phone', msg: 'The phone number is not valid' },
      { field: 'title', msg: 'Job title: up to 30 characters' },
    ]);
    const long = await addTeacher({ name: 'x'.repeat(31), teacherNo: 'A'.repeat(33) });
    expect(long.json().data).toEqual([
      { field: 'teacherNo', msg: 'Teacher number: 1-32 letters or digits' },
      { field: 'name', msg: "Teacher's name: 1-30 characters" },
    ]);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/apis-user/teacher/add',
      headers: { 'x-authorization': w.schoolAdmin.token, 'accept-language': 'zh-CN' },
      payload: { schoolId: w.orgs.school.id, teacherNo: 'A1', name: '' },
    });
    expect(zh.json().data).toEqual([{ field: 'name', msg: '教师姓名为 1-30 个字符' }]);
  });

  it('refuses a number, account or phone already in use', async () => {
    const number = await addTeacher({ teacherNo: 'A100' });
    expect(number.statusCode).toBe(409);
    expect(number.json().message).toBe('A teacher of this school already has the number A100');
    const account = await addTeacher({ account: w.schoolAdmin.user.account });
    expect(account.json().message).toBe(
      `The account name ${w.schoolAdmin.user.account} is already in use; choose another`,
    );
    const phone = await addTeacher({ phone: '13800000001' });
    expect(phone.json().message).toBe('The phone number 13800000001 is already used by another account');
    // The same number at another school is another teacher.
    const elsewhere = await w.otherSchoolAdmin.post('/apis-user/teacher/add', {
      schoolId: w.orgs.otherSchool.id,
      teacherNo: 'A100',
      name: 'Wang Fang',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('places a teacher only in a school, and in a department of that school', async () => {
    const notSchool = await addTeacher({ schoolId: w.orgs.klass.id });
    expect(notSchool.json()).toMatchObject({ code: 400, message: 'A teacher belongs to a school; choose a school' });
    const otherDept = await buildOrg(t.db.kysely, { type: 'department', parentId: w.orgs.bureau.id });
    const dept = await w.bureauAdmin.post('/apis-user/teacher/add', {
      schoolId: w.orgs.school.id,
      teacherNo: 'D1',
      name: 'Zhao Lei',
      deptId: otherDept.id,
    });
    expect(dept.json()).toMatchObject({
      code: 400,
      message: "The chosen department is not one of the teacher's school",
    });
    const outside = await addTeacher({ schoolId: w.orgs.otherSchool.id });
    expect(outside.json()).toMatchObject({ code: 404, message: 'No such organisation' });
  });
});

describe('the data scope', () => {
  let mine: number;
  let theirs: number;
  beforeAll(async () => {
    mine = (await addTeacher({ teacherNo: 'S1', name: 'Scope Mine' })).json().data.id;
    theirs = (
      await w.otherSchoolAdmin.post('/apis-user/teacher/add', {
        schoolId: w.orgs.otherSchool.id,
        teacherNo: 'S2',
        name: 'Scope Theirs',
      })
    ).json().data.id;
  });

  it("keeps a school's administrator to their school's teachers", async () => {
    const page = await w.schoolAdmin.post('/apis-user/teacher/page', { keyword: 'Scope' });
    expect(page.json().data.list.map((r: { name: string }) => r.name)).toEqual(['Scope Mine']);
    const asked = await w.schoolAdmin.post('/apis-user/teacher/page', { schoolId: w.orgs.otherSchool.id });
    expect(asked.json().data.total).toBe(0);
    const read = await w.schoolAdmin.get(`/apis-user/teacher/detail?id=${theirs}`);
    expect(read.json()).toMatchObject({ code: 404, message: 'No such teacher' });
    const before = await teacherRow(theirs);
    const update = await w.schoolAdmin.post('/apis-user/teacher/update', { id: theirs, name: 'Taken over' });
    expect(update.statusCode).toBe(404);
    const remove = await w.schoolAdmin.post('/apis-user/teacher/remove', { id: theirs });
    expect(remove.statusCode).toBe(404);
    const reshuffle = await w.schoolAdmin.post('/apis-user/teacher/reshuffle/apply', {
      teacherId: theirs,
      kind: 'dimission',
      effectiveDate: '2026-09-01',
    });
    expect(reshuffle.statusCode).toBe(404);
    expect(await teacherRow(theirs)).toEqual(before);
  });

  it("lets the bureau see every school's teachers", async () => {
    const page = await w.bureauAdmin.post('/apis-user/teacher/page', { keyword: 'Scope' });
    expect(
      page
        .json()
        .data.list.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['Scope Mine', 'Scope Theirs']);
    const far = await w.platform.post('/apis-user/teacher/page', { keyword: 'Scope', schoolId: w.orgs.otherSchool.id });
    expect(far.json().data.total).toBe(1);
    expect((await w.bureauAdmin.get(`/apis-user/teacher/detail?id=${mine}`)).statusCode).toBe(200);
  });

  it('filters by psychology flag, status and keyword', async () => {
    const psy = (await addTeacher({ teacherNo: 'P9', name: 'Scope Psy', isPsychology: true })).json().data;
    const flagged = await w.schoolAdmin.post('/apis-user/teacher/page', { isPsychology: true });
    expect(flagged.json().data.list.map((r: { id: number }) => r.id)).toEqual([psy.id]);
    const byNumber = await w.schoolAdmin.post('/apis-user/teacher/page', { keyword: 'p9', status: 'active' });
    expect(byNumber.json().data.list.map((r: { id: number }) => r.id)).toEqual([psy.id]);
    const left = await w.schoolAdmin.post('/apis-user/teacher/page', { status: 'dimission' });
    expect(left.json().data.total).toBe(0);
  });

  it('changes a teacher and their account together', async () => {
    const res = await w.schoolAdmin.post('/apis-user/teacher/update', {
      id: mine,
      name: 'Scope Renamed',
      teacherNo: 'S1B',
    });
    expect(res.json().data).toMatchObject({ name: 'Scope Renamed', teacherNo: 'S1B' });
    const user = await t.db.kysely
      .selectFrom('users')
      .select('nickname')
      .where('id', '=', res.json().data.userId)
      .executeTakeFirstOrThrow();
    expect(user.nickname).toBe('Scope Renamed');
    const clash = await w.schoolAdmin.post('/apis-user/teacher/update', { id: mine, teacherNo: 'A100' });
    expect(clash.json().message).toBe('A teacher of this school already has the number A100');
  });
});
