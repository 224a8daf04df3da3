import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { tokenOf } from './mind-assess-world.ts';
import { BUREAU_ADMIN, mindTitle, openMind } from './mind-walks.ts';
import { buildWarningWorld, call } from './mind-warnings-world.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite({ services: ['api'] });
const SCHOOL_ADMIN = 2;

/**
 * A district bureau with a sub-district: the warnings walk's school (two students screened, one
 * warned) is moved under the sub-district, and a second school of three students sits directly
 * under the bureau. Each school has a counselling group.
 */
async function buildDistrict() {
  const server = suite.server;
  const db = server.db;
  const world = await buildWarningWorld(server);
  const tag = world.orgs.school.name.split(' ')[1] ?? '';
  const names = { bureau: `滨江区教育局 ${tag}`, street: `西湖街道 ${tag}`, second: `滨江中学 ${tag}` };
  const bureau = await buildOrg(db, { type: 'bureau', name: names.bureau });
  const street = await buildOrg(db, { type: 'bureau', name: names.street, parentId: bureau.id });
  // The school and its subtree move under the sub-district; students carry ids only, not paths.
  await db
    .updateTable('orgs')
    .set({ path: sql`${street.path} || substr(path, 2)`, depth: sql`depth + 2` })
    .where('path', 'like', `${world.orgs.school.path}%`)
    .execute();
  await db.updateTable('orgs').set({ parent_id: street.id }).where('id', '=', world.orgs.school.id).execute();
  const second = await buildOrg(db, { type: 'school', name: names.second, parentId: bureau.id });
  const grade = await buildOrg(db, { type: 'grade', name: '八年级', parentId: second.id });
  const klass = await buildOrg(db, { type: 'class', name: '八年级1班', parentId: grade.id });
  const placement = await placementOf(db, klass.id);
  const secondStudents = await insertStudents(
    db,
    ['周一', '吴二', '郑三'].map((name, n) => ({ ...placement, name, student_no: `B${tag}${n}` })),
  );

  const bureauAdmin = await tokenOf(server.url, await buildUser(db, { roleIds: [BUREAU_ADMIN], orgId: bureau.id }));
  const schoolAdmin = await tokenOf(
    server.url,
    await buildUser(db, { roleIds: [SCHOOL_ADMIN], orgId: world.orgs.school.id }),
  );
  // Hillside's group, applied for by its psychology teacher, approved by the school, one session held.
  const group = await call<{ id: number }>(server, world.teacher.token, 'apis-psychology/group/apply/add', {
    title: '考试减压小组',
    topic: '应对考试压力',
    plan: '六次活动：呼吸放松、时间规划、分享',
    startsOn: '2026-10-08',
    sessions: 6,
    studentIds: world.students.map((s) => s.studentId),
  });
  await call(server, schoolAdmin, 'apis-psychology/group/apply/review', { id: group.id, approve: true, note: null });
  await call(server, world.teacher.token, 'apis-psychology/group/record/add', {
    groupId: group.id,
    heldAt: Date.now() - 3_600_000,
    place: '心理活动室',
    content: '呼吸放松练习',
    absentStudentIds: [],
  });
  // The second school's group, which Hillside must not read.
  const farGroup = await call<{ id: number }>(server, bureauAdmin, 'apis-psychology/group/apply/add', {
    title: '滨江同伴小组',
    topic: '同伴关系',
    plan: '四次活动',
    startsOn: '2026-10-09',
    sessions: 4,
    studentIds: secondStudents,
  });
  return { world, names, bureau, bureauAdmin, schoolAdmin, group, farGroup };
}

describe('the opaque pages xs, grp, qy and qyList (issue 26, decision 0109)', () => {
  it('a bureau reads its areas, one area, the student roll and a group archive; a school sees only its own', async () => {
    const d = await buildDistrict();
    const { world } = d;
    const school = world.orgs.school.name;
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/home', d.bureauAdmin);
      const sidebar = page.getByTestId('mind-sidebar');
      const item = (name: string) => sidebar.locator('li.ant-menu-item').filter({ hasText: new RegExp(`^${name}$`) });
      // An item of a sidebar group, opening the group first if it is folded.
      const openItem = async (group: string, name: string) => {
        await item('首页').waitFor();
        if (!(await item(name).isVisible())) await sidebar.getByText(group).click();
        await item(name).click();
      };

      // The area list, from its sidebar item under Statistics.
      await openItem('统计报表', '区域列表');
      await page.waitForURL(/\/data\/qyList$/);
      await page.getByTestId('area-list-page').waitFor();
      await expect.poll(() => page.title()).toBe(mindTitle('qyList'));
      expect(await page.getByTestId('mind-coming').count()).toBe(0);
      const areaRow = (name: string) => page.getByTestId('area-table').locator('tbody tr', { hasText: name });
      // The sub-district: one school, its two screened students, both sheets answered, one warning open.
      await expect.poll(() => areaRow(d.names.street).innerText()).toMatch(/西湖街道.*\t1\t2\t2 \/ 2\t2\t1\t1/);
      // The bureau's own school: three students, nothing screened yet.
      expect(await areaRow(d.names.bureau).innerText()).toMatch(/\t1\t3\t0 \/ 0\t0\t0\t0/);
      await settledShot(page, 'opaque-qylist-zh-CN');

      // One area: its school with the same counts, and the totals.
      await areaRow(d.names.street).getByTestId('area-open').click();
      await page.waitForURL(/\/data\/qy\?orgId=\d+$/);
      await expect.poll(() => page.title()).toBe(mindTitle('qy'));
      await expect
        .poll(() => page.getByTestId('area-schools').locator('tbody tr.ant-table-row').first().innerText())
        .toContain(school);
      expect(await page.getByTestId('area-totals').innerText()).toMatch(/合计\t2\t2 \/ 2\t2\t1\t1/);
      await settledShot(page, 'opaque-qy-zh-CN');

      // The student roll, from its item under People: each class with its number of students.
      await openItem('师生管理', '学生名册');
      await page.waitForURL(/\/data\/xs$/);
      await expect.poll(() => page.title()).toBe(mindTitle('xs'));
      const roll = page.getByTestId('roll-table');
      const classRow = roll.locator('tbody tr.ant-table-row', { hasText: world.orgs.klass.name });
      await expect.poll(() => classRow.innerText()).toContain(school);
      expect(await classRow.innerText()).toMatch(/\t2$/);
      expect(await roll.locator('tbody tr.ant-table-row', { hasText: '八年级1班' }).innerText()).toMatch(/\t3$/);
      await expect.poll(() => page.getByTestId('roll-total').innerText()).toBe('共 3 个班级，5 名在籍学生');
      // A class opens to its students; a name opens the student's archive.
      await classRow.locator('.ant-table-row-expand-icon').click();
      await page.getByTestId('roll-students').getByText('Lin Xiao').waitFor();
      await settledShot(page, 'opaque-xs-zh-CN');
      await page.getByTestId('roll-students').getByText('Lin Xiao').click();
      await page.waitForURL(new RegExp(`/data/studentFileDetails/${world.flagged.studentId}$`));

      // The group archive: a tab beside the group applications, and a link from each.
      await openMind(page, suite.server.url, '/data/groupApply', d.bureauAdmin);
      await page.getByTestId('group-apply-page').waitFor();
      await page
        .getByTestId('group-table')
        .locator('tbody tr', { hasText: '考试减压小组' })
        .getByTestId('group-archive-link')
        .click();
      await page.waitForURL(new RegExp(`/data/grp\\?id=${d.group.id}$`));
      await expect.poll(() => page.title()).toBe(mindTitle('grp'));
      await page.getByRole('tab', { name: '团体档案' }).waitFor();
      await page.getByTestId('group-archive-application').getByText('应对考试压力').waitFor();
      await page.getByTestId('group-archive-application').getByText('计划 6 次，已开展 1 次').waitFor();
      await page.getByTestId('group-archive-members').getByText('Chen Yu').waitFor();
      await page.getByTestId('group-archive-sessions').getByText('心理活动室').waitFor();
      await settledShot(page, 'opaque-grp-zh-CN', { fullPage: true });

      // In English.
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByText('Sessions held', { exact: true }).waitFor();
      await settledShot(page, 'opaque-grp-en', { fullPage: true });
      await openMind(page, suite.server.url, '/data/qyList', d.bureauAdmin);
      await page.getByTestId('area-table').getByRole('columnheader', { name: 'Open warnings' }).waitFor();
      await settledShot(page, 'opaque-qylist-en');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // A school's administrator: its own school's area only; the bureau's area and another school's group refused in words.
    const schoolDesk = await visit(suite.browser);
    try {
      const { page } = schoolDesk;
      await openMind(page, suite.server.url, '/data/qyList', d.schoolAdmin);
      const rows = page.getByTestId('area-table').locator('tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().innerText()).toMatch(/西湖街道.*\t1\t2\t/);
      await settledShot(page, 'opaque-qylist-school-zh-CN');
      await openMind(page, suite.server.url, `/data/qy?orgId=${d.bureau.id}`, d.schoolAdmin);
      await page.getByText('该区域不在您的数据范围内，请从区域列表中选择').waitFor();
      expect(await page.locator('body').innerText()).not.toContain(d.names.second);
      await settledShot(page, 'opaque-qy-refused-zh-CN');
      await openMind(page, suite.server.url, `/data/grp?id=${d.farGroup.id}`, d.schoolAdmin);
      await page.getByText('团体辅导不存在').waitFor();
      expect(await page.locator('body').innerText()).not.toContain('周一');
      await settledShot(page, 'opaque-grp-refused-zh-CN');
      // Its roll holds its own classes only.
      await openMind(page, suite.server.url, '/data/xs', d.schoolAdmin);
      await expect.poll(() => page.getByTestId('roll-total').innerText()).toBe('共 2 个班级，2 名在籍学生');
    } finally {
      await schoolDesk.close();
    }
  }, 180_000);
});
