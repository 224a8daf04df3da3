import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildOrg, buildUser } from '../../../../test/factories.ts';
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
  });
});
