import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { dropdown, pickOption } from './dropdowns.ts';
import { buildArchiveWorld } from './mind-archive-world.ts';
import { openMind } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();

// Three roles' pages, an export, and the file's parents: longer than one page's default budget on a busy machine.
describe('the student archive and home visits (issue 9)', () => {
  it('a home visit and a growth record join the flagged student’s file and timeline; another class’s teacher finds no file', async () => {
    const world = await buildArchiveWorld(suite.server);
    const student = world.flagged;
    const teacher = await visit(suite.browser);
    const { page } = teacher;
    try {
      // The psychology teacher sets a home-visit task for the class with a two-question form.
      await openMind(page, suite.server.url, '/data/homeVisitTaskConfig', world.teacher.token);
      await page.getByTestId('visit-task-add').click();
      await page.getByTestId('visit-task-name').fill('Autumn home visits');
      await page.getByTestId('visit-task-classes').click();
      const tree = dropdown(page);
      for (const level of [world.orgs.school.name, world.orgs.grade.name]) {
        await tree
          .locator('.ant-select-tree-treenode', { hasText: level })
          .first()
          .locator('.ant-select-tree-switcher')
          .click();
      }
      await tree.locator('.ant-select-tree-node-content-wrapper', { hasText: world.orgs.klass.name }).click();
      await page.keyboard.press('Escape');
      // Saving a choice question without options is refused under the question.
      await page.getByTestId('visit-question-title').first().fill('家庭氛围如何？');
      await page.getByTestId('visit-question-add').click();
      const second = page.getByTestId('visit-question').nth(1);
      await second.getByTestId('visit-question-title').fill('是否有独立书桌？');
      await page.getByTestId('visit-task-save').click();
      await second.getByText('选择题需要 2-10 个不同的选项').waitFor();
      const options = second.getByTestId('visit-question-options').locator('input');
      for (const option of ['是', '否']) {
        await options.fill(option);
        await options.press('Enter');
      }
      await screenshot(page, 'mind-archive-visit-task-form');
      await page.getByTestId('visit-task-save').click();
      const row = page.getByTestId('visit-task-table').locator('tr', { hasText: 'Autumn home visits' });
      await row.waitFor();
      await expect(row.textContent()).resolves.toContain('2 题');
      await screenshot(page, 'mind-archive-visit-tasks');

      // A visit to the flagged student, with the answers of the form.
      await row.getByTestId('visit-task-record').click();
      await page.getByTestId('visit-form').waitFor();
      await page.getByTestId('visit-student').click();
      await page.keyboard.type(student.name);
      await pickOption(page, student.name);
      await page.getByTestId('visit-people').fill('王老师、学生母亲');
      // A required answer left blank is asked for before anything is sent.
      await page.getByTestId('visit-summary').fill('家庭关系紧张，约定两周后回访。');
      await page.getByTestId('visit-save').click();
      await page.getByTestId('visit-answer').first().getByText('此题必答').waitFor();
      await page.getByTestId('visit-answer').first().locator('textarea').fill('父母工作忙，交流少');
      await page.getByTestId('visit-answer').nth(1).getByText('是', { exact: true }).click();
      await expect.poll(() => page.getByTestId('visit-form').locator('.ant-form-item-explain-error').count()).toBe(0);
      await screenshot(page, 'mind-archive-visit-form');
      await page.getByTestId('visit-save').click();
      const visitRow = page.getByTestId('visit-table').locator('tr', { hasText: student.name });
      await visitRow.waitFor();
      await expect(visitRow.textContent()).resolves.toContain('Autumn home visits');
      await screenshot(page, 'mind-archive-visits');

      // The answers as a real workbook: one column per question.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('visit-export').click()]);
      const file = await download.path();
      const book = XLSX.read(fs.readFileSync(file));
      const sheet = book.Sheets[book.SheetNames[0] ?? ''];
      if (!sheet) throw new Error('the export has no sheet');
      const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
      expect(rows[0]).toEqual(expect.arrayContaining(['家庭氛围如何？', '是否有独立书桌？']));
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual(expect.arrayContaining([student.name, '父母工作忙，交流少', '是']));

      // Her mother, on the roster: her phone shows masked in the file.
      const db = suite.server.db;
      const { school_id } = await db
        .selectFrom('students')
        .select('school_id')
        .where('id', '=', student.studentId)
        .executeTakeFirstOrThrow();
      const { id: motherId } = await db
        .insertInto('parents')
        .values({ school_id, name: '林妈妈', phone: '13712345678', user_id: null, created_at: 0, updated_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('student_parents')
        .values({ student_id: student.studentId, parent_id: motherId, relation: 'mother', created_at: 0 })
        .execute();

      // Her file in the list shows the warning and the visit; in the file, a growth record is added.
      await page.goto(`${suite.server.url}/jdp/data/studentFile`);
      const fileRow = page.getByTestId('student-file-table').locator('tr', { hasText: student.name });
      await fileRow.getByTestId('level-tag').waitFor();
      await screenshot(page, 'mind-archive-files');
      await fileRow.getByTestId('file-open').click();
      await page.getByTestId('student-file-name').filter({ hasText: student.name }).waitFor();
      const mother = page.getByTestId('archive-base').getByTestId(`archive-parent-${motherId}`);
      await mother.getByText('137****5678').waitFor();
      await screenshot(page, 'mind-archive-file');
      // "Show" asks the server for the whole number, which it audits.
      await mother.getByRole('button').click();
      await mother.getByText('13712345678').waitFor();
      const reveals = await db
        .selectFrom('audit_log')
        .select('target_id')
        .where('action', '=', 'parent.reveal')
        .execute();
      expect(reveals).toEqual([{ target_id: String(motherId) }]);
      await page.getByTestId('file-tab-growth').click();
      await page.getByTestId('growth-add').click();
      await page.getByTestId('growth-category').click();
      await pickOption(page, '获奖');
      await page.getByTestId('growth-save').click();
      await page.getByText('请输入标题（50 字以内）').waitFor();
      await page.getByTestId('growth-title').fill('校运会 800 米第三名');
      await page.getByTestId('growth-content').fill('坚持训练一个月，赛后主动帮助同学。');
      await page.getByTestId('growth-save').click();
      await page.getByTestId('growth-table').getByText('校运会 800 米第三名').waitFor();

      // The timeline holds the result, the warning, the visit and the growth record.
      await page.getByTestId('file-tab-timeline').click();
      const timeline = page.getByTestId('archive-timeline');
      await timeline.waitFor();
      for (const kind of ['result', 'warning', 'homeVisit', 'growth']) {
        await timeline.locator(`[data-testid=timeline-event][data-kind=${kind}]`).first().waitFor();
      }
      await expect(timeline.textContent()).resolves.toContain('校运会 800 米第三名');
      await expect(timeline.textContent()).resolves.toContain('家庭关系紧张');
      await screenshot(page, 'mind-archive-timeline');
      await page.getByTestId('file-tab-homeVisits').click();
      await page.getByTestId('archive-visits').getByText('Autumn home visits').waitFor();
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }

    // A class teacher of another class: not in the list, and the address of her file finds nothing.
    const other = await visit(suite.browser);
    try {
      await openMind(other.page, suite.server.url, '/data/studentFile', world.otherTeacher.token);
      await other.page.getByTestId('student-file-table').waitFor();
      await other.page.getByText('您的范围内没有符合条件的学生').waitFor();
      await expect(other.page.getByTestId('student-file-table').textContent()).resolves.not.toContain(student.name);
      await other.page.goto(`${suite.server.url}/jdp/data/studentFileDetails/${student.studentId}`);
      await other.page.getByTestId('archive-not-found').waitFor();
      await screenshot(other.page, 'mind-archive-not-found');
      await other.page.goto(`${suite.server.url}/jdp/data/warningTimerShaft?studentId=${student.studentId}`);
      await other.page.getByTestId('archive-not-found').waitFor();
      // The 404s are the answers the walk expects: her file, and the school above a class teacher's classes
      // (the filters then list the classes of the scope).
      expect(
        unexpected(other.problems, /HTTP 404: .*\/studentFile\/(details|timeline)\//, /HTTP 404: .*\/org\/node\/list/),
      ).toEqual([]);
    } finally {
      await other.close();
    }
  }, 120_000);
});
