import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exitsWith, peerRuns } from '@meridian/simulator/peers';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app.ts';
import { drainDownloads, sheetRows } from '../../downloads/testing.ts';
import { buildStudentWorld, type StudentWorld } from '../students/fixtures.ts';

// A CommonJS package: Node hands its function over as the default, TypeScript sees it under `default`.
const jsQR = (typeof jsqr === 'function' ? jsqr : jsqr.default) as typeof jsqr.default;

/** Debian's poppler-utils reads the PDFs back as a person would: the text, and the page drawn. */
const poppler = peerRuns({
  name: 'pdftotext and pdftoppm',
  install: 'apt-get install poppler-utils',
  runs: () => exitsWith('pdftotext', ['-v']) && exitsWith('pdftoppm', ['-v']),
});

let t: TestApp;
let w: StudentWorld;

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildStudentWorld(t);
  const db = t.db.kysely;
  const now = Date.now();
  const parent = await db
    .insertInto('parents')
    .values({
      school_id: w.orgs.school.id,
      name: '李妈妈',
      phone: '13900000002',
      user_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('student_parents')
    .values({ student_id: w.students.a2, parent_id: parent.id, relation: 'mother', created_at: now })
    .execute();
  // 张三 already has an account: the batch skips him.
  const bound = await w.schoolAdmin.post('/apis-authz/auth/user/checkAndBindUser', {
    kind: 'student',
    rosterId: w.students.a1,
  });
  expect(bound.statusCode, bound.body).toBe(200);
}, 90_000);
afterAll(() => t.close());

const login = (account: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/apis-authz/authz/login', payload: { account, password } });

/** The text of each page of a PDF, as `pdftotext` reads it (form feeds between pages). */
function pdfPages(bytes: Buffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'slips-'));
  try {
    writeFileSync(path.join(dir, 's.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 's.pdf'), '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((page) => page.trim() !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the QR code of a PDF's first page says, read from the page rendered at 150 dpi. */
function firstQr(bytes: Buffer): string | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'slips-'));
  try {
    writeFileSync(path.join(dir, 's.pdf'), bytes);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', path.join(dir, 's.pdf'), path.join(dir, 'p')]);
    const png = PNG.sync.read(readFileSync(path.join(dir, 'p-1.png')));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function tasksOf(by = w.schoolAdmin) {
  return (await by.post('/apis-psychology/file/page', {})).json().data.list as {
    id: number;
    kind: string;
    state: string;
    expiresAt: number;
    finishedAt: number;
  }[];
}

describe('accounts for a whole class at once', () => {
  let slips: { id: number; expiresAt: number; finishedAt: number };
  let pdf: Buffer;
  let rows: unknown[][];

  beforeAll(async () => {
    const res = await w.schoolAdmin.post('/apis-authz/auth/user/account/batch', {
      orgId: w.classes.klassA.id,
      parents: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      selected: 2,
      creating: 1,
      skipped: 1,
      skippedNames: [{ name: '张三', className: 'Class 7-1' }],
      task: { kind: 'accountSlips', state: 'queued' },
    });
    await drainDownloads(t);
    const tasks = await tasksOf();
    const found = tasks.find((d) => d.kind === 'accountSlips');
    if (!found) throw new Error('no slips task');
    slips = found;
    expect(found.state).toBe('done');
    const list = tasks.find((d) => d.kind === 'accountList');
    expect(list?.state).toBe('done');
    const file = await w.schoolAdmin.get(`/apis-psychology/file/download?id=${found.id}`);
    expect(file.statusCode).toBe(200);
    pdf = file.rawPayload;
    rows = sheetRows((await w.schoolAdmin.get(`/apis-psychology/file/download?id=${list?.id}`)).rawPayload);
  }, 60_000);

  it.runIf(poppler)(
    'writes one slip per student with a new account, with the parent, and lists who was skipped',
    () => {
      const pages = pdfPages(pdf);
      const text = pages.join('\n');
      expect(text.match(/心理健康平台账号登录条|sign-in slip/g)).toHaveLength(1);
      expect(pages[0]).toContain('李四');
      expect(pages[0]).toContain(`s${w.orgs.school.id}_A002`);
      expect(pages[0]).toContain('13900000002');
      expect(pages[0]).toContain('李妈妈');
      // 张三 appears only on the last page, among the students skipped.
      expect(pages[0]).not.toContain('张三');
      expect(pages.at(-1)).toContain('张三');
    },
  );

  it.runIf(poppler)('puts a QR code to the H5 sign-in with the student’s account on the slip', () => {
    expect(firstQr(pdf)).toMatch(new RegExp(`/h5/login\\?account=s${w.orgs.school.id}_A002$`));
  });

  it('gives passwords that sign in once and must be changed, found only in the files', async () => {
    const student = rows.find((r) => r[1] === '李四');
    const parent = rows.find((r) => r[1] === '李妈妈');
    expect(student?.[5]).toBe(`s${w.orgs.school.id}_A002`);
    const studentLogin = await login(String(student?.[5]), String(student?.[6]));
    expect(studentLogin.statusCode, studentLogin.body).toBe(200);
    expect(studentLogin.json().data.user.defaultPass).toBe(true);
    const parentLogin = await login(String(parent?.[5]), String(parent?.[6]));
    expect(parentLogin.statusCode, parentLogin.body).toBe(200);
    const password = String(student?.[6]);
    const task = await t.db.kysely
      .selectFrom('download_tasks')
      .select('params')
      .where('id', '=', slips.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(task.params)).not.toContain(password);
    const audits = await t.db.kysely.selectFrom('audit_log').select(['action', 'detail']).execute();
    expect(audits.some((a) => JSON.stringify(a.detail).includes(password))).toBe(false);
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['accounts.batch', 'download.file']));
    const links = await t.db.kysely
      .selectFrom('student_parents as sp')
      .innerJoin('parents as p', 'p.id', 'sp.parent_id')
      .select('p.user_id')
      .where('sp.student_id', '=', w.students.a2)
      .execute();
    expect(links[0]?.user_id).toBe(parentLogin.json().data.user.id);
  });

  it('skips everyone the second time and says so', async () => {
    const before = await t.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await w.schoolAdmin.post('/apis-authz/auth/user/account/batch', {
      orgId: w.orgs.grade.id,
      parents: true,
    });
    expect(res.json().data).toMatchObject({ selected: 3, creating: 1, skipped: 2 });
    await drainDownloads(t);
    const again = await t.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Only 王五 of the other class of the grade is new.
    expect(Number(again.n)).toBe(Number(before.n) + 1);
  });

  it('keeps the slips a day, and says so when opened after they expired', async () => {
    expect(slips.expiresAt - slips.finishedAt).toBe(24 * 3600_000);
    await t.db.kysely
      .updateTable('download_tasks')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', slips.id)
      .execute();
    const late = await w.schoolAdmin.get(`/apis-psychology/file/download?id=${slips.id}`);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/expired|过期/);
  });
});

describe('who may make accounts', () => {
  it('refuses a class of another school as if it did not exist', async () => {
    const res = await w.schoolAdmin.post('/apis-authz/auth/user/account/batch', {
      orgId: w.classes.klassC.id,
      parents: true,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such class, grade or school|不存在/);
  });

  it('refuses roles without the bind page’s edit right, and students', async () => {
    for (const by of [w.psychologyTeacher, w.classTeacher]) {
      const res = await by.post('/apis-authz/auth/user/account/batch', { orgId: w.classes.klassA.id, parents: true });
      expect(res.statusCode).toBe(403);
    }
  });

  it('a bureau administrator may select a whole school of theirs', async () => {
    const res = await w.bureauAdmin.post('/apis-authz/auth/user/account/batch', {
      orgId: w.orgs.otherSchool.id,
      parents: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ selected: 1, creating: 1 });
  });
});

describe('resetting one student’s password', () => {
  it('makes a one-slip file whose new password signs in, and the old one no longer does', async () => {
    const before = await t.db.kysely
      .selectFrom('students as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('u.password_hash')
      .where('s.id', '=', w.students.a1)
      .executeTakeFirstOrThrow();
    const res = await w.schoolAdmin.post('/apis-authz/auth/user/account/reset', { studentId: w.students.a1 });
    expect(res.statusCode, res.body).toBe(200);
    await drainDownloads(t);
    const list = (await tasksOf()).find((d) => d.kind === 'accountList');
    const rows = sheetRows((await w.schoolAdmin.get(`/apis-psychology/file/download?id=${list?.id}`)).rawPayload);
    const line = rows.find((r) => r[1] === '张三');
    const pdf = (await w.schoolAdmin.get(`/apis-psychology/file/download?id=${res.json().data.id}`)).rawPayload;
    if (poppler)
      expect(
        pdfPages(pdf)
          .join('')
          .match(/心理健康平台账号登录条|sign-in slip/g),
      ).toHaveLength(1);
    const signed = await login(String(line?.[5]), String(line?.[6]));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.user.defaultPass).toBe(true);
    const after = await t.db.kysely
      .selectFrom('users')
      .select('password_hash')
      .where('account', '=', String(line?.[5]))
      .executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(before.password_hash);

    // A second reset ends the session the first password opened: whoever held it must sign in again.
    const token = signed.json().data.token as string;
    const again = await w.schoolAdmin.post('/apis-authz/auth/user/account/reset', { studentId: w.students.a1 });
    expect(again.statusCode, again.body).toBe(200);
    await drainDownloads(t);
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/apis-authz/auth/user/queryInfo',
      headers: { 'x-authorization': token },
    });
    expect(info.json().code).toBe(10026);
  });

  it('refuses a student outside the scope as if they did not exist', async () => {
    const c1 = await w.schoolAdmin.post('/apis-authz/auth/user/account/reset', { studentId: w.students.c1 });
    expect(c1.statusCode).toBe(404);
  });
});
