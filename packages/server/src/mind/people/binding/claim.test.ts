import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { type Caller, callerFor } from '../../../portal/orgs/testing.ts';
import { buildStudentWorld, type StudentWorld } from '../students/fixtures.ts';

let t: TestApp;
let w: StudentWorld;
let teacherId: number;

const unboundCaller = async (phone?: string): Promise<Caller> =>
  callerFor(t, await buildUser(t.db.kysely, { roleIds: [], identityId: 5, ...(phone ? { phone } : {}) }));

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  const added = await w.schoolAdmin.post('/apis-user/teacher/add', {
    schoolId: w.orgs.school.id,
    teacherNo: 'T100',
    name: '王老师',
    phone: '13712345678',
  });
  teacherId = added.json().data.id;
});
afterAll(() => t.close());

const NO_MATCH = 'The details do not match our records; check them and try again';
const TAKEN = 'Already bound to another account: ask the administrator to release it';

describe('an unbound account claiming its teacher record', () => {
  it('finds the teacher by school and name, phone masked', async () => {
    const me = await unboundCaller();
    const res = await me.get(
      `/apis-authz/auth/user/queryTeacher?schoolId=${w.orgs.school.id}&name=${encodeURIComponent('王老师')}`,
    );
    expect(res.json().data).toEqual([
      { teacherId, name: '王老师', schoolName: 'First School', phone: '137****5678', bound: false },
    ]);
  });

  it('refuses a wrong name or wrong phone digits with one sentence, then binds and becomes identity 1', async () => {
    const me = await unboundCaller();
    const url = '/apis-authz/auth/user/bind/teacher/name';
    const wrongDigits = await me.post(url, { teacherId, name: '王老师', phoneLast4: '0000' });
    expect(wrongDigits.statusCode).toBe(400);
    expect(wrongDigits.json().message).toBe(NO_MATCH);
    const wrongName = await me.post(url, { teacherId, name: '李老师', phoneLast4: '5678' });
    expect(wrongName.json().message).toBe(NO_MATCH);
    const missing = await me.post(url, { teacherId, name: '王老师' });
    expect(missing.json().data).toEqual([
      { field: 'phoneLast4', msg: 'Enter the last 4 digits of the phone or the teacher number' },
    ]);
    expect((await me.post('/apis-authz/auth/user/queryInfo')).json().data.identityId).toBe(5);

    const bound = await me.post(url, { teacherId, name: '王老师', phoneLast4: '5678' });
    expect(bound.json()).toMatchObject({ code: 200, data: { kind: 'teacher', rosterId: teacherId, identityId: 1 } });
    expect((await me.post('/apis-authz/auth/user/queryInfo')).json().data.identityId).toBe(1);
    const record = await t.db.kysely
      .selectFrom('teachers')
      .select('user_id')
      .where('id', '=', teacherId)
      .executeTakeFirst();
    expect(record?.user_id).toBe(me.user.id);
    // Bound now, but with no role until the school grants one; and no second record to claim.
    expect((await me.post('/apis-user/teacher/page', {})).statusCode).toBe(403);
    const again = await me.post('/apis-authz/auth/user/bind/student/account', {
      schoolId: w.orgs.school.id,
      studentNo: 'A002',
      name: '李四',
      idCardLast6: '123456',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('Only an account not yet bound can claim a teacher or student record');
  });

  it('refuses a record someone already uses', async () => {
    // The first claimant signs in with their account: the record is in use.
    const first = await t.db.kysely
      .selectFrom('teachers')
      .select('user_id')
      .where('id', '=', teacherId)
      .executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('users').set({ last_login_at: Date.now() }).where('id', '=', first.user_id).execute();
    const late = await unboundCaller();
    const res = await late.post('/apis-authz/auth/user/bind/teacher/account', {
      schoolId: w.orgs.school.id,
      teacherNo: 'T100',
      name: '王老师',
      phoneLast4: '5678',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TAKEN);
  });
});

describe('student and child accounts', () => {
  const student = () => ({ schoolId: w.orgs.school.id, studentNo: 'A002', name: '李四', idCardLast6: '' });
  const last6 = async () => {
    const row = await t.db.kysely
      .selectFrom('students')
      .select('id_card')
      .where('id', '=', w.students.a2)
      .executeTakeFirstOrThrow();
    return String(row.id_card).slice(-6);
  };

  it('lets a student account claim its entry with the ID card’s last digits, once', async () => {
    const me = await unboundCaller();
    const url = '/apis-authz/auth/user/bind/student/account';
    const wrong = await me.post(url, { ...student(), idCardLast6: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(NO_MATCH);
    const malformed = await me.post(url, { ...student(), idCardLast6: '12' });
    expect(malformed.json().data).toEqual([
      { field: 'idCardLast6', msg: 'Enter the last 6 characters of the ID card number' },
    ]);
    const ok = await me.post(url, { ...student(), idCardLast6: await last6() });
    expect(ok.json().data).toEqual({ kind: 'student', rosterId: w.students.a2, identityId: 2 });
    const identities = await t.db.kysely
      .selectFrom('user_identities')
      .select(['identity_id', 'org_id'])
      .where('user_id', '=', me.user.id)
      .execute();
    expect(identities).toEqual([{ identity_id: 2, org_id: w.classes.klassA.id }]);
    const other = await unboundCaller();
    const taken = await other.post(url, { ...student(), idCardLast6: await last6() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(TAKEN);
  });

  it('lets a parent account add a child, creating its parent record, and not twice', async () => {
    const mum = await unboundCaller('13600001111');
    const url = '/apis-authz/auth/user/bind/child/account';
    const body = { ...student(), idCardLast6: await last6(), relation: 'mother' };
    const wrong = await mum.post(url, { ...body, name: '李五' });
    expect(wrong.json().message).toBe(NO_MATCH);
    const ok = await mum.post(url, body);
    expect(ok.json().data).toMatchObject({ kind: 'parent', identityId: 3 });
    const parent = await t.db.kysely
      .selectFrom('parents')
      .selectAll()
      .where('user_id', '=', mum.user.id)
      .executeTakeFirstOrThrow();
    expect(parent).toMatchObject({ phone: '13600001111', school_id: w.orgs.school.id });
    const twice = await mum.post(url, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This child is already linked to your account');
    const noPhone = await unboundCaller();
    const refused = await noPhone.post(url, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Add a phone number to your account in the account center first');
  });

  it('slows down someone guessing, like sign-in', async () => {
    const guesser = await unboundCaller();
    const url = '/apis-authz/auth/user/bind/student/account';
    for (let i = 0; i < 3; i++)
      expect((await guesser.post(url, { ...student(), idCardLast6: `00000${i}` })).statusCode).toBe(400);
    const slowed = await guesser.post(url, { ...student(), idCardLast6: '000009' });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/^Please try again after \d+ s$/);
  });
});
