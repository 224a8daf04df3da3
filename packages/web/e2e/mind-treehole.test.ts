import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../server/src/mind/ai/openai-stand-in.ts';
import { buildUser } from '../../server/test/factories.ts';
import { launchBrowser, phone, screenshot, visit } from './browser.ts';
import { buildClassWorld, tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const API_KEY = 'sk-walk-tree-hole';
const suite = {} as { server: PortalServer; browser: Browser; ai: OpenAiStandIn };
/** The phone of the brief: 375 px wide. */
const narrowPhone = { ...phone, viewport: { width: 375, height: 812 } };

beforeAll(async () => {
  suite.ai = await startOpenAiStandIn({ apiKey: API_KEY });
  suite.server = await startPortalServer({ SECRETS_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=' });
  suite.browser = await launchBrowser();
});
afterAll(async () => {
  await suite.browser?.close();
  await suite.server?.close();
  await suite.ai?.close();
});

async function call(token: string, method: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${suite.server.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number };
  if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
}

describe('the AI mood tree hole (issue 23)', () => {
  it('a student talks on a phone, shares one conversation and not another; the report shows only the shared one and a crisis signal', async () => {
    const world = await buildClassWorld(suite.server);
    const student = world.students[0];
    if (!student) throw new Error('no student');
    const admin = await buildUser(suite.server.db, { roleIds: [1], superAdmin: true, identityId: 1 });
    const adminToken = await tokenOf(suite.server.url, admin);
    await call(adminToken, 'PUT', '/apis-psychology/aiSetting', {
      enabled: true,
      baseUrl: suite.ai.baseUrl,
      model: 'stand-in-chat',
      apiKey: API_KEY,
      dailyTokenBudget: 1_000_000,
    });
    await call(adminToken, 'PUT', `/apis-psychology/aiSetting/schools/${world.orgs.school.id}`, {
      sending: true,
      legalBasis: '家长知情同意书（2026 秋季）',
    });

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

      // A first conversation, answered by the listener, then shared with the school.
      suite.ai.script({ reply: '听起来和好朋友吵架让你很难受。愿意说说发生了什么吗？' });
      await page.getByTestId('tree-hole-text').fill('和好朋友吵架了，心里很难受');
      await page.getByTestId('tree-hole-send').click();
      await page.getByTestId('tree-hole-listener').getByText('愿意说说发生了什么吗').waitFor();
      await page.getByTestId('tree-hole-share').click();
      await page.getByTestId('tree-hole-shared-state').getByText('已分享给学校').waitFor();
      await screenshot(page, 'treehole-h5-shared');

      // A second conversation, kept to themself.
      await page.getByTestId('tree-hole-conversations').getByText('新对话').click();
      suite.ai.script({ reply: '谢谢你信任我，这里只有你我知道。' });
      await page.getByTestId('tree-hole-text').fill('这是我的小秘密：我喜欢隔壁班的同学');
      await page.getByTestId('tree-hole-send').click();
      await page.getByTestId('tree-hole-listener').getByText('谢谢你信任我').waitFor();
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
