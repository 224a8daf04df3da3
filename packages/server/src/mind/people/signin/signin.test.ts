import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildStudentWorld, idCardFor, type StudentWorld } from '../students/fixtures.ts';

let t: TestApp;
let w: StudentWorld;
let account: string;
/** 李四's ID card ends in a check character: the suffix a student types. */
const suffix = idCardFor('20120304').slice(-6);

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  const bound = await w.schoolAdmin.post('/apis-authz/auth/user/checkAndBindUser', {
    kind: 'student',
    rosterId: w.students.a2,
  });
  expect(bound.statusCode, bound.body).toBe(200);
  account = bound.json().data.account;
}, 90_000);
afterAll(() => t.close());

// Waits pass by moving the clock, never by sleeping.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 10, 28, 8) + seq * 3_600_000);
});
afterEach(() => vi.useRealTimers());

let seq = 0;
const address = () => `10.70.${++seq}.1`;

const signIn = (body: object, ip: string, lang: 'en' | 'zh-CN' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/apis-authz/authz/login/studentNo',
    payload: body,
    headers: { 'accept-language': lang },
    remoteAddress: ip,
  });
const setting = (on: boolean, schoolId = w.orgs.school.id) =>
  w.schoolAdmin.call('PUT', `/apis-psychology/school/signIn/${schoolId}`, { studentNoSignIn: on });

describe('student-number sign-in', () => {
  it('is refused while the school has not turned it on, and offers no school', async () => {
    const refused = await signIn({ schoolId: w.orgs.school.id, studentNo: 'A002', idSuffix: suffix }, address());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This school does not allow sign-in with a student number; use your account and password',
    );
    const schools = await t.app.inject({ method: 'GET', url: '/api/apis-authz/authz/login/studentNo/schools' });
    expect(schools.json().data).toEqual([]);
    // The school administrator sees the setting off, and another school's is not theirs to set.
    expect((await w.schoolAdmin.get('/apis-psychology/school/signIn')).json().data).toEqual([
      { schoolId: w.orgs.school.id, schoolName: 'First School', studentNoSignIn: false },
    ]);
    expect((await setting(true, w.orgs.otherSchool.id)).statusCode).toBe(404);
  });

  it('opens the student’s own session once on, with the ID card’s X in either case', async () => {
    expect((await setting(true)).json().data.studentNoSignIn).toBe(true);
    const schools = await t.app.inject({ method: 'GET', url: '/api/apis-authz/authz/login/studentNo/schools' });
    expect(schools.json().data).toEqual([{ id: w.orgs.school.id, name: 'First School' }]);

    const ok = await signIn(
      { schoolId: w.orgs.school.id, studentNo: ' A002 ', idSuffix: suffix.toLowerCase() },
      address(),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const { token, user } = ok.json().data;
    expect(user).toMatchObject({ identityId: 2, defaultPass: true });
    // The normal session of the student: it reads their own info.
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: { 'x-authorization': token },
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ account: user.account });
  });

  it('answers a wrong suffix, an unknown number and a student of another school alike', async () => {
    await setting(true);
    const ip = address();
    const answers = await Promise.all([
      signIn({ schoolId: w.orgs.school.id, studentNo: 'A002', idSuffix: '000000' }, ip),
      signIn({ schoolId: w.orgs.school.id, studentNo: 'NOPE', idSuffix: suffix }, address()),
      // 张三 has no account and no ID card.
      signIn({ schoolId: w.orgs.school.id, studentNo: 'A001', idSuffix: '000000' }, address()),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Wrong student number or ID-card suffix');
    }
    const zh = await signIn({ schoolId: w.orgs.school.id, studentNo: 'A002', idSuffix: '12345' }, ip, 'zh-CN');
    expect(zh.json().data).toEqual([{ field: 'idSuffix', msg: '请输入身份证号后六位（最后一位可为 X）' }]);
  });

  it('slows and locks wrong suffixes like wrong passwords, on the same counters', async () => {
    await setting(true);
    const ip = address();
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(Date.now() + 6_000);
      answers.push(
        (await signIn({ schoolId: w.orgs.school.id, studentNo: 'A002', idSuffix: '000000' }, ip)).json().message,
      );
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Wrong student number or ID-card suffix'));
    expect(answers[4]).toBe('Too many attempts: the account is locked, try again in 15 min');
    // The right suffix does not get through the lock, and neither does switching to the password form.
    const locked = await signIn({ schoolId: w.orgs.school.id, studentNo: 'A002', idSuffix: suffix }, ip, 'zh-CN');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('尝试次数过多，账号已锁定，请 15 分钟后再试');
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/authz/login',
      payload: { account, password: 'Whatever#1' },
      headers: { 'accept-language': 'en' },
      remoteAddress: ip,
    });
    expect(password.json().message).toBe('Too many attempts: the account is locked, try again in 15 min');
    vi.setSystemTime(Date.now() + 15 * 60_000);
    expect((await signIn({ schoolId: w.orgs.school.id, studentNo: 'A002', idSuffix: suffix }, ip)).statusCode).toBe(
      200,
    );
  });

  it('stops when the school turns it off again', async () => {
    await setting(false);
    const refused = await signIn({ schoolId: w.orgs.school.id, studentNo: 'A002', idSuffix: suffix }, address());
    expect(refused.statusCode).toBe(403);
  });
});
