import { describe, expect, it } from 'vitest';
import { beijingDesktop, visit } from './browser.ts';
import { beijingDay, beijingTimes, campusSchool, securityStaff } from './campus-walks.ts';
import { pickTitled } from './dropdowns.ts';
import { goInApp, openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

// The jobs service runs too: the alert's message goes through the outbox.
const suite = portalSuite({ services: ['api', 'jobs'] });

const calm = { happy: 0.35, calm: 0.45, surprised: 0.1, sad: 0.06, angry: 0.02, fearful: 0.02 };
const dark = { happy: 0.05, calm: 0.1, surprised: 0.05, sad: 0.5, angry: 0.2, fearful: 0.1 };

describe('emotion alerts and the behaviour journal (issue 22, decision 0118)', () => {
  it('a classroom box’s samples raise an alert, the psychology teacher handles it, and the journal shows the day', async () => {
    const { admin, schoolId, classId, device, pushAllDay } = await campusSchool(
      suite.server,
      '八年级',
      '八年级3班',
      '八年级4班',
    );
    const wang = await securityStaff(suite.server, schoolId, 'Wang Min');
    // The administrator tells Wang Min of emotion alerts by site message, and adds the classroom camera.
    await pushAllDay('情绪预警通知心理老师', ['emotion'], [wang.id], ['site']);
    const { box } = await device('八年级教室摄像头', '教学楼三层');

    const teacher = await visit(suite.browser, beijingDesktop);
    try {
      // Before any sample: the page says so in words, and the Emotion warnings menu item leads here.
      await openMind(teacher.page, suite.server.url, '/data/intelEmotion', wang.token);
      const page = teacher.page.getByTestId('intel-emotion-page');
      await page.getByText('这段时间没有情绪预警').waitFor();
      await teacher.page.getByRole('menuitem', { name: '情绪预警' }).waitFor();
      expect(await teacher.page.getByTestId('mind-coming').count()).toBe(0);

      // The simulated box sends a calm sample and two dark ones: 10 %, then 45 % (over 40 %), then 56.7 % negative.
      const times = beijingTimes(0, [
        [8, 0],
        [8, 1],
        [8, 2],
      ]);
      for (const [i, emotions] of [calm, dark, dark].entries()) {
        const sent = await box.emotion({ classId, faces: 40, emotions, occurredAt: times[i] });
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      }

      // Wang Min's message arrives through the outbox; the alert is in the list, open.
      const messages = teacher.page.getByTestId('emotion-messages');
      for (let i = 0; i < 20 && (await messages.count()) === 0; i++) {
        await teacher.page.reload();
        await teacher.page.getByTestId('emotion-alert-table').waitFor();
      }
      await messages.getByText('1 条未读').waitFor();
      await messages.getByText(`${admin.orgName} 八年级3班 ${beijingDay(Date.now())} 负面情绪占比 56.7%`).waitFor();
      const row = page.getByTestId('emotion-alert-table').locator('tbody tr.ant-table-row').first();
      await expect.poll(() => row.innerText()).toMatch(/八年级3班[\s\S]*56\.7%[\s\S]*40%[\s\S]*关注[\s\S]*待处理/);
      await settledShot(teacher.page, 'intelemotion-list-zh-CN');

      // The grade and class pickers cascade from the school and filter the list (decision 0143).
      await teacher.page.getByTestId('emotion-alert-grade').click();
      await pickTitled(teacher.page, '八年级');
      await teacher.page.getByTestId('emotion-alert-class').click();
      await pickTitled(teacher.page, '八年级4班');
      await page.getByText('这段时间没有情绪预警').waitFor();
      await teacher.page.getByTestId('emotion-alert-class').click();
      await pickTitled(teacher.page, '八年级3班');
      await expect.poll(() => row.innerText()).toContain('八年级3班');
      await settledShot(teacher.page, 'campuspush-intelemotion-pickers-zh-CN');

      // Handling needs a note; with one, the alert is handled and shows what was done.
      await row.getByTestId('emotion-alert-handle').click();
      await teacher.page.getByTestId('emotion-alert-submit').click();
      await teacher.page.getByText('请填写处理说明（不超过 500 字）').waitFor();
      await teacher.page.getByTestId('emotion-alert-note-input').fill('与班主任沟通，周一开班会疏导情绪');
      await settledShot(teacher.page, 'intelemotion-handle-zh-CN');
      await teacher.page.getByTestId('emotion-alert-submit').click();
      await teacher.page.getByText('已记录处理情况').waitFor();
      await expect.poll(() => row.innerText()).toContain('已处理');
      expect(await row.innerText()).toContain('与班主任沟通，周一开班会疏导情绪');
      expect(await row.getByTestId('emotion-alert-handle').count()).toBe(0);
      await messages.getByText('标为已读').click();
      await messages.getByText('已读').waitFor();

      // The behaviour journal, a tab beside the security alerts, shows the day and what was done.
      await goInApp(teacher.page, '/data/securityWarning');
      await teacher.page.getByRole('tab', { name: '行为日志' }).click();
      await teacher.page.waitForURL(/\/data\/behaviorJournal$/);
      const day = teacher.page.getByTestId('journal-table').locator('tbody tr.ant-table-row').first();
      await expect.poll(() => day.innerText()).toContain(beijingDay(Date.now()));
      expect(await day.innerText()).toMatch(/1\s*· 已处理 1 · 严重 0/);
      expect(await day.innerText()).toContain('八年级3班情绪预警已处理：与班主任沟通，周一开班会疏导情绪');
      await settledShot(teacher.page, 'intelemotion-journal-zh-CN');
      const [file] = await Promise.all([
        teacher.page.waitForEvent('download'),
        teacher.page.getByTestId('journal-export').click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^behavior-journal-.*\.xlsx$/);

      // In English.
      await teacher.page.getByTestId('lang-switch').getByText('English').click();
      await teacher.page.getByRole('columnheader', { name: 'What was done' }).waitFor();
      await settledShot(teacher.page, 'intelemotion-journal-en');
      await goInApp(teacher.page, '/data/intelEmotion');
      await teacher.page.getByText('Emotion alerts are per class').waitFor();
      await settledShot(teacher.page, 'intelemotion-list-en');
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }

    // The administrator sets the school's threshold on the same page.
    const desk = await visit(suite.browser, beijingDesktop);
    try {
      await openMind(desk.page, suite.server.url, '/data/intelEmotion', admin.token);
      const threshold = desk.page.getByTestId('emotion-threshold');
      await threshold.getByText('（默认）').waitFor();
      await threshold.getByRole('spinbutton').fill('30');
      await desk.page.getByTestId('emotion-threshold-save').click();
      await desk.page.getByText('预警阈值已保存').waitFor();
      await settledShot(desk.page, 'intelemotion-admin-zh-CN');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
  }, 180_000);
});
