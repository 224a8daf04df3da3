import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { beijingDesktop, visit } from './browser.ts';
import { beijingDay, beijingTimes, campusSchool } from './campus-walks.ts';
import { goInApp, mindUser, openMind } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const PSYCHOLOGY_TEACHER = 3;

const calm = { happy: 0.35, calm: 0.45, surprised: 0.1, sad: 0.06, angry: 0.02, fearful: 0.02 };
const gloomy = { happy: 0.1, calm: 0.3, surprised: 0.05, sad: 0.35, angry: 0.1, fearful: 0.1 };

/** The page's chart, drawn (its canvas is there). */
const chart = (page: Page | Locator, testId: string) => page.getByTestId(testId).locator('canvas').first().waitFor();

describe('class and school emotion boards (issue 22)', () => {
  it('a classroom box reports a week of samples, and the class board shows the week’s trend per class', async () => {
    const { admin, classIds, device } = await campusSchool(suite.server, '七年级', '七年级1班', '七年级2班');
    const [class1 = 0, class2 = 0] = classIds;
    const desk = await visit(suite.browser, beijingDesktop);
    try {
      // Before any sample, the boards say so in words.
      await openMind(desk.page, suite.server.url, '/data/classEmotion', admin.token);
      await desk.page.getByTestId('class-emotion-page').getByTestId('emotion-empty').waitFor();
      await desk.page.getByText('这段时间还没有情绪数据').waitFor();
      // The Emotion boards menu item and its tabs lead here.
      await desk.page.getByRole('menuitem', { name: '情绪看板' }).waitFor();
      await desk.page.getByRole('tab', { name: '学校情绪' }).waitFor();
      await desk.page.getByRole('tab', { name: '情绪记录' }).waitFor();

      // A classroom camera of the school, and the simulated box sending a week of samples over signed HTTP.
      const { box } = await device('七年级教室摄像头', '教学楼二层');
      for (let d = 6; d >= 0; d--) {
        for (const at of beijingTimes(d, [
          [9, 0],
          [14, 5],
        ])) {
          const one = await box.emotion({
            classId: class1,
            faces: 40,
            emotions: d < 2 ? gloomy : calm,
            occurredAt: at,
          });
          expect(one.status, JSON.stringify(one.body)).toBe(200);
          const two = await box.emotion({ classId: class2, faces: 36, emotions: calm, occurredAt: at });
          expect(two.status, JSON.stringify(two.body)).toBe(200);
        }
      }
      // A sample that does not add up is refused in words, and stored nowhere.
      const bad = await box.emotion({ classId: class1, faces: 40, emotions: { ...calm, happy: 0.9 } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('各情绪占比之和须为 1（允许 ±0.01），样本未保存');

      // The class board: the week's trend, one line per class, and the classes, gloomiest first.
      await desk.page.reload();
      const board = desk.page.getByTestId('class-emotion-page');
      await chart(board, 'emotion-class-trend-chart');
      const rows = board.getByTestId('emotion-class-table').locator('tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(2);
      await expect.poll(() => rows.nth(0).innerText()).toContain('七年级1班');
      // Class 1: 10 calm samples (10% negative) and 4 gloomy ones (55%), of 40 faces each: 3.2 / 14 ≈ 22.9%.
      expect(await rows.nth(0).innerText()).toMatch(/七年级1班\s+14\s+22\.9%\s+平静/);
      expect(await rows.nth(1).innerText()).toMatch(/七年级2班\s+14\s+10%\s+平静/);
      await settledShot(desk.page, 'emotion-class-board-zh-CN');

      // One class's detail: its trend, distribution and hours of the day.
      await rows.nth(0).getByTestId('emotion-class-open').click();
      const detail = desk.page.getByTestId('class-emotion-detail-page');
      await detail.getByText(`${admin.orgName} 七年级1班`).waitFor();
      await chart(detail, 'emotion-trend-chart');
      await chart(detail, 'emotion-pie-chart');
      await chart(detail, 'emotion-hours-chart');
      await expect.poll(() => detail.getByTestId('emotion-negative').innerText()).toContain('22.9%');
      await settledShot(desk.page, 'emotion-class-detail-zh-CN');

      // The school board, by week: the classes compared and the trend.
      await goInApp(desk.page, '/data/schoolEmotion');
      const school = desk.page.getByTestId('school-emotion-page');
      await chart(school, 'emotion-trend-chart');
      await chart(school, 'emotion-classes-chart');
      await school.getByTestId('emotion-period').getByText('按周').click();
      await expect.poll(() => school.getByTestId('emotion-totals').innerText()).toMatch(/采样次数\s+28/);
      await settledShot(desk.page, 'emotion-school-board-zh-CN');

      // The emotion record: one row per day, newest first, naming the gloomiest class.
      await goInApp(desk.page, '/data/emotionRecord');
      const record = desk.page.getByTestId('emotion-record-table').locator('tbody tr.ant-table-row');
      await expect.poll(() => record.count()).toBe(7);
      expect(await record.nth(0).innerText()).toContain(beijingDay(Date.now()));
      expect(await record.nth(0).innerText()).toContain('七年级1班 (55%)');
      await settledShot(desk.page, 'emotion-record-zh-CN');

      // In English.
      await desk.page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await desk.page.reload();
      await desk.page.getByRole('columnheader', { name: 'Most negative class' }).waitFor();
      await settledShot(desk.page, 'emotion-record-en');
      await goInApp(desk.page, '/data/classEmotion');
      await chart(desk.page.getByTestId('class-emotion-page'), 'emotion-class-trend-chart');
      await desk.page.getByText('Emotion data is summed per class').first().waitFor();
      await settledShot(desk.page, 'emotion-class-board-en');
      // The emotion log: every sample the box sent, newest first, with its class and device.
      await goInApp(desk.page, '/data/emotionLog');
      const log = desk.page.getByTestId('emotion-log-table').locator('tbody tr.ant-table-row');
      // A week of two samples a day for two classes: 28, the first page of 20.
      await expect.poll(() => log.count()).toBe(20);
      expect(await log.nth(0).innerText()).toContain(beijingDay(Date.now()));
      await desk.page.getByRole('columnheader', { name: 'Sampled at' }).waitFor();
      await settledShot(desk.page, 'emotion-log-en');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // A psychology teacher holds no board: told so in words, with no menu item.
    const teacher = await mindUser(suite.server, { roleId: PSYCHOLOGY_TEACHER });
    const other = await visit(suite.browser, beijingDesktop);
    try {
      await openMind(other.page, suite.server.url, '/data/schoolEmotion', teacher.token);
      await other.page.getByTestId('school-emotion-page').getByTestId('no-access').waitFor();
      await other.page.getByText('你当前的角色不能查看情绪看板').waitFor();
      expect(await other.page.getByRole('menuitem', { name: '情绪看板' }).count()).toBe(0);
      // The log of what the devices sent is theirs to read (migration 0079).
      await goInApp(other.page, '/data/emotionLog');
      await other.page.getByTestId('emotion-log-table').waitFor();
    } finally {
      await other.close();
    }
  });
});
