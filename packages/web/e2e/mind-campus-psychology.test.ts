import { describe, expect, it } from 'vitest';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { beijingDesktop, visit } from './browser.ts';
import { beijingDay, beijingTimes, campusDevice } from './campus-walks.ts';
import { tokenOf } from './mind-assess-world.ts';
import { mindTitle, openMind } from './mind-walks.ts';
import { buildWarningWorld } from './mind-warnings-world.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite({ services: ['api'] });
const SCHOOL_ADMIN = 2;

const calm = { happy: 0.3, calm: 0.5, surprised: 0.1, sad: 0.1, angry: 0, fearful: 0 };
const gloomy = { happy: 0.1, calm: 0.3, surprised: 0.1, sad: 0.3, angry: 0.1, fearful: 0.1 };

describe('the campus psychology data board (issue 22, decision 0124)', () => {
  it('a school administrator reads emotion beside the latest screening, per grade and class, then one class', async () => {
    const server = suite.server;
    // A school whose class 7-1 took a PHQ-9 screening (one result mild and warned on item 9, one minimal).
    const world = await buildWarningWorld(server);
    const { school, klass } = world.orgs;
    const adminUser = await buildUser(server.db, { roleIds: [SCHOOL_ADMIN], orgId: school.id });
    const admin = await tokenOf(server.url, adminUser);
    // The classroom camera reports a calm week, then a gloomy day today: half the faces negative, an alert.
    const { box } = await campusDevice(server.url, admin, school.id, '七年级教室摄像头', '教学楼二层');
    for (let d = 6; d >= 0; d--) {
      const sent = await box.emotion({
        classId: klass.id,
        faces: 40,
        emotions: d === 0 ? gloomy : calm,
        occurredAt: beijingTimes(d, [[10, 0]])[0],
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }

    const desk = await visit(suite.browser, beijingDesktop);
    try {
      const { page } = desk;
      // From the emotion alerts, the Emotion tab row leads to the data board.
      await openMind(page, server.url, '/data/intelEmotion', admin);
      await page.getByTestId('intel-emotion-page').waitFor();
      await page.getByRole('tab', { name: '数据看板' }).click();
      await page.waitForURL(/\/data\/campusPsychology$/);
      await page.getByTestId('campus-psychology-page').waitFor();
      await expect.poll(() => page.title()).toBe(mindTitle('campusPsychology'));
      expect(await page.getByTestId('mind-coming').count()).toBe(0);

      const table = page.getByTestId('psychology-table');
      const gradeRow = table.locator('tbody tr.ant-table-row').first();
      const classRow = table.locator('tbody tr.ant-table-row', { hasText: klass.name });
      await expect.poll(() => gradeRow.innerText()).toContain(world.orgs.grade.name);
      // Class 7-1: six days a tenth negative and one day half: 15.7 %; one alert open; PHQ-9 bands of the screening.
      const text = await classRow.innerText();
      expect(text).toContain('15.7%');
      expect(text).toMatch(/待处理 1[\s\S]*已处理 0/);
      expect(text).toMatch(/轻度抑郁 1/);
      expect(text).toMatch(/无或极轻微抑郁 1/);
      expect(text).toContain('1 份触发预警');
      expect(await page.getByTestId('psychology-open').innerText()).toContain('1');
      // No student's name is on the board.
      expect(await page.locator('body').innerText()).not.toContain('Lin Xiao');
      await settledShot(page, 'campuspsy-board-zh-CN');

      // One class: its daily trend, its alert and its screening bands.
      await classRow.getByTestId('psychology-class-open').click();
      await page.waitForURL(/\/data\/campusPsychologyDetail\?classId=/);
      await page.getByTestId('campus-psychology-detail-page').waitFor();
      await expect.poll(() => page.title()).toBe(mindTitle('campusPsychologyDetail'));
      await page.getByText(`${school.name} ${klass.name}`).waitFor();
      await expect.poll(() => page.getByTestId('psychology-class-negative').innerText()).toContain('15.7%');
      const alert = page.getByTestId('psychology-class-alerts').locator('tbody tr.ant-table-row').first();
      await expect
        .poll(() => alert.innerText())
        .toMatch(new RegExp(`${beijingDay(Date.now())}[\\s\\S]*50%[\\s\\S]*待处理`));
      await page.getByTestId('psychology-bands').getByText('Autumn screening').waitFor();
      await page.getByTestId('psychology-daily-chart').waitFor();
      await page.getByTestId('psychology-bands-chart').waitFor();
      expect(await page.locator('body').innerText()).not.toContain('Lin Xiao');
      await settledShot(page, 'campuspsy-detail-zh-CN', { fullPage: true });

      // In English.
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByText('Screening bands').waitFor();
      await settledShot(page, 'campuspsy-detail-en', { fullPage: true });
      await page.getByText('Back to the data board').click();
      await page.getByTestId('psychology-table').waitFor();
      await expect.poll(() => classRow.innerText()).toContain('Mild 1');
      await settledShot(page, 'campuspsy-board-en');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // Another school's administrator opening this class is refused in words, and sees none of its figures.
    const otherSchool = await buildOrg(server.db, { type: 'school', name: '东山中学' });
    const otherAdmin = await tokenOf(
      server.url,
      await buildUser(server.db, { roleIds: [SCHOOL_ADMIN], orgId: otherSchool.id }),
    );
    const other = await visit(suite.browser, beijingDesktop);
    try {
      await openMind(other.page, server.url, `/data/campusPsychologyDetail?classId=${klass.id}`, otherAdmin);
      await other.page.getByText('请选择你管理的班级').waitFor();
      expect(await other.page.locator('body').innerText()).not.toContain('15.7%');
      await settledShot(other.page, 'campuspsy-refused-zh-CN');
    } finally {
      await other.close();
    }
  }, 180_000);
});
