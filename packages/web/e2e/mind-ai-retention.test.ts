import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { screenshot, visit } from './browser.ts';
import { aiClassWorld, aiWalkSuite } from './mind-ai-world.ts';
import { tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = aiWalkSuite('sk-walk-retention');
const HOUR = 3_600_000;

/** One API call as the page would make it; answers the envelope's data. */
async function api<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${suite.server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

describe('AI transcript retention and deletion (issue 23)', () => {
  it("the school sets its retention, deletes a student's transcript on request, and the report shows the marker", async () => {
    const world = await aiClassWorld(suite);
    const student = world.students[0];
    if (!student) throw new Error('no student');
    // A student has answered a PHQ-9 interview (by tapping the options: the conversation is kept all the same).
    const phq9 = await suite.server.db
      .selectFrom('scales')
      .select('id')
      .where('code', '=', 'PHQ-9')
      .where('owner_org_id', 'is', null)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const task = await api<{ id: number }>(world.teacher.token, 'POST', '/apis-psychology/survey/record/createTask', {
      name: 'AI 访谈 · 保留期限',
      scaleIds: [phq9.id],
      targets: { schoolIds: [], gradeIds: [], classIds: [world.orgs.klass.id], studentIds: [], teacherUserIds: [] },
      startsAt: now - HOUR,
      endsAt: now + 24 * HOUR,
      mode: 'interview',
    });
    await api(world.teacher.token, 'POST', '/apis-psychology/survey/task/publish', { id: task.id });
    const studentToken = await tokenOf(suite.server.url, student);
    const ref = { taskId: task.id, scaleId: phq9.id };
    const h5 = '/apis-psychology/h5/interview';
    await api(studentToken, 'POST', `${h5}/start`, ref);
    suite.ai.script({ reply: JSON.stringify({ option: 'B', followUp: null, next: '第 2 个问题……' }) });
    await api(studentToken, 'POST', `${h5}/say`, { ...ref, text: '有那么几天提不起劲' });
    for (const item of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) {
      await api(studentToken, 'POST', `${h5}/confirm`, { ...ref, itemId: item, value: item === '9' ? 'A' : 'B' });
    }
    await api(studentToken, 'POST', `${h5}/submit`, ref);
    // The same student wrote to the tree hole and shared the conversation with the school.
    suite.ai.script({ reply: '听起来你这几天挺累的，愿意多说一点吗？' });
    const hole = await api<{ conversations: { id: number }[] }>(
      studentToken,
      'POST',
      '/apis-psychology/h5/treeHole/say',
      {
        text: '这几天睡不好，心里很乱',
      },
    );
    const conversationId = hole.conversations[0]?.id;
    await api(studentToken, 'POST', '/apis-psychology/h5/treeHole/share', { conversationId, shared: true });

    const schoolAdmin = await buildUser(suite.server.db, { roleIds: [2], identityId: 1, orgId: world.orgs.school.id });
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      const token = await tokenOf(suite.server.url, schoolAdmin);
      // The retention, beside the legal basis: 365 days until the school sets it.
      await openMind(page, suite.server.url, '/data/aiSetting', token);
      const row = page.getByTestId('ai-schools').locator('tr', { hasText: world.orgs.school.name });
      await row.getByTestId('ai-school-retention').filter({ hasText: '365 天' }).waitFor();
      await row.getByTestId('ai-school-edit').click();
      await page.getByText('超过该天数的 AI 访谈与树洞对话记录每晚删除（30 至 1825 天）').waitFor();
      await page.getByTestId('ai-retention').fill('180');
      await screenshot(page, 'airetention-dialog');
      await page.getByTestId('ai-school-save').click();
      await page.getByText('已记录').waitFor();
      await row.getByTestId('ai-school-retention').filter({ hasText: '180 天' }).waitFor();
      await screenshot(page, 'airetention-schools');

      // The student asks for the transcript to be deleted: the administrator opens the report and deletes it.
      await openMind(page, suite.server.url, '/data/AIScaleResult', token);
      await page.getByTestId('interview-results').getByText(student.name).waitFor();
      await page.getByTestId('interview-report-link').first().click();
      const transcript = page.getByTestId('interview-report-transcript');
      await transcript.getByText('有那么几天提不起劲').waitFor();
      await page.getByTestId('transcript-delete').click();
      await page.getByTestId('transcript-delete-ok').click();
      await page.getByText('请填写删除原因', { exact: true }).waitFor();
      await page.getByTestId('transcript-delete-reason').fill('学生本人书面申请删除');
      await screenshot(page, 'airetention-delete');
      await page.getByTestId('transcript-delete-ok').click();
      await transcript
        .getByTestId('transcript-deleted')
        .getByText(/对话记录已应申请于 \d{4}-\d{2}-\d{2} 删除/)
        .waitFor();
      await transcript.getByText('原因：学生本人书面申请删除').waitFor();
      await expect(transcript.getByText('有那么几天提不起劲').count()).resolves.toBe(0);
      // The score stays: 8 × 1 + 0.
      await expect(page.getByTestId('interview-report-total').textContent()).resolves.toBe('8');
      await screenshot(page, 'airetention-marker');

      // And a tree-hole conversation, from the chat report's drawer.
      await openMind(page, suite.server.url, '/data/AIReport', token);
      const report = page.getByTestId('tree-hole-report');
      await report.getByText(student.name).waitFor();
      await report.getByTestId('tree-hole-read').click();
      await page.getByTestId('tree-hole-transcript').getByText('这几天睡不好，心里很乱').waitFor();
      await page.getByTestId('transcript-delete').click();
      await page.getByTestId('transcript-delete-reason').fill('家长书面申请删除');
      await page.getByTestId('transcript-delete-ok').click();
      await page
        .getByTestId('tree-hole-transcript')
        .getByTestId('transcript-deleted')
        .getByText(/对话记录已应申请于 \d{4}-\d{2}-\d{2} 删除/)
        .waitFor();
      await report.getByTestId('tree-hole-deleted').waitFor();
      await screenshot(page, 'airetention-treehole');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    // The psychology teacher, who reads reports but does not keep the privacy record, sees the marker, no button.
    const teacher = await visit(suite.browser);
    try {
      const { page } = teacher;
      await openMind(page, suite.server.url, '/data/AIScaleResult', world.teacher.token);
      await page.getByTestId('interview-report-link').first().click();
      await page.getByTestId('transcript-deleted').waitFor();
      await expect(page.getByTestId('transcript-delete').count()).resolves.toBe(0);
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByText(/Transcript deleted on request on \d{4}-\d{2}-\d{2}/).waitFor();
      await screenshot(page, 'airetention-marker-en');
      expect(unexpected(teacher.problems)).toEqual([]);
    } finally {
      await teacher.close();
    }
  });
});
