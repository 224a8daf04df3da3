import type { EmotionBoard, EmotionDistrictScreen } from '@meridian/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { campusDevice } from './campus-walks.ts';
import { mindApi, mindTitle, openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const BUREAU_ADMIN = 1;
const SCHOOL_ADMIN = 2;
const wall = { viewport: { width: 1920, height: 1080 } };
const DAY = 86_400_000;
const calm = { happy: 0.3, calm: 0.5, surprised: 0.1, sad: 0.1, angry: 0, fearful: 0 };
const gloomy = { happy: 0.1, calm: 0.3, surprised: 0.1, sad: 0.3, angry: 0.1, fearful: 0.1 };

const api = <T>(path: string, token: string, body?: unknown) => mindApi<T>(suite.server.url, path, token, body);

/** A user of a role at an organisation, signed in through the real sign-in call. */
async function signedIn(roleId: number, orgId: number, phone?: string) {
  const user = await buildUser(suite.server.db, { roleIds: [roleId], identityId: 1, orgId, phone });
  const token = (
    await api<{ token: string }>('apis-authz/authz/login', '', { account: user.account, password: user.password })
  ).token;
  return { ...user, token };
}

const figure = (page: Page, testId: string, value: string) =>
  page
    .getByTestId(`${testId}-value`)
    .filter({ hasText: new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .waitFor();

/** Beijing day `daysAgo` days back, as the screens ask for it. */
const dayOf = (daysAgo: number) => new Date(Date.now() + 8 * 3_600_000 - daysAgo * DAY).toISOString().slice(0, 10);

describe('the emotion screens and personal information (issue 21)', () => {
  it('shows a district, a sub-district and a school their classes’ emotions as the API counts them, and a user their own information', async () => {
    const db = suite.server.db;
    const tag = Math.random().toString(36).slice(2, 6);
    const phone = `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const bureau = await buildOrg(db, { type: 'bureau', name: `滨江区教育局 ${tag}` });
    const streetName = `西兴街道 ${tag}`;
    const street = await buildOrg(db, { type: 'bureau', name: streetName, parentId: bureau.id });
    const places = [
      {
        school: `滨江第一中学 ${tag}`,
        parentId: bureau.id,
        classes: [
          ['七年级1班', gloomy],
          ['七年级2班', calm],
        ],
      },
      { school: `西兴实验学校 ${tag}`, parentId: street.id, classes: [['八年级1班', gloomy]] },
    ] as const;
    const admins: Array<Awaited<ReturnType<typeof signedIn>> & { schoolId: number }> = [];
    for (const place of places) {
      const school = await buildOrg(db, { type: 'school', name: place.school, parentId: place.parentId });
      const grade = await buildOrg(db, { type: 'grade', name: '年级', parentId: school.id });
      const admin = await signedIn(SCHOOL_ADMIN, school.id, admins.length === 0 ? phone : undefined);
      admins.push({ ...admin, schoolId: school.id });
      const { box } = await campusDevice(suite.server.url, admin.token, school.id, '教室摄像头', '教学楼');
      for (const [name, emotions] of place.classes) {
        const klass = await buildOrg(db, { type: 'class', name, parentId: grade.id });
        for (let d = 6; d >= 0; d--) {
          const answer = await box.emotion({
            classId: klass.id,
            faces: 40,
            emotions,
            occurredAt: Date.now() - d * DAY,
          });
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        }
      }
    }
    const bureauAdmin = await signedIn(BUREAU_ADMIN, bureau.id);
    const range = `from=${dayOf(29)}&to=${dayOf(0)}&by=day`;
    const district = await api<EmotionDistrictScreen>(
      `apis-psychology/screen/emotion/district?${range}`,
      bureauAdmin.token,
    );
    expect(district.schools).toHaveLength(2);

    // The district wall, at 1920x1080: the figures the call answers.
    const { page, problems, close } = await visit(suite.browser, wall);
    await openMind(page, suite.server.url, '/districtScreenEmotion', bureauAdmin.token);
    await figure(page, 'kpi-schools', String(district.schools.length));
    await figure(page, 'kpi-over', String(district.classesOverTotal));
    await figure(page, 'kpi-negative', `${Math.round(district.total.negative * 1000) / 10}%`);
    for (const s of district.schools) await page.getByTestId('schools-table').getByText(s.schoolName).waitFor();
    await page.getByTestId('over-table').getByText('七年级1班').waitFor();
    for (const card of ['card-schools', 'card-trend']) await page.getByTestId(card).locator('canvas').waitFor();
    expect(await page.title()).toBe(mindTitle('districtScreenEmotion'));
    await screenshot(page, 'emoscreens-district-zh');
    await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
    await page.reload();
    await page.getByRole('heading', { name: 'District emotion screen' }).waitFor();
    await page.getByTestId('card-trend').locator('canvas').waitFor();
    await screenshot(page, 'emoscreens-district-en');
    await page.evaluate(() => localStorage.setItem('meridian.lang', 'zh-CN'));

    // The sub-district wall: only the street's school.
    await openMind(page, suite.server.url, `/districtScreenEmotionJd?orgId=${street.id}`, bureauAdmin.token);
    await figure(page, 'kpi-schools', '1');
    await page.getByTestId('kpi-range').getByText(streetName).waitFor();
    await page.getByTestId('schools-table').getByText(places[1].school).waitFor();
    expect(await page.getByTestId('schools-table').innerText()).not.toContain(places[0].school);
    for (const card of ['card-schools', 'card-trend']) await page.getByTestId(card).locator('canvas').waitFor();
    expect(await page.title()).toBe(mindTitle('districtScreenEmotionJd'));
    await screenshot(page, 'emoscreens-street-zh');
    expect(unexpected(problems)).toEqual([]);
    await close();

    // The school cockpit for the first school's administrator: its two classes in the heat.
    const [first, second] = admins;
    if (!first || !second) throw new Error('admins missing');
    const school = await api<EmotionBoard>(`apis-psychology/screen/emotion/school?${range}`, first.token);
    const mine = await visit(suite.browser, wall);
    await openMind(mine.page, suite.server.url, '/schoolWarningScreenEmotion', first.token);
    await mine.page
      .getByTestId('heat-row')
      .nth(school.classes.length - 1)
      .waitFor();
    expect(await mine.page.getByTestId('heat-row').count()).toBe(school.classes.length);
    await figure(mine.page, 'kpi-classes', String(school.classes.length));
    for (const card of ['card-trend', 'card-hours']) await mine.page.getByTestId(card).locator('canvas').waitFor();
    expect(await mine.page.title()).toBe(mindTitle('schoolWarningScreenEmotion'));
    await screenshot(mine.page, 'emoscreens-school-zh');
    // Another school is refused in words, and none of its classes shows.
    await openMind(mine.page, suite.server.url, `/schoolWarningScreenEmotion?schoolId=${second.schoolId}`, first.token);
    await mine.page.getByTestId('card-heat-error').getByText('请选择你管理的学校', { exact: false }).waitFor();
    expect(await mine.page.getByTestId('mind-screen').innerText()).not.toContain('八年级1班');
    await screenshot(mine.page, 'emoscreens-school-refused-zh');
    expect(unexpected(mine.problems, /HTTP 403: .*screen\/emotion\//, /status of 403/)).toEqual([]);

    // Personal information: the user's own, the phone masked, the way to change the password.
    await openMind(mine.page, suite.server.url, '/personalInformation', first.token);
    await mine.page
      .getByTestId('me-phone')
      .getByText(`138****${phone.slice(-4)}`)
      .waitFor();
    await mine.page.getByTestId('me-org').getByText(places[0].school).waitFor();
    await mine.page.getByTestId('me-change-password').waitFor();
    expect(await mine.page.getByTestId('me-card').innerText()).not.toContain(phone);
    await screenshot(mine.page, 'emoscreens-personal-zh');
    await mine.close();

    // Without a session it shows nothing but the way to sign in.
    const stranger = await visit(suite.browser, { viewport: { width: 375, height: 740 } });
    await stranger.page.goto(`${suite.server.url}/jdp/personalInformation`);
    await stranger.page.getByTestId('me-sign-in').waitFor();
    await screenshot(stranger.page, 'emoscreens-personal-signed-out-phone');
    await stranger.close();
  });
});
