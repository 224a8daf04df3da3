import { describe, expect, it } from 'vitest';
import { insertJob } from '../../server/src/platform/jobs/repository.ts';
import { buildUser } from '../../server/test/factories.ts';
import { png } from '../../server/test/files.ts';
import { visit } from './browser.ts';
import { campusDevice } from './campus-walks.ts';
import { pickOption } from './dropdowns.ts';
import { buildClassWorld, tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

// The jobs service runs too: the day report goes through the jobs table.
const suite = portalSuite({ services: ['api', 'jobs'] });
const SCHOOL_ADMIN = 2;

describe('behaviour events that name a student open a warning (issue 22, decision 0136)', () => {
  it('the box reports a fight naming a student: the alert shows the student, the warning links back, the archive holds it', async () => {
    const db = suite.server.db;
    const world = await buildClassWorld(suite.server);
    const school = world.orgs.school;
    const [lin] = world.students;
    if (!lin) throw new Error('no student');
    const { student_no: linNo } = await db
      .selectFrom('students')
      .select('student_no')
      .where('id', '=', lin.studentId)
      .executeTakeFirstOrThrow();
    const adminUser = await buildUser(db, { roleIds: [SCHOOL_ADMIN], orgId: school.id });
    const admin = { ...adminUser, token: await tokenOf(suite.server.url, adminUser) };
    const { box } = await campusDevice(suite.server.url, admin.token, school.id, '操场东侧摄像头', '操场东侧');

    // The administrator sees which event types open warnings: the default, fight and climbing.
    const desk = await visit(suite.browser);
    try {
      await openMind(desk.page, suite.server.url, '/data/pushConfig', admin.token);
      const card = desk.page.getByTestId('warning-types');
      await card.getByText('本校使用默认设置（打架、攀爬）').waitFor();
      const checked = await card.locator('.ant-checkbox-wrapper-checked').allInnerTexts();
      expect(checked).toEqual(['打架', '攀爬']);
      await settledShot(desk.page, 'campus-warning-types-zh-CN', { fullPage: true });
      // It adds crowding and saves: the school now has its own set.
      await card.getByText('人员聚集').click();
      await card.getByTestId('warning-types-save').click();
      await desk.page.getByText('已保存，之后到达的事件按此产生预警').waitFor();
      await card.getByText('本校已自定义').waitFor();
      expect(await card.locator('.ant-checkbox-wrapper-checked').allInnerTexts()).toEqual(['打架', '攀爬', '人员聚集']);
      // It turns the day report on, at 00:00, to Ms Wang, the psychology teacher.
      const report = desk.page.getByTestId('day-report');
      await report.getByTestId('day-report-enabled').click();
      await report.getByTestId('day-report-time').click();
      await desk.page.keyboard.type('00:00');
      await pickOption(desk.page, '00:00');
      await report.getByTestId('day-report-people').click();
      await pickOption(desk.page, 'Ms Wang');
      await report.getByTestId('day-report-save').click();
      await desk.page.getByText('每日报告设置已保存').waitFor();
      await report.scrollIntoViewIfNeeded();
      await settledShot(desk.page, 'campus-warning-day-report-settings-zh-CN');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // The simulated AI box reports a fight naming Lin Xiao by student number, and a number the school does not have.
    const event = {
      type: 'fight' as const,
      eventId: 'walk-fight-1',
      snapshot: png(160, 120),
      students: [{ studentNo: linNo }, { studentNo: 'X-404' }],
    };
    const reported = await box.report(event);
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);

    const desk2 = await visit(suite.browser);
    const page = desk2.page;
    try {
      // The psychology teacher opens the alert: Lin Xiao with her warning, and the unknown number as sent.
      await openMind(page, suite.server.url, '/data/securityWarning', world.teacher.token);
      const row = page.getByTestId('alert-table').locator('tr', { hasText: '操场东侧' });
      await row.getByTestId('alert-open').click();
      const drawer = page.getByTestId('alert-drawer');
      const students = drawer.getByTestId('alert-students');
      await students.getByText(lin.name).waitFor();
      await students.getByText('未匹配：学号 X-404').waitFor();
      await settledShot(page, 'campus-warning-alert-students-zh-CN');
      // Her warning is in the workflow, from the campus device, and links back to the alert.
      await students.getByTestId('alert-student-warning').click();
      const warning = page.getByTestId('warning-page');
      await warning.getByText('校园设备识别到该学生参与打架（操场东侧）').first().waitFor();
      await warning.getByText('校园设备', { exact: true }).waitFor();
      await settledShot(page, 'campus-warning-detail-zh-CN');
      await warning.getByTestId('warning-source-alert').click();
      await page.getByTestId('alert-drawer').getByTestId('alert-students').getByText(lin.name).waitFor();

      // Her archive's timeline holds the warning with the event's words.
      await openMind(page, suite.server.url, `/data/studentFileDetails/${lin.studentId}`, world.teacher.token);
      await page.getByTestId('file-tab-timeline').click();
      const timeline = page.getByTestId('archive-timeline');
      await timeline
        .locator('[data-testid=timeline-event][data-kind=warning]')
        .filter({ hasText: '校园设备识别到该学生参与打架（操场东侧）' })
        .waitFor();
      await settledShot(page, 'campus-warning-archive-zh-CN');
      expect(unexpected(desk2.problems)).toEqual([]);
    } finally {
      await desk2.close();
    }

    // The box sends the same event again (it got no answer): the same alert, no second warning.
    const again = await box.report(event);
    expect(again.body.data).toEqual({ ...(reported.body.data as object), duplicate: true });
    // Yesterday a student fell on the stairs; this morning the day report's time has come.
    const fall = await box.report({ type: 'fall', occurredAt: Date.now() - 86_400_000 });
    expect(fall.status, JSON.stringify(fall.body)).toBe(200);
    await insertJob(db, { kind: 'mind.campus.dayReport.tick' });
    const inbox = await visit(suite.browser);
    try {
      await openMind(inbox.page, suite.server.url, '/data/securityWarning', world.teacher.token);
      const reports = inbox.page.getByTestId('day-reports');
      // The worker sends it within a moment; the page asks again when reloaded.
      for (let i = 0; i < 20 && (await reports.count()) === 0; i++) {
        await inbox.page.reload();
        await inbox.page.getByTestId('alert-table').waitFor();
      }
      const item = reports.getByTestId('day-report-item');
      await expect(item.count()).resolves.toBe(1);
      await item.getByText(`${school.name}`, { exact: false }).waitFor();
      await item.getByText('摔倒 1').waitFor();
      await item.getByText('事件 1 起').waitFor();
      await settledShot(inbox.page, 'campus-warning-day-report-zh-CN');
      expect(unexpected(inbox.problems)).toEqual([]);
    } finally {
      await inbox.close();
    }

    const warnings = await db
      .selectFrom('warnings')
      .select('id')
      .where('student_id', '=', lin.studentId)
      .where('source_type', '=', 'campus')
      .execute();
    expect(warnings).toHaveLength(1);
  });
});
