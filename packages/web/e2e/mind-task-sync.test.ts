import { describe, expect, it } from 'vitest';
import { insertStudents, placementOf } from '../../server/src/mind/people/students/testing.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { tokenOf } from './mind-assess-world.ts';
import { openMind, PSYCHOLOGY_TEACHER } from './mind-walks.ts';
import { settledShot } from './portal-admin-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

const BUREAU_ADMIN = 1;
const HOUR = 3_600_000;

/** A bureau with one school of one class of two students, the bureau's administrator and the school's psychology teacher. */
async function buildBureauWorld() {
  const db = suite.server.db;
  const tag = Math.random().toString(36).slice(2, 6);
  const bureau = await buildOrg(db, { type: 'bureau', name: `Riverside Bureau ${tag}` });
  const school = await buildOrg(db, { type: 'school', name: `Hillside ${tag}`, parentId: bureau.id });
  const grade = await buildOrg(db, { type: 'grade', name: `Grade 7 ${tag}`, parentId: school.id });
  const klass = await buildOrg(db, { type: 'class', name: `Class 7-1 ${tag}`, parentId: grade.id });
  const placement = await placementOf(db, klass.id);
  await insertStudents(db, [
    { ...placement, name: 'Lin Xiao', student_no: `S${tag}1` },
    { ...placement, name: 'Chen Yu', student_no: `S${tag}2` },
  ]);
  const admin = await buildUser(db, { roleIds: [BUREAU_ADMIN], orgId: bureau.id });
  const teacher = await buildUser(db, { roleIds: [PSYCHOLOGY_TEACHER], orgId: school.id });
  const phq = await db
    .selectFrom('scales')
    .select('id')
    .where('code', '=', 'PHQ-9')
    .where('owner_org_id', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    school: { id: school.id, name: `Hillside ${tag}` },
    admin: await tokenOf(suite.server.url, admin),
    teacher: await tokenOf(suite.server.url, teacher),
    phq: phq.id,
  };
}

describe('survey task sync (issue 26)', () => {
  it('a bureau syncs its task to its school, and the school’s teacher finds it as the school’s own task', async () => {
    const world = await buildBureauWorld();
    const now = Date.now();
    // The bureau's task, as its form saves it: a draft for the school.
    const created = await fetch(`${suite.server.url}/api/apis-psychology/survey/record/createTask`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-authorization': world.admin },
      body: JSON.stringify({
        name: 'District spring screening',
        scaleIds: [world.phq],
        targets: { schoolIds: [world.school.id], gradeIds: [], classIds: [], studentIds: [], teacherUserIds: [] },
        startsAt: now - HOUR,
        endsAt: now + 48 * HOUR,
      }),
    });
    expect(created.status).toBe(200);

    const bureau = await visit(suite.browser);
    try {
      await openMind(bureau.page, suite.server.url, '/data/scaleMeasurement', world.admin);
      const row = bureau.page.getByTestId('task-table').locator('tr', { hasText: 'District spring screening' });
      await row.getByTestId('task-sync').click();
      await bureau.page.getByRole('button', { name: '同步到学校' }).last().click();
      const result = bureau.page.getByTestId('task-synced');
      await result.waitFor();
      await expect(result.textContent()).resolves.toBe(
        '同步完成：新建 1 所，更新 0 所，未变 0 所，已有人作答而保留 0 所',
      );
      await screenshot(bureau.page, 'tasksync-bureau-synced');
      // The asking dialog may still be closing beside the answer: press the answer's own button.
      await bureau.page.getByRole('button', { name: '知道了' }).click();
      await bureau.page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
      const table = bureau.page.getByTestId('task-table');
      const synced = table.locator('tr', { hasText: '已同步 1 所学校' });
      await synced.waitFor();
      // The bureau's row rolls the school's sheets up; the school's copy is listed beside it, from the bureau.
      await expect(synced.textContent()).resolves.toContain('0 / 2');
      await expect(synced.getByTestId('task-publish').count()).resolves.toBe(0);
      const copy = table.locator('tr', { hasText: '来自教育局' });
      await expect(copy.textContent()).resolves.toContain(world.school.name);
      await settledShot(bureau.page, 'tasksync-bureau-list');
      expect(unexpected(bureau.problems)).toEqual([]);
    } finally {
      await bureau.close();
    }

    const school = await visit(suite.browser);
    try {
      await openMind(school.page, suite.server.url, '/data/scaleMeasurement', world.teacher);
      const row = school.page.getByTestId('task-table').locator('tr', { hasText: 'District spring screening' });
      await row.getByText('来自教育局').waitFor();
      await row.getByText('进行中').waitFor();
      await expect(row.textContent()).resolves.toContain(world.school.name);
      await expect(row.textContent()).resolves.toContain('0 / 2');
      // The school runs its copy but cannot sync or delete it: those are the bureau's.
      await expect(row.getByTestId('task-sync').count()).resolves.toBe(0);
      await expect(row.getByText('删除').count()).resolves.toBe(0);
      await settledShot(school.page, 'tasksync-school-list');
      expect(unexpected(school.problems)).toEqual([]);
    } finally {
      await school.close();
    }
  });
});
