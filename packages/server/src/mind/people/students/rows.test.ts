import { checkStudentRow, isIdCardNumber, maskIdCard } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildStudentWorld, idCardFor, type StudentWorld } from './fixtures.ts';
import { scopedStudentRows } from './repository.ts';
import { studentScopeOf } from './scope.ts';
import { insertStudents, placementOf } from './testing.ts';

describe('checking an import row', () => {
  it('passes a good row and names each broken rule', () => {
    expect(checkStudentRow({ name: '张三', studentNo: 'A1', gender: 'male', idCard: idCardFor('20100101') })).toEqual(
      [],
    );
    expect(checkStudentRow({ name: '', studentNo: 'A 1', gender: 'm', phone: '1' })).toEqual([
      { field: 'name', key: 'v.student.name' },
      { field: 'studentNo', key: 'v.student.no' },
      { field: 'gender', key: 'v.gender' },
      { field: 'phone', key: 'v.phone' },
    ]);
  });

  it('knows the GB 11643 check character, including X', () => {
    expect(isIdCardNumber('11010519491231002X')).toBe(true);
    expect(isIdCardNumber('110105194912310021')).toBe(false);
    expect(maskIdCard('11010519491231002X')).toBe('1101**********002X');
  });
});

let t: TestApp;
let w: StudentWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

describe('a few hundred students', () => {
  it('pages the list and streams the export of the scope only', async () => {
    const db = t.db.kysely;
    const place = await placementOf(db, w.classes.klassB.id);
    await insertStudents(
      db,
      Array.from({ length: 300 }, (_, i) => ({
        ...place,
        name: `学生${i}`,
        student_no: `BULK${String(i).padStart(4, '0')}`,
      })),
    );
    const page = async (n: number) =>
      (await w.schoolAdmin.post('/apis-user/student/page', { classId: w.classes.klassB.id, page: n, size: 120 })).json()
        .data;
    const [p1, p3] = [await page(1), await page(3)];
    expect(p1).toMatchObject({ total: 301, page: 1, size: 120 });
    expect(p1.list).toHaveLength(120);
    expect(p3.list).toHaveLength(61);
    const seen = new Set([...p1.list, ...(await page(2)).list, ...p3.list].map((s: { id: number }) => s.id));
    expect(seen.size).toBe(301);
    const prefix = await w.schoolAdmin.post('/apis-user/student/page', { keyword: 'BULK01' });
    expect(prefix.json().data.total).toBe(100);

    const auth = { ...(await authOf(w.classTeacher.token)) };
    const batches: number[] = [];
    for await (const rows of scopedStudentRows(db, await studentScopeOf(db, auth), {}, 1)) batches.push(rows.length);
    expect(batches).toEqual([1, 1]);
    const bureau = await authOf(w.bureauAdmin.token);
    let total = 0;
    for await (const rows of scopedStudentRows(db, await studentScopeOf(db, bureau), {}, 100)) total += rows.length;
    expect(total).toBe(304);
  });
});

async function authOf(token: string) {
  const { authenticate } = await import('../../../portal/sessions/service.ts');
  return authenticate(t.db.kysely, t.config, token);
}
