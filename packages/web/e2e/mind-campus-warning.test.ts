import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { png } from '../../server/test/files.ts';
import { CampusBox } from '../../simulator/src/index.ts';
import { visit } from './browser.ts';
import { buildClassWorld, tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { call } from './mind-warnings-world.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
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
    const device = await call<{ deviceKey: string; secret: string }>(
      suite.server,
      admin.token,
      'apis-psychology/equipment/add',
      { schoolId: school.id, kind: 'camera', name: '操场东侧摄像头', location: '操场东侧' },
    );

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
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // The simulated AI box reports a fight naming Lin Xiao by student number, and a number the school does not have.
    const box = new CampusBox({ baseUrl: suite.server.url, deviceKey: device.deviceKey, secret: device.secret });
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
    const warnings = await db
      .selectFrom('warnings')
      .select('id')
      .where('student_id', '=', lin.studentId)
      .where('source_type', '=', 'campus')
      .execute();
    expect(warnings).toHaveLength(1);
  });
});
