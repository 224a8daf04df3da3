import { describe, expect, it } from 'vitest';
import { screenshot, visit } from './browser.ts';
import { aiClassWorld, aiWalkSuite, narrowPhone } from './mind-ai-world.ts';
import { openMind } from './mind-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = aiWalkSuite('sk-walk-tree-hole');

describe('the AI mood tree hole (issue 23)', () => {
  it('a student talks on a phone, shares one conversation and not another; the report shows only the shared one and a crisis signal', async () => {
    // The deployment's endpoint is the stand-in, and the school recorded its legal basis.
    const world = await aiClassWorld(suite);
    const student = world.students[0];
    if (!student) throw new Error('no student');

    const mobile = await visit(suite.browser, narrowPhone);
    try {
      const { page } = mobile;
      await page.goto(`${suite.server.url}/h5/login`);
      await page.getByTestId('h5-account').fill(student.account);
      await page.getByTestId('h5-password').fill(student.password);
      await page.getByTestId('h5-sign-in').click();
      await page.getByTestId('h5-tree-hole-link').click();
      await page.getByTestId('tree-hole').waitFor();
      await screenshot(page, 'treehole-h5-empty');

      // A first conversation, answered by the listener as it writes (the model held after its
      // first piece shows a part), then whole; shared with the school.
      suite.ai.script({ reply: '听起来和好朋友吵架让你很难受。愿意说说发生了什么吗？', holdAfter: 1 });
      await page.getByTestId('tree-hole-text').fill('和好朋友吵架了，心里很难受');
      await page.getByTestId('tree-hole-send').click();
      await suite.ai.held();
      const writing = page.getByTestId('tree-hole-writing');
      await writing.getByText('听起来和好朋友吵架让你很', { exact: true }).waitFor();
      await page.getByTestId('tree-hole-student').getByText('和好朋友吵架了，心里很难受').waitFor();
      await expect(page.getByTestId('tree-hole-listener').count()).resolves.toBe(0);
      await screenshot(page, 'aistream-treehole-writing');
      suite.ai.release();
      await page.getByTestId('tree-hole-listener').getByText('愿意说说发生了什么吗').waitFor();
      await writing.waitFor({ state: 'detached' });
      await page.getByTestId('tree-hole-share').click();
      await page.getByTestId('tree-hole-shared-state').getByText('已分享给学校').waitFor();
      await screenshot(page, 'treehole-h5-shared');

      // A second conversation, kept to themself. The first answer is cut midway: the page says so,
      // the message stays, and "ask again" brings a whole answer.
      await page.getByTestId('tree-hole-conversations').getByText('新对话').click();
      suite.ai.script({ reply: '谢谢你信任我，这里只有你我知道。', holdAfter: 1, cutAfter: 1 });
      await page.getByTestId('tree-hole-text').fill('这是我的小秘密：我喜欢隔壁班的同学');
      await page.getByTestId('tree-hole-send').click();
      await suite.ai.held();
      await writing.getByText('谢谢你信任我，这里只有你', { exact: true }).waitFor();
      suite.ai.release();
      await page.getByTestId('tree-hole-error').getByText('回复说到一半断开了').waitFor();
      await page.getByTestId('tree-hole-student').getByText('这是我的小秘密').waitFor();
      await expect(page.getByTestId('tree-hole-listener').count()).resolves.toBe(0);
      await screenshot(page, 'aistream-treehole-cut');
      suite.ai.script({ reply: '谢谢你信任我，这里只有你我知道。' });
      await page.getByTestId('tree-hole-again').click();
      await page.getByTestId('tree-hole-listener').getByText('谢谢你信任我，这里只有你我知道。').waitFor();
      await expect(page.getByTestId('tree-hole-student').count()).resolves.toBe(1);
      await expect(page.getByTestId('tree-hole-error').count()).resolves.toBe(0);
      await page.getByTestId('tree-hole-shared-state').getByText('只有你自己能看到').waitFor();

      // A crisis phrase: help shows at once, whatever the model says.
      suite.ai.script({ reply: '我很担心你。' });
      await page.getByTestId('tree-hole-text').fill('有时候觉得不想活了');
      await page.getByTestId('tree-hole-send').click();
      await page.getByTestId('tree-hole-help').getByText('12356').waitFor();
      await screenshot(page, 'treehole-h5-crisis');
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByTestId('tree-hole-help').getByText('You are not alone').waitFor();
      await page.getByText('Share this conversation with my school').waitFor();
      await screenshot(page, 'treehole-h5-crisis-en');
      expect(unexpected(mobile.problems)).toEqual([]);
    } finally {
      await mobile.close();
    }
    const sent = JSON.stringify(suite.ai.received.map((r) => r.body.messages));
    expect(sent).not.toContain(student.name);

    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/AIReport', world.teacher.token);
      const report = page.getByTestId('tree-hole-report');
      await report.getByText('已分享').first().waitFor();
      await report.getByTestId('tree-hole-crisis').waitFor();
      await expect(report.locator('tbody tr.ant-table-row').count()).resolves.toBe(2);
      await expect(report.textContent()).resolves.not.toContain('小秘密');
      await report.getByTestId('tree-hole-read').click();
      await page.getByTestId('tree-hole-transcript').getByText('和好朋友吵架了').waitFor();
      // The drawer has finished sliding in.
      await page.locator('.ant-drawer-content-wrapper:not([class*="motion"])').waitFor();
      await screenshot(page, 'treehole-report');
      await expect(page.getByTestId('tree-hole-transcript').textContent()).resolves.not.toContain('小秘密');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
