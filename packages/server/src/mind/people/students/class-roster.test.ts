import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildOrg, buildUser } from '../../../../test/factories.ts';
import { fromJson } from '../../../platform/db/sql.ts';
import { buildSchoolWorld, type SchoolWorld } from '../../../portal/orgs/testing.ts';
import { insertStudents, placementOf } from './testing.ts';

let t: TestApp;
let w: SchoolWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildSchoolWorld(t);
});
afterAll(() => t.close());

describe('the students of a class node (org/student)', () => {
  it('lists the students of a class, and only of a class', async () => {
    const db = t.db.kysely;
    const klass = await buildOrg(db, { type: 'class', name: 'Class 7-9', parentId: w.orgs.grade.id });
    const [studentId] = await insertStudents(db, [
      { ...(await placementOf(db, klass.id)), name: 'Li Lei', student_no: 'S7901' },
    ]);
    await buildUser(db, { roleIds: [4], orgId: klass.id });
    const res = await w.schoolAdmin.get(`/apis-rbac/org/student?classId=${klass.id}`);
    expect(res.json().data).toMatchObject({
      total: 1,
      list: [{ id: studentId, account: 'S7901', nickname: 'Li Lei' }],
    });
    const notClass = await w.schoolAdmin.get(`/apis-rbac/org/student?classId=${w.orgs.grade.id}`);
    expect(notClass.json()).toMatchObject({ code: 400, message: 'Choose a class' });
    expect((await w.otherSchoolAdmin.get(`/apis-rbac/org/student?classId=${klass.id}`)).statusCode).toBe(404);
    // Reading a class's students is audited with who was listed; the refusal beside it too (decision 0050).
    const audited = (userId: number, action: string) =>
      db
        .selectFrom('audit_log')
        .select(['target_type', 'target_id', 'detail'])
        .where('user_id', '=', userId)
        .where('action', '=', action)
        .execute();
    const [read] = await audited(w.schoolAdmin.user.id, 'student.list');
    expect(fromJson<{ studentIds: number[] }>(read?.detail ?? '{}').studentIds).toEqual([studentId]);
    expect(await audited(w.otherSchoolAdmin.user.id, 'student.refused')).toEqual([
      expect.objectContaining({ target_type: 'org', target_id: String(klass.id) }),
    ]);
  });
});
