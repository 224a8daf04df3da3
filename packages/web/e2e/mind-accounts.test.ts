import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsqr from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '../../server/src/mind/demo/accounts.ts';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import { DEFAULT_DEMO_PASSWORD } from '../../server/src/portal/demo.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { startTestServer, type TestServer } from '../../server/test/server.ts';
import { launchBrowser, SHOTS_DIR, screenshot, visit } from './browser.ts';
import { pickInTree } from './dropdowns.ts';
import { tokenOf } from './mind-assess-world.ts';
import { answerPhq, publishPhqTask } from './mind-task-walks.ts';
import { openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

// A CommonJS package: Node hands its function over as the default, TypeScript sees it under `default`.
const jsQR = (typeof jsqr === 'function' ? jsqr : jsqr.default) as typeof jsqr.default;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // The job worker runs beside the API, as in a one-process deployment, so that the slips are written;
  // the demo district is there for the walk a new school takes with it.
  server = await startTestServer({ JOBS_POLL_MS: '200', DEMO_DATA: 'on' }, { services: ['api', 'jobs'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A school with a class of two students without accounts, one of them with a parent, and its administrator. */
async function schoolWorld() {
  const db = server.db;
  const school = await buildOrg(db, { type: 'school', name: 'Hillside' });
  const grade = await buildOrg(db, { type: 'grade', name: 'Grade 7', parentId: school.id });
  const klass = await buildOrg(db, { type: 'class', name: 'Class 7-1', parentId: grade.id });
  const placement = await placementOf(db, klass.id);
  const [lin] = await insertStudents(db, [
    { ...placement, name: 'Lin Xiao', student_no: 'S001' },
    { ...placement, name: 'Chen Yu', student_no: 'S002' },
  ]);
  const at = Date.now();
  const parent = await db
    .insertInto('parents')
    .values({
      school_id: school.id,
      name: 'Lin Hua',
      phone: '13700000001',
      user_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('student_parents')
    .values({ student_id: lin ?? 0, parent_id: parent.id, relation: 'father', created_at: at })
    .execute();
  const admin = await buildUser(db, { roleIds: [2], orgId: school.id });
  return { admin: { ...admin, token: await tokenOf(server.url, admin) } };
}

/**
 * The text of a PDF, as `pdftotext` reads it, and its first page rendered as `shot` for people to
 * look at, with the first QR code found on it.
 */
function readPdf(bytes: Buffer, shot = 'mind-accounts-slips'): { text: string; qr: string | undefined } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slips-'));
  const file = path.join(dir, 'slips.pdf');
  fs.writeFileSync(file, bytes);
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', file, path.join(SHOTS_DIR, shot)]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  // pdftoppm pads the page number to the width of the page count: -1, -01, -001.
  const first = fs.readdirSync(SHOTS_DIR).find((f) => new RegExp(`^${shot}-0*1\\.png$`).test(f)) ?? '';
  const page = PNG.sync.read(fs.readFileSync(path.join(SHOTS_DIR, first)));
  // The first slip is the top third of the page, its code on the right: one code for the reader.
  const slip = new PNG({ width: Math.floor(page.width / 2), height: Math.floor(page.height / 3) });
  PNG.bitblt(page, slip, page.width - slip.width, 0, slip.width, slip.height, 0, 0);
  return { text, qr: jsQR(new Uint8ClampedArray(slip.data), slip.width, slip.height)?.data };
}

/** A 375 px phone. */
const phone375 = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function firstSignIn(page: Page, account: string, password: string) {
  await page.goto(`${server.url}/h5/login?account=${encodeURIComponent(account)}`);
  await expect.poll(() => page.getByTestId('h5-account').inputValue()).toBe(account);
  await page.getByTestId('h5-password').fill(password);
  await page.getByTestId('h5-sign-in').click();
  await page.getByTestId('h5-password-page').waitFor();
}

describe('accounts for a class and the first sign-in on a phone (issue 18)', () => {
  it('creates the class’s accounts with slips, and a student changes the slip’s password on a phone and lands on the tasks', async () => {
    const { admin } = await schoolWorld();
    const desk = await visit(browser);
    let slips: string;
    try {
      const { page } = desk;
      await openMind(page, server.url, '/data/allStudent', admin.token);
      await page.getByTestId('batch-accounts-link').click();
      await page.getByTestId('batch-accounts').waitFor();
      await pickInTree(page, page.getByTestId('accounts-place'), ['Hillside', 'Grade 7', 'Class 7-1']);
      await page.getByTestId('accounts-create').click();
      await page.getByTestId('accounts-started').getByText('新开通 2 人').waitFor();
      const download = page.getByTestId('slips-download');
      await expect.poll(() => download.isEnabled(), { timeout: 20_000 }).toBe(true);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^Class 7-1_账号登录条_\d{8}-\d{4}\.pdf$/);
      slips = readPdf(fs.readFileSync(await file.path())).text;
      await screenshot(page, 'mind-accounts-batch');
      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await page.reload();
      await page.getByTestId('batch-accounts').waitFor();
      await screenshot(page, 'mind-accounts-batch-en');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
    expect(slips.match(/心理健康平台账号登录条/g)).toHaveLength(2);
    expect(slips).toContain('Lin Hua');
    const [, account = '', password = ''] =
      /学生：Lin Xiao（S001）[\s\S]*?账号：(\S+)[\s\S]*?初始密码：(\S+)/.exec(slips) ?? [];
    const [, account2 = '', password2 = ''] =
      /学生：Chen Yu（S002）[\s\S]*?账号：(\S+)[\s\S]*?初始密码：(\S+)/.exec(slips) ?? [];

    const student = await visit(browser, phone375);
    try {
      const { page } = student;
      await firstSignIn(page, account, password);
      await screenshot(page, 'mind-accounts-h5-password');
      await page.getByTestId('h5-oldPassword').fill(password);
      await page.getByTestId('h5-password').fill('Meridian#2026');
      await page.getByTestId('h5-confirmPassword').fill('Meridian#2026');
      await page.getByTestId('h5-change-password').click();
      await page.getByTestId('h5-home').waitFor();
      expect(new URL(page.url()).pathname).toBe('/h5/tasks');
      await screenshot(page, 'mind-accounts-h5-tasks');
      expect(unexpected(student.problems)).toEqual([]);
    } finally {
      await student.close();
    }
    // The new password is the one that signs in now.
    expect(
      (
        await fetch(`${server.url}/api/apis-authz/authz/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account, password: 'Meridian#2026' }),
        }).then((r) => r.json())
      ).data.user.defaultPass,
    ).toBe(false);

    // The same page in English, for the other student.
    const english = await visit(browser, phone375);
    try {
      await english.page.goto(`${server.url}/h5/login`);
      await english.page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await firstSignIn(english.page, account2, password2);
      await english.page.getByText('Change your password first').waitFor();
      await screenshot(english.page, 'mind-accounts-h5-password-en');
    } finally {
      await english.close();
    }
  }, 60_000);
});

describe('a new school’s first screening, on the demo district (issue 18, done when)', () => {
  it('accounts for 一(1)班 and its parents, a PHQ-9 published to it, answered on a 375 px phone, and the warning on the psychology teacher’s home', async () => {
    const place = ['示范区实验小学', '东校区', '一年级', '一(1)班'];
    const password = process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
    const school = await tokenOf(server.url, { id: 0, account: demoAccount('school').account, password });
    const psych = await tokenOf(server.url, { id: 0, account: demoAccount('psychology').account, password });

    // demo_school: the class's accounts and its parents' in one action, and the slips with their QR code.
    const desk = await visit(browser);
    let slips: { text: string; qr: string | undefined };
    try {
      const { page } = desk;
      await openMind(page, server.url, '/data/allStudent', school);
      await page.getByTestId('batch-accounts-link').click();
      await page.getByTestId('batch-accounts').waitFor();
      expect(await page.getByTestId('accounts-parents').isChecked()).toBe(true);
      await pickInTree(page, page.getByTestId('accounts-place'), place);
      await page.getByTestId('accounts-create').click();
      await page
        .getByTestId('accounts-started')
        .getByText(/新开通 \d+ 人/)
        .waitFor();
      const download = page.getByTestId('slips-download');
      await expect.poll(() => download.isEnabled(), { timeout: 30_000 }).toBe(true);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      slips = readPdf(fs.readFileSync(await file.path()), 'mind-demo-slips');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
    const [, name = '', account = '', initial = ''] =
      /学生：(\S+)（\S+）[\s\S]*?账号：(\S+)[\s\S]*?初始密码：(\S+)/.exec(slips.text) ?? [];
    expect(slips.text).toMatch(/家长/);
    expect(slips.qr).toBe(`${server.url}/h5/login?account=${account}`);

    // demo_psych: a PHQ-9 for the class; the warnings waiting on the home page before anyone answers.
    const teacher = await visit(browser);
    try {
      await publishPhqTask(teacher.page, server.url, psych, { name: '开学心理普查', place });
      await openMind(teacher.page, server.url, '/data/home', psych);
      const card = teacher.page.getByTestId('home-warnings');
      await card.waitFor();
      const before = Number(/(\d+) 条新预警/.exec((await card.textContent()) ?? '')?.[1] ?? 0);

      // The student, on a phone with the slip: the password changed first, then straight to the task.
      const student = await visit(browser, phone375);
      try {
        const { page } = student;
        await page.goto(slips.qr ?? '');
        await expect.poll(() => page.getByTestId('h5-account').inputValue()).toBe(account);
        await page.getByTestId('h5-password').fill(initial);
        await page.getByTestId('h5-sign-in').click();
        await page.getByTestId('h5-password-page').waitFor();
        await page.getByTestId('h5-oldPassword').fill(initial);
        await page.getByTestId('h5-password').fill('Meridian#2026');
        await page.getByTestId('h5-confirmPassword').fill('Meridian#2026');
        await page.getByTestId('h5-change-password').click();
        await page.getByTestId('h5-home').waitFor();
        // Item 9 above 0 is a crisis flag: a warning whatever the total.
        const { report } = await answerPhq(page, '开学心理普查', ['B', 'B', 'C', 'B', 'A', 'B', 'A', 'A', 'C']);
        expect(report).toMatch(/^总分8/);
        await screenshot(page, 'mind-demo-h5-report');
        expect(unexpected(student.problems)).toEqual([]);
      } finally {
        await student.close();
      }

      // The warning is on the psychology teacher's home, with the student's name in the list it opens.
      await teacher.page.reload();
      await expect
        .poll(async () => Number(/(\d+) 条新预警/.exec((await card.textContent()) ?? '')?.[1] ?? 0), {
          timeout: 15_000,
        })
        .toBe(before + 1);
      await screenshot(teacher.page, 'mind-demo-psych-home');
      await card.getByRole('link').first().click();
      await teacher.page.getByTestId('warning-list-page').getByText(name).first().waitFor();
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }
  }, 120_000);
});
