import { utils, write } from '@e965/xlsx';
import type { Kysely } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { idCardFor } from '../../server/src/mind/people/students/fixtures.ts';
import type { Database } from '../../server/src/platform/db/schema.ts';
import { hashPassword } from '../../server/src/portal/identity/secrets.ts';

export type Row = Array<string | number>;

/** A workbook of one sheet, as someone fills the import template in. */
export function workbook(header: Row, rows: Row[]): Buffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([header, ...rows]), 'Sheet1');
  return write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The school of the walk: one grade with three classes, two teachers, thirty students with a parent each. */
export const SCHOOL = {
  bureau: '滨江区教育局',
  name: '滨江实验小学',
  grade: '一年级',
  classes: ['一年级1班', '一年级2班', '一年级3班'],
};

export const orgFile = () =>
  workbook(
    ['校区', '*年级', '*班级'],
    SCHOOL.classes.map((name) => ['', SCHOOL.grade, name]),
  );

export const teacherFile = () =>
  workbook(
    ['*工号', '*姓名', '性别', '手机号', '部门', '任教科目', '职称', '心理老师'],
    [
      ['T01', '王老师', '女', '13700000001', '', '语文', '', '否'],
      ['T02', '李老师', '男', '13700000002', '', '心理健康', '', '是'],
    ],
  );

/** Thirty students, ten a class, each with a parent (a mother for the odd rows). */
export const studentFile = () =>
  workbook(
    [
      '校区',
      '*年级',
      '*班级',
      '*姓名',
      '*学号',
      '*性别',
      '出生日期',
      '身份证号',
      '手机号',
      '入学年份',
      '家长姓名',
      '家长手机号',
      '与学生关系',
    ],
    Array.from({ length: 30 }, (_, i) => [
      '',
      SCHOOL.grade,
      SCHOOL.classes[i % 3] ?? '',
      `学生${String(i + 1).padStart(2, '0')}`,
      `S${String(i + 1).padStart(3, '0')}`,
      i % 2 ? '女' : '男',
      '2018-09-01',
      idCardFor('20180901', String(i + 1).padStart(3, '0')),
      '',
      2025,
      `家长${i + 1}`,
      `139${String(i + 1).padStart(8, '0')}`,
      i % 2 ? '母亲' : '父亲',
    ]),
  );

/** A file a person gets wrong: a class that does not exist, a bad gender, a repeated number. */
export const badStudentFile = () =>
  workbook(
    ['校区', '*年级', '*班级', '*姓名', '*学号', '*性别'],
    [
      ['', SCHOOL.grade, '一年级9班', '错班级', 'X001', '男'],
      ['', SCHOOL.grade, SCHOOL.classes[0] ?? '', '错性别', 'X002', '未知'],
      ['', SCHOOL.grade, SCHOOL.classes[0] ?? '', '重复', 'X002', '女'],
    ],
  );

/** Gives an imported teacher's account a known password, as if they had changed the default one. */
export async function setPassword(db: Kysely<Database>, account: string, password: string) {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), default_pass: false })
    .where('account', '=', account)
    .execute();
}

/** Puts a workbook into the open import dialog's drop zone. */
export async function dropFile(page: Page, name: string, bytes: Buffer) {
  await page.getByTestId('people-import').locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: bytes,
  });
}

/** The number of rows the list on `page` (its card) says it has in all ("共 30 条" / "30 in all"). */
export async function totalOf(page: Locator): Promise<number> {
  const text = await page.locator('.ant-pagination-total-text').innerText();
  return Number(text.replace(/\D+/g, ''));
}
