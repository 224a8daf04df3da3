import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildOrg, buildUser } from '../../../../test/factories.ts';
import { buildSchoolWorld, type Caller, callerFor, type SchoolWorld } from '../../../portal/orgs/testing.ts';

let t: TestApp;
let w: SchoolWorld;
/** A second administrator of the first school: the one who decides what the first asks. */
let deputy: Caller;
let secondBureauAdmin: Caller;
let klass2: { id: number };
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
  deputy = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [2], orgId: w.orgs.school.id }));
  secondBureauAdmin = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [1], orgId: w.orgs.bureau.id }));
  klass2 = await buildOrg(t.db.kysely, { type: 'class', name: 'Class 7-3', parentId: w.orgs.grade.id });
});
afterAll(() => t.close());

const DEFAULT_PASSWORD = 'Meridian@2026';
let seq = 0;
async function teacherWithClass(classId: number) {
  const data = (
    await w.schoolAdmin.post('/apis-user/teacher/add', {
      schoolId: w.orgs.school.id,
      teacherNo: `R${++seq}`,
      name: `Reshuffled ${seq}`,
    })
  ).json().data as { id: number; userId: number; account: string };
  await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
    teacherId: data.id,
    headClassIds: [classId],
    subjectClasses: [],
  });
  return data;
}
const stateOf = async (teacherId: number) => {
  const row = await t.db.kysely
    .selectFrom('teachers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.status', 't.school_id', 'u.status as account'])
    .where('t.id', '=', teacherId)
    .executeTakeFirstOrThrow();
  const roles = await t.db.kysely
    .selectFrom('user_roles as ur')
    .innerJoin('teachers as t', 't.user_id', 'ur.user_id')
    .select('ur.role_id')
    .where('t.id', '=', teacherId)
    .execute();
  const classes = await t.db.kysely
    .selectFrom('class_teachers')
    .select('class_id')
    .where('teacher_id', '=', teacherId)
    .execute();
  return { ...row, roles: roles.map((r) => r.role_id), classes: classes.map((c) => c.class_id) };
};
const apply = (caller: Caller, body: Record<string, unknown>) =>
  caller.post('/apis-user/teacher/reshuffle/apply', { effectiveDate: '2026-09-01', ...body });

describe('a dimission, then a rehire', () => {
  it('disables the account, ends its sessions and takes its class on approval; a rehire enables it again', async () => {
    const teacher = await teacherWithClass(w.orgs.klass.id);
    const session = await callerFor(t, { id: teacher.userId, account: teacher.account, password: DEFAULT_PASSWORD });
    expect((await session.get('/apis-psychology/common/userRoleInfo')).statusCode).toBe(200);

    const asked = await apply(w.schoolAdmin, { teacherId: teacher.id, kind: 'dimission', reason: 'Moving away' });
    expect(asked.json().data).toMatchObject({ kind: 'dimission', status: 'pending', reason: 'Moving away' });
    const changeId = asked.json().data.id;
    const again = await apply(w.schoolAdmin, { teacherId: teacher.id, kind: 'retire' });
    expect(again.json()).toMatchObject({
      code: 409,
      message: 'This teacher already has a reshuffle request awaiting review',
    });

    const own = await w.schoolAdmin.post('/apis-user/teacher/reshuffle/audit', { id: changeId, approve: true });
    expect(own.json()).toMatchObject({ code: 403, message: 'You cannot decide a request you made yourself' });
    const elsewhere = await w.otherSchoolAdmin.post('/apis-user/teacher/reshuffle/audit', {
      id: changeId,
      approve: true,
    });
    expect(elsewhere.json()).toMatchObject({ code: 404, message: 'No such reshuffle request' });
    expect(await stateOf(teacher.id)).toMatchObject({ status: 'active', account: 'enabled', roles: [4] });

    const approved = await deputy.post('/apis-user/teacher/reshuffle/audit', {
      id: changeId,
      approve: true,
      remark: 'OK',
    });
    expect(approved.json().data).toMatchObject({ status: 'approved', remark: 'OK', decidedBy: deputy.user.id });
    expect(await stateOf(teacher.id)).toEqual({
      status: 'dimission',
      school_id: w.orgs.school.id,
      account: 'disabled',
      roles: [],
      classes: [],
    });
    const dead = await session.get('/apis-psychology/common/userRoleInfo');
    expect(dead.json().code).toBeGreaterThanOrEqual(10020);
    expect(dead.json().code).toBeLessThanOrEqual(10029);
    const twice = await deputy.post('/apis-user/teacher/reshuffle/audit', { id: changeId, approve: false });
    expect(twice.json()).toMatchObject({ code: 409, message: 'This request has already been decided' });

    const leaveAgain = await apply(w.schoolAdmin, { teacherId: teacher.id, kind: 'dimission' });
    expect(leaveAgain.json()).toMatchObject({
      code: 400,
      message: 'Only an active teacher can leave, retire or transfer',
    });
    const classes = await w.schoolAdmin.post('/apis-user/teacher/classes/set', {
      teacherId: teacher.id,
      headClassIds: [w.orgs.klass.id],
      subjectClasses: [],
    });
    expect(classes.json()).toMatchObject({ code: 400, message: 'This teacher is not active; rehire them first' });

    const rehire = await apply(deputy, { teacherId: teacher.id, kind: 'rehire' });
    await w.schoolAdmin.post('/apis-user/teacher/reshuffle/audit', { id: rehire.json().data.id, approve: true });
    expect(await stateOf(teacher.id)).toMatchObject({ status: 'active', account: 'enabled' });

    const history = await w.schoolAdmin.post('/apis-user/teacher/reshuffle/page', { teacherId: teacher.id });
    expect(history.json().data.list.map((r: { kind: string; status: string }) => [r.kind, r.status])).toEqual([
      ['rehire', 'approved'],
      ['dimission', 'approved'],
    ]);
    const actions = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'teacher')
      .where('target_id', '=', String(teacher.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'addTeacher',
      'setTeacherClasses',
      'applyTeacherChange',
      'decideTeacherChange',
      'applyTeacherChange',
      'decideTeacherChange',
    ]);
  });

  it('refuses a rehire of an active teacher, and a rejection changes nothing', async () => {
    const teacher = await teacherWithClass(klass2.id);
    const rehire = await apply(w.schoolAdmin, { teacherId: teacher.id, kind: 'rehire' });
    expect(rehire.json()).toMatchObject({
      code: 400,
      message: 'Only a teacher who has left or retired can be rehired',
    });
    const retire = await apply(w.schoolAdmin, { teacherId: teacher.id, kind: 'retire' });
    const rejected = await deputy.post('/apis-user/teacher/reshuffle/audit', {
      id: retire.json().data.id,
      approve: false,
      remark: 'Not yet',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', remark: 'Not yet' });
    expect(await stateOf(teacher.id)).toMatchObject({
      status: 'active',
      account: 'enabled',
      roles: [4],
      classes: [klass2.id],
    });
    const pending = await apply(w.schoolAdmin, { teacherId: teacher.id, kind: 'retire' });
    const page = await deputy.post('/apis-user/teacher/reshuffle/page', { teacherId: teacher.id });
    expect(page.json().data.list.map((r: { status: string }) => r.status)).toEqual(['pending', 'rejected']);
    const onlyPending = await deputy.post('/apis-user/teacher/reshuffle/page', { status: 'pending' });
    expect(onlyPending.json().data.list.map((r: { id: number }) => r.id)).toContain(pending.json().data.id);
    const notSeen = await w.otherSchoolAdmin.post('/apis-user/teacher/reshuffle/page', {});
    expect(notSeen.json().data.total).toBe(0);
  });
});

describe('a transfer', () => {
  it('moves the teacher and their staff identity to the new school and leaves their classes behind', async () => {
    const teacher = await teacherWithClass(w.orgs.klass.id);
    const same = await apply(w.bureauAdmin, { teacherId: teacher.id, kind: 'transfer', toSchoolId: w.orgs.school.id });
    expect(same.json()).toMatchObject({ code: 400, message: 'The teacher is already at that school' });
    const far = await apply(w.bureauAdmin, {
      teacherId: teacher.id,
      kind: 'transfer',
      toSchoolId: w.orgs.farSchool.id,
    });
    expect(far.json()).toMatchObject({ code: 404, message: 'No such organisation' });
    const asked = await apply(w.bureauAdmin, {
      teacherId: teacher.id,
      kind: 'transfer',
      toSchoolId: w.orgs.otherSchool.id,
    });
    expect(asked.json().data).toMatchObject({ toSchoolId: w.orgs.otherSchool.id, toSchoolName: 'Second School' });
    await secondBureauAdmin.post('/apis-user/teacher/reshuffle/audit', { id: asked.json().data.id, approve: true });
    expect(await stateOf(teacher.id)).toEqual({
      status: 'active',
      school_id: w.orgs.otherSchool.id,
      account: 'enabled',
      roles: [],
      classes: [],
    });
    const identity = await t.db.kysely
      .selectFrom('user_identities')
      .select('org_id')
      .where('user_id', '=', teacher.userId)
      .execute();
    expect(identity).toEqual([{ org_id: w.orgs.otherSchool.id }]);
    expect((await w.schoolAdmin.get(`/apis-user/teacher/detail?id=${teacher.id}`)).statusCode).toBe(404);
    expect((await w.otherSchoolAdmin.get(`/apis-user/teacher/detail?id=${teacher.id}`)).statusCode).toBe(200);
    // Both schools keep the request in their history.
    const old = await w.schoolAdmin.post('/apis-user/teacher/reshuffle/page', { kind: 'transfer' });
    expect(old.json().data.total).toBe(1);
    const next = await w.otherSchoolAdmin.post('/apis-user/teacher/reshuffle/page', { kind: 'transfer' });
    expect(next.json().data.total).toBe(1);
  });
});

describe('the rules of a request', () => {
  it('says which field is wrong', async () => {
    const bad = await w.schoolAdmin.post('/apis-user/teacher/reshuffle/apply', {
      teacherId: 1,
      kind: 'dimission',
      effectiveDate: '2026-02-30x',
      reason: 'x'.repeat(201),
    });
    expect(bad.json().data).toEqual([
      { field: 'reason', msg: 'Reason: up to 200 characters' },
      { field: 'effectiveDate', msg: 'Effective date: a date written YYYY-MM-DD' },
    ]);
    const noSchool = await w.schoolAdmin.post('/apis-user/teacher/reshuffle/apply', {
      teacherId: 1,
      kind: 'dimission',
      effectiveDate: '2026-02-30',
    });
    expect(noSchool.json().data).toEqual([
      { field: 'effectiveDate', msg: 'Effective date: a date written YYYY-MM-DD' },
    ]);
    const missing = await w.schoolAdmin.post('/apis-user/teacher/reshuffle/apply', {
      teacherId: 1,
      kind: 'transfer',
      effectiveDate: '2026-09-01',
    });
    expect(missing.json().data).toEqual([
      { field: 'toSchoolId', msg: 'A transfer needs the school the teacher moves to' },
    ]);
    const remark = await deputy.post('/apis-user/teacher/reshuffle/audit', {
      id: 1,
      approve: true,
      remark: 'x'.repeat(201),
    });
    expect(remark.json().data).toEqual([{ field: 'remark', msg: 'Remark: up to 200 characters' }]);
  });

  it('is refused to a role without the reshuffle and audit permissions', async () => {
    const headOf = await callerFor(t, await buildUser(t.db.kysely, { roleIds: [4], orgId: klass2.id }));
    const res = await apply(headOf, { teacherId: 1, kind: 'dimission' });
    expect(res.statusCode).toBe(403);
    const decide = await headOf.post('/apis-user/teacher/reshuffle/audit', { id: 1, approve: true });
    expect(decide.statusCode).toBe(403);
  });
});
