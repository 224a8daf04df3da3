import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { buildStudentWorld, idCardFor, type StudentWorld } from '../students/fixtures.ts';
import { insertStudents, placementOf } from '../students/testing.ts';

let t: TestApp;
let w: StudentWorld;
let unboundAccount: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  const db = t.db.kysely;
  // Planted: a second student with 李四's ID card, a parent with no child, and class B disabled.
  await insertStudents(db, [
    {
      ...(await placementOf(db, w.classes.klassB.id)),
      name: '李四二',
      student_no: 'B002',
      id_card: idCardFor('20120304'),
    },
  ]);
  const at = Date.now();
  await db
    .insertInto('parents')
    .values({
      school_id: w.orgs.school.id,
      name: 'Lonely',
      phone: '13311112222',
      user_id: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db.updateTable('orgs').set({ status: 'disabled' }).where('id', '=', w.classes.klassB.id).execute();
  const unbound = await buildUser(db, { roleIds: [], identityId: 5 });
  await db
    .updateTable('users')
    .set({ created_at: at - 2 * 86_400_000 })
    .where('id', '=', unbound.id)
    .execute();
  unboundAccount = unbound.account;
});
afterAll(() => t.close());

type Finding = { kind: string; title: string; count: number; rows: Array<Record<string, unknown>> };
const finding = (findings: Finding[], kind: string) => findings.find((f) => f.kind === kind);

describe('data checks', () => {
  it('find the planted duplicate and orphans in the caller’s school', async () => {
    const res = await w.schoolAdmin.post('/apis-user/dataCheck/run', {});
    expect(res.statusCode).toBe(200);
    const findings = res.json().data.findings as Finding[];
    expect(finding(findings, 'duplicateIdCard')).toEqual({
      kind: 'duplicateIdCard',
      title: 'Students sharing an ID card number',
      count: 1,
      rows: [{ idCard: `1101${'*'.repeat(10)}${idCardFor('20120304').slice(-4)}`, students: 2 }],
    });
    expect(finding(findings, 'parentWithoutChildren')).toMatchObject({ count: 1, rows: [{ name: 'Lonely' }] });
    const disabled = finding(findings, 'studentInDisabledClass');
    expect(disabled?.title).toBe('Students in a disabled class');
    expect(disabled?.rows.map((r) => r.studentNo).sort()).toEqual(['B001', 'B002']);
    expect(finding(findings, 'duplicateTeacherPhone')?.count).toBe(0);
    // Unbound accounts belong to no school: a school's administrator is not shown them.
    expect(finding(findings, 'unboundAccount')?.count).toBe(0);
  });

  it('see nothing of another school, and refuse a school outside the scope', async () => {
    const other = await w.otherSchoolAdmin.post('/apis-user/dataCheck/run', {});
    expect(finding(other.json().data.findings, 'duplicateIdCard')?.count).toBe(0);
    expect(finding(other.json().data.findings, 'parentWithoutChildren')?.count).toBe(0);
    const refused = await w.otherSchoolAdmin.post('/apis-user/dataCheck/run', { schoolId: w.orgs.school.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('No such organisation');
  });

  it('name long-unbound accounts to the platform, and check the number of days', async () => {
    const res = await w.platform.post('/apis-user/dataCheck/run', { unboundDays: 1 });
    expect(finding(res.json().data.findings, 'unboundAccount')).toMatchObject({
      title: 'Accounts unbound for more than 1 days',
      count: 1,
      rows: [{ account: unboundAccount }],
    });
    const later = await w.platform.post('/apis-user/dataCheck/run', { unboundDays: 3 });
    expect(finding(later.json().data.findings, 'unboundAccount')?.count).toBe(0);
    const bad = await w.platform.post('/apis-user/dataCheck/run', { unboundDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual([{ field: 'unboundDays', msg: 'Days: 1 to 3650' }]);
    expect((await w.classTeacher.post('/apis-user/dataCheck/run', {})).statusCode).toBe(403);
  });
});
