import { translate } from '@meridian/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../server/test/files.ts';
import { screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { buildWarningWorld, type WarningWorld, warningsSuite } from './mind-warnings-world.ts';
import { ADMIN } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = warningsSuite();

/** Picks the option of an open antd select whose text contains `text`. */
/** The warning page's state tag reads `state` and its history has `steps` entries. */
async function seeStep(page: Page, state: string, steps: number): Promise<void> {
  await page.getByTestId('warning-page').getByTestId('warning-state').filter({ hasText: state }).waitFor();
  await expect.poll(() => page.getByTestId('history-item').count()).toBe(steps);
}

/** Raises a warning from a teacher's report, as the report call does, and answers its id. */
async function reportWarning(token: string, studentId: number): Promise<number> {
  const response = await fetch(`${suite.server.url}/api/apis-psychology/warning/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    body: JSON.stringify({ studentId, level: 'yellow', source: 'report', reason: 'Crying in class twice this week' }),
  });
  const body = (await response.json()) as { data?: { id?: number } };
  if (!body.data?.id) throw new Error(`report refused: ${JSON.stringify(body)}`);
  return body.data.id;
}

async function okDialog(page: Page): Promise<void> {
  await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
  await page.locator('.ant-modal-wrap:visible').waitFor({ state: 'detached' });
}

describe('a PHQ-9 warning from set-up to solved (issue 9)', () => {
  let world: WarningWorld;
  beforeAll(async () => {
    world = await buildWarningWorld(suite.server);
  });

  it('the psychology teacher sets it up, publishes, interviews, visits again and solves it', async () => {
    const teacher = await visit(suite.browser);
    try {
      const { page } = teacher;
      await openMind(page, suite.server.url, '/data/intervene', world.teacher.token);
      const table = page.getByTestId('warning-table');
      const row = table.locator('tr', { hasText: world.flagged.name });
      await row.waitFor();
      // Only the student who answered item 9 was flagged, as a new warning.
      await expect(table.locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
      await expect(row.getByTestId('warning-state').textContent()).resolves.toBe('新预警');
      await expect(page.getByTestId('warning-total').textContent()).resolves.toBe('1');
      await screenshot(page, 'mind-warnings-list');

      await row.getByTestId(`warning-open-${world.warningId}`).click();
      await seeStep(page, '新预警', 1);
      await expect(page.getByTestId('warning-publish').count()).resolves.toBe(0);

      // Set-up: the school's psychology teacher; the class teacher is the class's head by default.
      await page.getByTestId('warning-setup').click();
      await page.locator('#psychologyUserId').click();
      await pickOption(page, 'Ms Wang');
      // The class's head teacher is chosen unless another is picked.
      await page.locator('.ant-modal-wrap:visible').getByText('Mr Li（班主任）').waitFor();
      await screenshot(page, 'mind-warnings-setup');
      await okDialog(page);
      await seeStep(page, '已设置处理人', 2);
      await page.getByTestId('warning-psychology').filter({ hasText: 'Ms Wang' }).waitFor();

      await page.getByTestId('warning-publish').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await seeStep(page, '已发布', 3);

      // The level falls after a talk with the parents: the reason is required and kept.
      await page.getByTestId('warning-relevel').click();
      await page.getByTestId('relevel-level').click();
      await pickOption(page, '橙色预警');
      await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
      await page.getByText(translate('v.warning.reason', 'zh-CN')).waitFor();
      await page.getByTestId('step-reason').fill('Parents report she is sleeping and eating again.');
      await okDialog(page);
      await seeStep(page, '已发布', 4);
      await page.getByTestId('warning-page').getByTestId('warning-level').filter({ hasText: '橙色预警' }).waitFor();

      // An interview: place and people are asked for in the server's words before it is sent.
      await page.getByTestId('warning-record').click();
      await page.getByTestId('record-content').fill('Talked about sleep and school; agreed on weekly check-ins.');
      await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
      await page.getByText(translate('v.interview.placePeople', 'zh-CN')).first().waitFor();
      await page.getByTestId('record-place').fill('Counselling room 2');
      await page.getByTestId('record-people').fill('Lin Xiao, Ms Wang');
      await page.getByTestId('record-private-note').fill('Mentions trouble at home.');
      // Attachments are checked by content: a program renamed to .png is refused in the server's words.
      const picker = page.locator('.ant-modal-wrap:visible input[type=file]');
      const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), Buffer.alloc(64, 1)]);
      await picker.setInputFiles({ name: 'virus.png', mimeType: 'image/png', buffer: program });
      await page.getByText(translate('files.wrongKind.attachment', 'zh-CN')).first().waitFor();
      const refused = page.locator('.ant-upload-list-item-error', { hasText: 'virus.png' });
      await refused.waitFor();
      await refused.hover();
      await refused.locator('.ant-upload-list-item-action').click();
      await refused.waitFor({ state: 'detached' });
      await picker.setInputFiles({ name: 'sleep-diary.png', mimeType: 'image/png', buffer: png(48, 32) });
      await page.locator('.ant-upload-list-item-done', { hasText: 'sleep-diary.png' }).waitFor();
      await screenshot(page, 'mind-warnings-interview');
      await okDialog(page);
      await seeStep(page, '干预中', 5);
      const interviewRow = page.getByTestId('record-table').locator('tr', { hasText: '访谈' });
      const attachment = interviewRow.getByTestId('record-attachments').getByRole('link', { name: 'sleep-diary.png' });
      await attachment.waitFor();
      // The file is protected: the link opens a copy fetched with the session, in a new tab.
      const [tab] = await Promise.all([page.context().waitForEvent('page'), attachment.click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toMatch(/^blob:/);
      await screenshot(tab, 'mind-warnings-attachment');
      await tab.close();
      await screenshot(page, 'mind-warnings-interview-saved');

      // A return visit by phone; the form offers it once an interview exists.
      await page.getByTestId('warning-record').click();
      await page.getByTestId('record-method').click();
      await pickOption(page, '电话');
      await page.getByTestId('record-content').fill('Sleeping better; keeps the weekly check-ins.');
      await okDialog(page);
      await seeStep(page, '干预中', 6);
      await page.getByTestId('record-table').getByText('回访').waitFor();

      // Solving needs the conclusion.
      await page.getByTestId('warning-solve').click();
      await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();
      await page.getByText(translate('v.warning.conclusion', 'zh-CN')).waitFor();
      await page.getByTestId('step-conclusion').fill('Stable after two follow-ups; back to routine care.');
      await okDialog(page);
      await seeStep(page, '已解决', 7);
      const history = (await page.getByTestId('warning-history').textContent()) ?? '';
      for (const step of [
        '产生预警',
        '设置处理人',
        '发布预警',
        '干预记录',
        '解除预警',
        'Stable after two follow-ups',
      ]) {
        expect(history).toContain(step);
      }
      await expect(page.getByTestId('warning-setup').count()).resolves.toBe(0);
      // The author reads the private note of their interview.
      const interview = page.getByTestId('record-table').locator('tr', { hasText: '访谈' });
      await interview.locator('.ant-table-row-expand-icon').click();
      await page.getByTestId('record-private-note-text').filter({ hasText: 'Mentions trouble at home.' }).waitFor();
      await screenshot(page, 'mind-warnings-solved');

      // The student's warnings, the interview and return-visit lists, the to-dos.
      await page.getByText('学生全部预警').click();
      await page.getByTestId('student-warning').getByTestId('warning-state').filter({ hasText: '已解决' }).waitFor();
      await expect(page.getByTestId('student-warning').getByTestId('history-item').count()).resolves.toBe(7);
      await screenshot(page, 'mind-warnings-student');
      for (const [path, kind] of [
        ['interview', '访谈'],
        ['returnVisit', '回访'],
      ] as const) {
        await page.goto(`${suite.server.url}/jdp/data/${path}`);
        await page.getByTestId(`${path}-table`).getByText(kind).waitFor();
        await expect(page.getByTestId(`${path}-table`).locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
        // Each record names its student.
        await page
          .getByTestId(`${path}-table`)
          .locator('tbody tr.ant-table-row')
          .getByText(world.flagged.name)
          .waitFor();
      }
      await page.goto(`${suite.server.url}/jdp/pending`);
      await page.getByTestId('todo-page').waitFor();
      await page.getByText('已办', { exact: true }).click();
      await page.getByTestId('todo-table').locator('tbody tr.ant-table-row').first().waitFor();
      // Titles name the level as configured, not by its code.
      const todos = (await page.getByTestId('todo-table').textContent()) ?? '';
      expect(todos).toContain(`请跟进预警：${world.flagged.name}（红色预警）`);
      expect(todos).not.toMatch(/（(red|orange|yellow)）/);
      await screenshot(page, 'mind-warnings-todos');
      await page.goto(`${suite.server.url}/jdp/data/intervene`);
      await table
        .locator('tr', { hasText: world.flagged.name })
        .getByTestId('warning-state')
        .filter({ hasText: '已解决' })
        .waitFor();
      // The refused program is the one expected refusal.
      expect(unexpected(teacher.problems, /^HTTP 400: .*\/upload\/attachment$/)).toEqual([]);
    } finally {
      await teacher.close();
    }
  });

  it('the head teacher of another class sees an empty list, and the warning is not found and the student has none', async () => {
    const outsider = await visit(suite.browser);
    try {
      const { page } = outsider;
      await openMind(page, suite.server.url, '/data/intervene', world.otherClassTeacher.token);
      await page.getByTestId('warning-total').filter({ hasText: '0' }).waitFor();
      await page.getByTestId('warning-table').getByText('暂无预警').waitFor();
      await expect(page.getByTestId('warning-table').locator('tbody tr.ant-table-row').count()).resolves.toBe(0);
      await screenshot(page, 'mind-warnings-outsider-list');
      await page.goto(`${suite.server.url}/jdp/data/intervene?id=${world.warningId}`);
      await page.getByTestId('not-found').waitFor();
      await screenshot(page, 'mind-warnings-outsider-warning');
      // The student's warnings answer nothing, saying nothing of whether the student exists elsewhere.
      await page.goto(`${suite.server.url}/jdp/data/earlyWarningIntervention/${world.flagged.studentId}`);
      await page.getByTestId('student-warnings').getByText('该学生没有预警').waitFor();
      await expect(page.getByText(world.flagged.name).count()).resolves.toBe(0);
      await page.goto(`${suite.server.url}/jdp/data/interview`);
      await page.getByTestId('interview-table').getByText('暂无记录').waitFor();
      await screenshot(page, 'mind-warnings-outsider-interview');
      // A class teacher asks for the grades under the school and is answered within their classes (useOrgNodes).
      const expected = [/HTTP 404: .*\/apis-psychology\/warning\//, /HTTP 404: .*\/apis-rbac\/org\/node\/list/];
      expect(unexpected(outsider.problems, ...expected)).toEqual([]);
    } finally {
      await outsider.close();
    }
  });

  it('the reminder model and its change log, the last levels and the due follow-ups, also in English', async () => {
    const admin = await visit(suite.browser);
    try {
      const { page } = admin;
      await openMind(
        page,
        suite.server.url,
        '/data/reminderConfiguration',
        await tokenOf(suite.server.url, { id: 0, ...ADMIN }),
      );
      await page.getByTestId('reminder-page').waitFor();
      const days = page.getByTestId('reminder-days-0');
      await days.fill('100');
      await page.getByTestId('reminder-save').click();
      await page.getByText(translate('v.reminder.everyDays', 'zh-CN')).waitFor();
      await days.fill('5');
      await page.getByTestId('reminder-save').click();
      await page.getByText('提醒模型已保存').waitFor();
      // The rule each level has now (process/rule/djft) follows the save.
      await page.getByTestId('reminder-applied').getByText('每 5 天', { exact: false }).waitFor();
      await screenshot(page, 'mind-warnings-reminder');
      await page.getByRole('tab', { name: '提醒模型变更记录' }).click();
      await page.getByTestId('reminder-log-table').getByText('每 5 天', { exact: false }).waitFor();
      await screenshot(page, 'mind-warnings-reminder-log');

      // The levels: a code the rule refuses is answered in the catalogue's words before saving.
      await page.goto(`${suite.server.url}/jdp/data/lastWarningLevel`);
      await page.getByTestId('last-level-table').locator('tbody tr.ant-table-row').first().waitFor();
      await page.getByTestId('levels-edit').click();
      const code = page.locator('.ant-drawer').getByPlaceholder('编码').first();
      await code.fill('Red!');
      await page.getByTestId('levels-save').click();
      await page.locator('.ant-drawer').getByText(translate('v.warningLevel.code', 'zh-CN')).waitFor();
      await screenshot(page, 'mind-warnings-levels');
      await code.fill('red');
      await page.getByTestId('levels-save').click();
      await page.getByText('预警等级已保存').waitFor();
      expect(unexpected(admin.problems)).toEqual([]);
    } finally {
      await admin.close();
    }

    const teacher = await visit(suite.browser);
    try {
      const { page } = teacher;
      await openMind(page, suite.server.url, '/data/lastWarningLevel', world.teacher.token);
      const row = page.getByTestId('last-level-table').locator('tr', { hasText: world.flagged.name });
      await row.getByText('橙色预警').waitFor();
      await screenshot(page, 'mind-warnings-last-level');
      // Solved warnings need no follow-up.
      await page.goto(`${suite.server.url}/jdp/data/attentionReminder`);
      await page.getByTestId('attention-table').getByText('没有需要跟进的预警').waitFor();
      // A teacher's report about the other student: set up, handed to another teacher, then cancelled.
      const reported = await reportWarning(world.teacher.token, world.students[1]?.studentId ?? 0);
      await page.goto(`${suite.server.url}/jdp/data/intervene?id=${reported}`);
      await seeStep(page, '新预警', 1);
      await page.getByTestId('warning-setup').click();
      await page.locator('#psychologyUserId').click();
      await pickOption(page, 'Ms Wang');
      await okDialog(page);
      await seeStep(page, '已设置处理人', 2);
      await page.getByTestId('warning-handover').click();
      await page.getByTestId('handover-receiver').click();
      await pickOption(page, 'Ms Zhao');
      await page.getByTestId('step-reason').fill('Ms Zhao knows the family.');
      await screenshot(page, 'mind-warnings-handover');
      await okDialog(page);
      await seeStep(page, '已设置处理人', 3);
      await page.getByTestId('warning-psychology').filter({ hasText: 'Ms Zhao' }).waitFor();
      await page.getByTestId('warning-cancel').click();
      await page.getByTestId('step-reason').fill('Reported by mistake.');
      await okDialog(page);
      await seeStep(page, '已取消', 4);
      const story = (await page.getByTestId('warning-history').textContent()) ?? '';
      for (const step of ['转交', 'Ms Zhao knows the family.', '取消预警', 'Reported by mistake.'])
        expect(story).toContain(step);

      await page.goto(`${suite.server.url}/jdp/data/intervene`);
      await page.getByText('English', { exact: true }).click();
      await page.getByTestId('warning-table').getByText('Solved').waitFor();
      await page.getByText('Warnings:').waitFor();
      await screenshot(page, 'mind-warnings-list-en');
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }
  });
});
