import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { buildStudentWorld, type StudentWorld } from '../students/fixtures.ts';
import { upload, workbook } from './testing.ts';

let t: TestApp;
let w: StudentWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
});
afterAll(() => t.close());

const STUDENT_HEADER = ['Campus', '*Grade', '*Class', '*Name', '*Student number', '*Gender'];

describe('what an import refuses before reading rows', () => {
  it('refuses a text file renamed to xlsx', async () => {
    const res = await upload(
      t,
      w.schoolAdmin,
      'student',
      Buffer.from('name,number\nA,1\n'),
      w.orgs.school.id,
      'students.xlsx',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Only xls and xlsx files are accepted');
  });

  it('refuses a file over 20 MB', async () => {
    const res = await upload(t, w.schoolAdmin, 'student', Buffer.alloc(21 * 1024 * 1024, 1), w.orgs.school.id);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Upload limits exceeded: each file may be at most 20 MB');
  });

  it('refuses a school outside the caller’s scope, a sheet without the columns, and an empty sheet', async () => {
    const outside = await upload(
      t,
      w.schoolAdmin,
      'student',
      workbook(STUDENT_HEADER, [['', 'G', 'C', 'N', 'X1', 'male']]),
      w.orgs.otherSchool.id,
    );
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('No such organisation');
    const headerless = await upload(
      t,
      w.schoolAdmin,
      'student',
      workbook(['Name', 'Whatever'], [['a', 'b']]),
      w.orgs.school.id,
    );
    expect(headerless.json().message).toBe('The first row lacks the columns: Grade, Class, Student number, Gender');
    const empty = await upload(t, w.schoolAdmin, 'student', workbook(STUDENT_HEADER, []), w.orgs.school.id);
    expect(empty.json().message).toBe('The file holds no rows to import');
  });

  it('refuses a class teacher, who may not import', async () => {
    const res = await upload(t, w.classTeacher, 'student', workbook(STUDENT_HEADER, []), w.orgs.school.id);
    expect(res.statusCode).toBe(403);
  });
});
