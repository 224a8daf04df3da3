import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildStudentWorld, type StudentWorld } from './fixtures.ts';

let t: TestApp;
let w: StudentWorld;
let motherId: number;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  const res = await w.schoolAdmin.post('/apis-user/parent/add', {
    studentId: w.students.a1,
    relation: 'mother',
    name: '张妈妈',
    phone: '13900000001',
  });
  motherId = res.json().data.id;
});
afterAll(() => t.close());

describe('parents', () => {
  it('adds a parent of a student, who then shows on the student card', async () => {
    const card = await w.schoolAdmin.get(`/apis-psychology/common/getStudentInfo?studentId=${w.students.a1}`);
    expect(card.json().data.parents).toEqual([
      { parentId: motherId, name: '张妈妈', phone: '139****0001', relation: 'mother', userId: null },
    ]);
  });

  it.each([
    ['name', { name: '' }, 'Parent name: 1-30 characters'],
    ['phone', { phone: '0100000' }, 'The phone number is not valid'],
    ['relation', { relation: 'uncle' }, 'Choose the relation to the student: father, mother, guardian or other'],
  ])('refuses a bad %s', async (field, bad, msg) => {
    const res = await w.schoolAdmin.post('/apis-user/parent/add', {
      studentId: w.students.a2,
      relation: 'father',
      name: '李爸爸',
      phone: '13900000002',
      ...bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([{ field, msg }]);
  });

  it('refuses a second parent with the same phone in the school, pointing to bind instead', async () => {
    const res = await w.schoolAdmin.post('/apis-user/parent/add', {
      studentId: w.students.b1,
      relation: 'father',
      name: '别人',
      phone: '13900000001',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A parent with this phone already exists in this school; bind that parent instead');
  });

  it('binds a sibling, refuses a double bind and another school, and unbinds', async () => {
    const bound = await w.schoolAdmin.post('/apis-user/parent/bind', {
      parentId: motherId,
      studentId: w.students.b1,
      relation: 'mother',
    });
    expect(bound.json().data.children.map((c: { studentNo: string }) => c.studentNo)).toEqual(['A001', 'B001']);
    const again = await w.schoolAdmin.post('/apis-user/parent/bind', {
      parentId: motherId,
      studentId: w.students.b1,
      relation: 'mother',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This parent is already linked to this student');
    const far = await w.bureauAdmin.post('/apis-user/parent/bind', {
      parentId: motherId,
      studentId: w.students.c1,
      relation: 'mother',
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe('A parent can only be linked to students of the same school');
    const unbound = await w.schoolAdmin.post('/apis-user/parent/unbind', {
      parentId: motherId,
      studentId: w.students.b1,
    });
    expect(unbound.json().data.children.map((c: { studentNo: string }) => c.studentNo)).toEqual(['A001']);
    const notBound = await w.schoolAdmin.post('/apis-user/parent/unbind', {
      parentId: motherId,
      studentId: w.students.b1,
    });
    expect(notBound.statusCode).toBe(404);
    expect(notBound.json().message).toBe('This parent is not linked to this student');
  });

  it('lists parents within the scope, by keyword and child', async () => {
    const mine = await w.schoolAdmin.post('/apis-user/parent/page', { keyword: '张' });
    expect(mine.json().data.list.map((p: { id: number }) => p.id)).toEqual([motherId]);
    const byChild = await w.schoolAdmin.post('/apis-user/parent/page', { studentId: w.students.a1 });
    expect(byChild.json().data.total).toBe(1);
    const other = await w.otherSchoolAdmin.post('/apis-user/parent/page', {});
    expect(other.json().data.total).toBe(0);
    expect((await w.otherSchoolAdmin.post('/apis-user/parent/update', { id: motherId, name: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('updates and removes a parent, refusing bad values', async () => {
    const bad = await w.schoolAdmin.post('/apis-user/parent/update', { id: motherId, phone: '1' });
    expect(bad.json().data).toEqual([{ field: 'phone', msg: 'The phone number is not valid' }]);
    const res = await w.schoolAdmin.post('/apis-user/parent/update', { id: motherId, name: '张母' });
    expect(res.json().data.name).toBe('张母');
    expect((await w.schoolAdmin.post('/apis-user/parent/remove', { id: motherId })).statusCode).toBe(200);
    const card = await w.schoolAdmin.get(`/apis-psychology/common/getStudentInfo?studentId=${w.students.a1}`);
    expect(card.json().data.parents).toEqual([]);
    expect((await w.schoolAdmin.post('/apis-user/parent/remove', { id: motherId })).json().message).toBe(
      'No such parent',
    );
  });

  it('keeps a class teacher off parent administration', async () => {
    expect((await w.classTeacher.post('/apis-user/parent/page', {})).statusCode).toBe(403);
  });
});
