import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import type { BuiltUser } from '../../../../test/factories.ts';
import { buildUser } from '../../../../test/factories.ts';
import { buildStudentWorld, type StudentWorld } from '../students/fixtures.ts';

let t: TestApp;
let w: StudentWorld;
let unbound: BuiltUser;
let another: BuiltUser;

const base = '/apis-authz/auth/user';

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  unbound = await buildUser(t.db.kysely, { roleIds: [], identityId: 5 });
  another = await buildUser(t.db.kysely, { roleIds: [], identityId: 5 });
});
afterAll(() => t.close());

const identitiesOf = async (userId: number) =>
  (await t.db.kysely.selectFrom('user_identities').select('identity_id').where('user_id', '=', userId).execute()).map(
    (r) => r.identity_id,
  );

describe('an administrator binding accounts', () => {
  it('checks and binds: creates the account of a student who has none, then reports it', async () => {
    const first = await w.schoolAdmin.post(`${base}/checkAndBindUser`, { kind: 'student', rosterId: w.students.a1 });
    expect(first.json().data).toMatchObject({
      kind: 'student',
      rosterId: w.students.a1,
      account: `s${w.orgs.school.id}_A001`,
      created: true,
    });
    const user = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', first.json().data.userId)
      .executeTakeFirstOrThrow();
    expect(Boolean(user.default_pass)).toBe(true);
    expect(await identitiesOf(user.id)).toEqual([2]);
    const again = await w.schoolAdmin.post(`${base}/checkAndBindUser`, { kind: 'student', rosterId: w.students.a1 });
    expect(again.json().data).toMatchObject({ userId: user.id, created: false });
  });

  it('refuses entries outside the caller’s scope and callers without the permission', async () => {
    const outside = await w.otherSchoolAdmin.post(`${base}/checkAndBindUser`, {
      kind: 'student',
      rosterId: w.students.a1,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('No such student, teacher or parent');
    expect(
      (await w.classTeacher.post(`${base}/unbindAccount`, { kind: 'student', rosterId: w.students.a1 })).statusCode,
    ).toBe(403);
    const badKind = await w.schoolAdmin.post(`${base}/unbindAccount`, { kind: 'pupil', rosterId: 1 });
    expect(badKind.json().data).toEqual([{ field: 'kind', msg: 'Choose student, teacher or parent' }]);
  });

  it('binds an existing account, and refuses a second one or a bound entry', async () => {
    const res = await w.schoolAdmin.post(`${base}/bindAccount`, {
      kind: 'student',
      rosterId: w.students.a2,
      userId: unbound.id,
    });
    expect(res.json().data).toMatchObject({ userId: unbound.id, account: unbound.account });
    expect(await identitiesOf(unbound.id)).toEqual([2]);
    const bound = await w.schoolAdmin.post(`${base}/bindAccount`, {
      kind: 'student',
      rosterId: w.students.a2,
      userId: another.id,
    });
    expect(bound.statusCode).toBe(409);
    expect(bound.json().message).toBe('Already bound to another account: ask the administrator to release it');
    const second = await w.schoolAdmin.post(`${base}/bindAccount`, {
      kind: 'student',
      rosterId: w.students.b1,
      userId: unbound.id,
    });
    expect(second.json().message).toBe('That account already holds another student record');
    const stranger = await w.schoolAdmin.post(`${base}/bindAccount`, {
      kind: 'student',
      rosterId: w.students.b1,
      userId: w.otherSchoolAdmin.user.id,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('No such account');
  });

  it('transfers and unbinds, the account staying and losing the identity, and logs both', async () => {
    const moved = await w.schoolAdmin.post(`${base}/transferAccount`, {
      kind: 'student',
      rosterId: w.students.a2,
      toUserId: another.id,
    });
    expect(moved.json().data).toMatchObject({ userId: another.id });
    expect(await identitiesOf(unbound.id)).toEqual([5]);
    expect(await identitiesOf(another.id)).toEqual([2]);
    const released = await w.schoolAdmin.post(`${base}/unbindAccount`, { kind: 'student', rosterId: w.students.a2 });
    expect(released.json().data).toMatchObject({ userId: null });
    expect(await identitiesOf(another.id)).toEqual([5]);
    const notBound = await w.schoolAdmin.post(`${base}/unbindAccount`, { kind: 'student', rosterId: w.students.a2 });
    expect(notBound.statusCode).toBe(409);
    expect(notBound.json().message).toBe('No account is bound to this record');

    const log = await w.schoolAdmin.get(`${base}/bind/roster/log?kind=student&size=10`);
    const lines = log.json().data.list as Array<Record<string, unknown>>;
    expect(lines.slice(0, 3)).toMatchObject([
      {
        action: 'unbind',
        rosterId: w.students.a2,
        rosterName: '李四',
        userId: null,
        fromAccount: another.account,
        byAccount: w.schoolAdmin.user.account,
      },
      { action: 'transfer', userId: another.id, fromUserId: unbound.id },
      { action: 'bind', userId: unbound.id },
    ]);
    expect(log.json().data.total).toBe(4);
    const other = await w.otherSchoolAdmin.get(`${base}/bind/roster/log`);
    expect(other.json().data.total).toBe(0);
  });

  it('moves a teacher record between accounts and gives an unbound one back a fresh account', async () => {
    const added = await w.schoolAdmin.post('/apis-user/teacher/add', {
      schoolId: w.orgs.school.id,
      teacherNo: 'T7',
      name: 'Tess',
    });
    const teacherId = added.json().data.id as number;
    const placeholder = added.json().data.userId as number;
    const person = await buildUser(t.db.kysely, { roleIds: [], identityId: 5 });
    const bound = await w.schoolAdmin.post(`${base}/bindAccount`, {
      kind: 'teacher',
      rosterId: teacherId,
      userId: person.id,
    });
    expect(bound.json().data).toMatchObject({ userId: person.id });
    expect(await identitiesOf(person.id)).toEqual([1]);
    const old = await t.db.kysely
      .selectFrom('users')
      .select('status')
      .where('id', '=', placeholder)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe('disabled');
    await t.db.kysely.updateTable('users').set({ last_login_at: Date.now() }).where('id', '=', person.id).execute();
    const released = await w.schoolAdmin.post(`${base}/unbindAccount`, { kind: 'teacher', rosterId: teacherId });
    expect(released.statusCode).toBe(200);
    expect(await identitiesOf(person.id)).toEqual([5]);
    const record = await t.db.kysely
      .selectFrom('teachers')
      .select('user_id')
      .where('id', '=', teacherId)
      .executeTakeFirstOrThrow();
    expect(record.user_id).not.toBe(person.id);
  });
});
