import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildUser } from '../../../../test/factories.ts';
import { fromJson } from '../../../platform/db/sql.ts';
import { flushRefusals } from '../../../portal/audit/refusals.ts';
import { type Caller, callerFor } from '../../../portal/orgs/testing.ts';
import { buildStudentWorld, idCardFor, type StudentWorld } from './fixtures.ts';

let t: TestApp;
let w: StudentWorld;
let motherId: number;
const ID_CARD = idCardFor('20120304');
const MASKED_ID = `1101**********${ID_CARD.slice(-4)}`;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  await t.db.kysely.updateTable('students').set({ phone: '13812345678' }).where('id', '=', w.students.a2).execute();
  const mother = await w.schoolAdmin.post('/apis-user/parent/add', {
    studentId: w.students.a2,
    relation: 'mother',
    name: '李妈妈',
    phone: '13900001111',
  });
  motherId = mother.json().data.id;
}, 90_000);
afterAll(() => t.close());

/** A class teacher of class A of their own, so that their audit entries and refusal windows are theirs alone. */
const freshClassTeacher = async (): Promise<Caller> =>
  callerFor(t, await buildUser(t.db.kysely, { roleIds: [4], orgId: w.classes.klassA.id }));

const entriesOf = (userId: number, action: string) =>
  t.db.kysely
    .selectFrom('audit_log')
    .select(['action', 'result', 'target_type', 'target_id', 'detail', 'ip'])
    .where('user_id', '=', userId)
    .where('action', '=', action)
    .orderBy('id')
    .execute();

const stored = (id: number) =>
  t.db.kysely.selectFrom('students').select(['id_card', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();

describe('refused reads of student data', () => {
  it("audits a class teacher asking for another class's student: who, what, why, from where", async () => {
    const teacher = await freshClassTeacher();
    const res = await teacher.get(`/apis-user/student/detail?id=${w.students.b1}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such student');
    const [entry] = await entriesOf(teacher.user.id, 'student.refused');
    expect(entry).toMatchObject({ result: 'fail', target_type: 'student', target_id: String(w.students.b1) });
    expect(entry?.ip).toBe('127.0.0.1');
    expect(fromJson(entry?.detail ?? '{}')).toEqual({
      reason: 'studentNotInScope',
      route: 'GET /api/apis-user/student/detail',
    });
    // The school administrator finds it in the audit search.
    const search = await w.schoolAdmin.post('/apis-authz/audit/page', { action: 'student.refused', size: 100 });
    expect(search.json().data.list).toContainEqual(
      expect.objectContaining({ account: teacher.user.account, result: 'fail', targetId: String(w.students.b1) }),
    );
  });

  it('audits another class named in a list filter, and a file or parent outside the scope', async () => {
    const teacher = await freshClassTeacher();
    const list = await teacher.post('/apis-user/student/page', { classId: w.classes.klassB.id });
    expect(list.statusCode).toBe(404);
    const [org] = await entriesOf(teacher.user.id, 'student.refused');
    expect(org).toMatchObject({ target_type: 'org', target_id: String(w.classes.klassB.id) });
    expect(fromJson(org?.detail ?? '{}')).toMatchObject({ reason: 'orgNotInScope' });

    const other = await freshClassTeacher();
    expect((await other.get(`/apis-psychology/studentFile/details/${w.students.b1}`)).statusCode).toBe(404);
    const [file] = await entriesOf(other.user.id, 'student.refused');
    expect(fromJson(file?.detail ?? '{}')).toEqual({
      reason: 'studentNotInScope',
      route: 'GET /api/apis-psychology/studentFile/details/:studentId',
    });

    const third = await freshClassTeacher();
    const b1Father = await w.schoolAdmin.post('/apis-user/parent/add', {
      studentId: w.students.b1,
      relation: 'father',
      name: '王爸爸',
      phone: '13900002222',
    });
    const parent = await third.post('/apis-user/parent/reveal', { id: b1Father.json().data.id });
    expect(parent.statusCode).toBe(404);
    const [refused] = await entriesOf(third.user.id, 'student.refused');
    expect(refused).toMatchObject({ target_type: 'parent', target_id: String(b1Father.json().data.id) });
    expect(await entriesOf(third.user.id, 'parent.reveal')).toEqual([]);
  });

  it('coalesces a flood: one entry at once, then one summary, never one write per refusal', async () => {
    const teacher = await freshClassTeacher();
    const FLOOD = 120;
    for (let n = 0; n < FLOOD; n++) {
      const res = await teacher.get(`/apis-user/student/detail?id=${w.students.b1 + 1000 + n}`);
      expect(res.statusCode).toBe(404);
    }
    expect(await entriesOf(teacher.user.id, 'student.refused')).toHaveLength(1);
    await flushRefusals(t.db.kysely);
    const entries = await entriesOf(teacher.user.id, 'student.refused');
    expect(entries).toHaveLength(2);
    const summary = fromJson<{ coalesced: number; targets: string[]; routes: string[]; reason: string }>(
      entries[1]?.detail ?? '{}',
    );
    expect(summary.coalesced).toBe(FLOOD - 1);
    expect(summary.reason).toBe('studentNotInScope');
    expect(summary.targets).toHaveLength(20);
    expect(summary.routes).toEqual(['GET /api/apis-user/student/detail']);
    // After the window, the next refusal is written at once again.
    await teacher.get(`/apis-user/student/detail?id=${w.students.b1}`);
    expect(await entriesOf(teacher.user.id, 'student.refused')).toHaveLength(3);
  });
});

describe('reads of student data', () => {
  it('audits the detail, the list with who was on it, and the file list', async () => {
    const teacher = await freshClassTeacher();
    expect((await teacher.get(`/apis-user/student/detail?id=${w.students.a2}`)).statusCode).toBe(200);
    expect(await entriesOf(teacher.user.id, 'student.read')).toEqual([
      expect.objectContaining({ result: 'ok', target_type: 'student', target_id: String(w.students.a2) }),
    ]);
    await teacher.post('/apis-user/student/page', { size: 50 });
    const [list] = await entriesOf(teacher.user.id, 'student.list');
    expect(fromJson<{ studentIds: number[] }>(list?.detail ?? '{}').studentIds.sort()).toEqual(
      [w.students.a1, w.students.a2].sort(),
    );
    await teacher.post('/apis-psychology/studentFile/page', {});
    const [files] = await entriesOf(teacher.user.id, 'archive.list');
    expect(fromJson<{ studentIds: number[] }>(files?.detail ?? '{}').studentIds.sort()).toEqual(
      [w.students.a1, w.students.a2].sort(),
    );
  });
});

describe('ID card and phone numbers', () => {
  it('are masked in the list, the detail and the card, for every role', async () => {
    for (const caller of [w.classTeacher, w.schoolAdmin, w.platform]) {
      const list = await caller.post('/apis-user/student/page', { classId: w.classes.klassA.id });
      const row = list.json().data.list.find((s: { id: number }) => s.id === w.students.a2);
      expect(row).toMatchObject({ idCard: MASKED_ID, phone: '138****5678' });
      const detail = await caller.get(`/apis-user/student/detail?id=${w.students.a2}`);
      expect(detail.json().data).toMatchObject({ idCard: MASKED_ID, phone: '138****5678' });
      const card = await caller.get(`/apis-psychology/common/getStudentInfo?studentId=${w.students.a2}`);
      expect(card.json().data).toMatchObject({
        idCard: MASKED_ID,
        phone: '138****5678',
        parents: [expect.objectContaining({ name: '李妈妈', phone: '139****1111' })],
      });
      const file = await caller.get(`/apis-psychology/studentFile/details/${w.students.a2}`);
      expect(file.json().data.student).toMatchObject({ idCard: MASKED_ID, phone: '138****5678' });
      expect(file.json().data.parents).toEqual([
        { parentId: motherId, name: '李妈妈', phone: '139****1111', relation: 'mother' },
      ]);
    }
    const parents = await w.schoolAdmin.post('/apis-user/parent/page', { studentId: w.students.a2 });
    expect(parents.json().data.list).toEqual([expect.objectContaining({ id: motherId, phone: '139****1111' })]);
  });

  it('are whole for a role that edits students, through an audited reveal', async () => {
    const res = await w.schoolAdmin.post('/apis-user/student/reveal', { id: w.students.a2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: w.students.a2, idCard: ID_CARD, phone: '13812345678' });
    const [entry] = await entriesOf(w.schoolAdmin.user.id, 'student.reveal');
    expect(entry).toMatchObject({ target_type: 'student', target_id: String(w.students.a2) });
    expect(fromJson(entry?.detail ?? '{}')).toEqual({ fields: ['idCard', 'phone'] });
    expect((await w.psychologyTeacher.post('/apis-user/student/reveal', { id: w.students.a2 })).statusCode).toBe(403);
    // Outside the scope there is nothing to reveal, and the refusal is audited.
    const other = await w.otherSchoolAdmin.post('/apis-user/student/reveal', { id: w.students.a2 });
    expect(other.statusCode).toBe(404);
    expect(await entriesOf(w.otherSchoolAdmin.user.id, 'student.reveal')).toEqual([]);
  });

  it("gives a class teacher a parent's whole phone, one audited number at a time", async () => {
    const teacher = await freshClassTeacher();
    const res = await teacher.post('/apis-user/parent/reveal', { id: motherId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: motherId, phone: '13900001111' });
    expect(await entriesOf(teacher.user.id, 'parent.reveal')).toEqual([
      expect.objectContaining({ target_type: 'parent', target_id: String(motherId) }),
    ]);
  });

  it('keep the stored whole number when the edit form sends the masked one back', async () => {
    const form = (await w.schoolAdmin.get(`/apis-user/student/detail?id=${w.students.a2}`)).json().data;
    const saved = await w.schoolAdmin.post('/apis-user/student/update', {
      id: w.students.a2,
      name: '李四四',
      idCard: form.idCard,
      phone: form.phone,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: '李四四', idCard: MASKED_ID, phone: '138****5678' });
    expect(await stored(w.students.a2)).toEqual({ id_card: ID_CARD, phone: '13812345678' });
    const [update] = (await entriesOf(w.schoolAdmin.user.id, 'updateStudent')).slice(-1);
    expect(fromJson<{ fields: string[] }>(update?.detail ?? '{}').fields).toEqual(['name']);

    // A masked value that is not the stored one's is refused, never stored.
    const typedOver = await w.schoolAdmin.post('/apis-user/student/update', {
      id: w.students.a2,
      idCard: `1101**********${idCardFor('20120305').slice(-4)}`,
      phone: '138****0000',
    });
    expect(typedOver.statusCode).toBe(400);
    expect(typedOver.json().data).toEqual([
      { field: 'idCard', msg: 'This number is masked: type the whole number, or leave it as it was' },
    ]);
    expect(await stored(w.students.a2)).toEqual({ id_card: ID_CARD, phone: '13812345678' });

    // A whole number replaces the stored one.
    const replaced = await w.schoolAdmin.post('/apis-user/student/update', {
      id: w.students.a2,
      idCard: idCardFor('20120305'),
      phone: '13912345678',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await stored(w.students.a2)).toEqual({ id_card: idCardFor('20120305'), phone: '13912345678' });

    // The parent form alike.
    const parent = await w.schoolAdmin.post('/apis-user/parent/update', { id: motherId, phone: '139****1111' });
    expect(parent.statusCode, parent.body).toBe(200);
    const row = await t.db.kysely.selectFrom('parents').select('phone').where('id', '=', motherId).executeTakeFirst();
    expect(row?.phone).toBe('13900001111');
  });
});
