import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../server/src/mind/ai/openai-stand-in.ts';
import { buildOrg, buildUser } from '../../server/test/factories.ts';
import { launchBrowser, screenshot, visit } from './browser.ts';
import { tokenOf } from './mind-assess-world.ts';
import { openMind } from './mind-walks.ts';
import { buildWarningWorld, type WarningWorld } from './mind-warnings-world.ts';
import { type PortalServer, startPortalServer } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const API_KEY = 'sk-walk-0123456789';
const DRAFT = '1. 本周内安排一次个别谈话，了解睡眠情况。\n2. 联系家长，共同关注情绪变化。';
const suite = {} as { server: PortalServer; browser: Browser; ai: OpenAiStandIn };

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

async function step(token: string, name: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${suite.server.url}/api/apis-psychology/warning/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-authorization': token },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number };
  if (envelope.code !== 200) throw new Error(`${name}: ${JSON.stringify(envelope)}`);
}

describe('AI settings and generated suggestions (issue 23)', () => {
  let world: WarningWorld;
  beforeAll(async () => {
    world = await buildWarningWorld(suite.server);
    await step(world.teacher.token, 'setup', { id: world.warningId, psychologyUserId: world.teacher.id });
    await step(world.teacher.token, 'publish', { id: world.warningId });
  });

  it('without an endpoint the warning page says so in one sentence, and works as before', async () => {
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, `/data/intervene?id=${world.warningId}`, world.teacher.token);
      await page.getByTestId('warning-ai-unavailable').getByText('尚未配置 AI 接口').waitFor();
      await expect(page.getByTestId('warning-ai-draft').isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('warning-record').isEnabled()).resolves.toBe(true);
      await screenshot(page, 'aisettings-warning-not-set');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
  });

  it('the administrator points AI at the stand-in and tests it; the school records its legal basis', async () => {
    const admin = await buildUser(suite.server.db, { roleIds: [1], superAdmin: true, identityId: 1 });
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/aiSetting', await tokenOf(suite.server.url, admin));
      const endpoint = page.getByTestId('ai-endpoint');
      await endpoint.getByText('尚无密钥').waitFor();
      await page.getByTestId('ai-enabled').click();
      await page.getByTestId('ai-base-url').fill(suite.ai.baseUrl);
      await page.getByTestId('ai-model').fill('stand-in-chat');
      await page.getByTestId('ai-api-key').fill(API_KEY);
      await page.getByTestId('ai-save').click();
      await page.getByText('AI 设置已保存').waitFor();
      // The key is write-only: the field is empty again and says a key is stored.
      await endpoint.getByText('已保存密钥（加密）；留空则保留').waitFor();
      await expect(page.getByTestId('ai-api-key').inputValue()).resolves.toBe('');
      await page.getByTestId('ai-test').click();
      await page
        .getByTestId('ai-test-result')
        .getByText(/连接正常：接口在 \d+ 毫秒内回应/)
        .waitFor();
      expect(suite.ai.received.at(-1)?.authorization).toBe(`Bearer ${API_KEY}`);
      await screenshot(page, 'aisettings-endpoint-ok');
      // The outcome in the reader's language.
      await page.getByTestId('lang-switch').getByText('English').click();
      await page
        .getByTestId('ai-test-result')
        .getByText(/Connected: the endpoint answered in \d+ ms/)
        .waitFor();
      await screenshot(page, 'aisettings-endpoint-ok-en');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    const schoolAdmin = await buildUser(suite.server.db, { roleIds: [2], identityId: 1, orgId: world.orgs.school.id });
    const school = await visit(suite.browser);
    try {
      const { page } = school;
      await openMind(page, suite.server.url, '/data/aiSetting', await tokenOf(suite.server.url, schoolAdmin));
      // The endpoint serves the whole deployment: a school's administrator sees it, read-only.
      await page.getByText('接口由整个部署的管理员设置').waitFor();
      await expect(page.getByTestId('ai-save').isDisabled()).resolves.toBe(true);
      const row = page.getByTestId('ai-schools').locator('tr', { hasText: world.orgs.school.name });
      await row.getByTestId('ai-school-sending').filter({ hasText: '未开启' }).waitFor();
      await row.getByTestId('ai-school-edit').click();
      await page.getByTestId('ai-legal-basis').fill('《个人信息保护法》第十三条；家长知情同意书（2026 秋季）');
      await page.getByTestId('ai-sending').click();
      await page.getByTestId('ai-school-save').click();
      await page.getByText('已记录').waitFor();
      await row.getByTestId('ai-school-sending').filter({ hasText: '已开启' }).waitFor();
      await screenshot(page, 'aisettings-schools');
      expect(unexpected(school.problems)).toEqual([]);
    } finally {
      await school.close();
    }
  });

  it('a teacher drafts suggestions for a warning, edits the draft and saves it into the record; a 429 is said', async () => {
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      suite.ai.script({ reply: DRAFT });
      await openMind(page, suite.server.url, `/data/intervene?id=${world.warningId}`, world.teacher.token);
      const card = page.getByTestId('warning-ai');
      await card.getByText('将发送该生的测评结果和干预记录').waitFor();
      await page.getByTestId('warning-ai-draft').click();
      await page.getByTestId('warning-ai-draft-tag').filter({ hasText: '草稿' }).waitFor();
      await expect(page.getByTestId('warning-ai-text').inputValue()).resolves.toBe(DRAFT);
      // What went out: the student's results, but neither name nor student number.
      const sent = suite.ai.received.at(-1)?.raw ?? '';
      expect(sent).toContain('PHQ-9');
      expect(sent).not.toContain(world.flagged.name);
      expect(sent).not.toContain(world.flagged.account);
      await screenshot(page, 'aisettings-draft');
      await page.getByTestId('warning-ai-text').fill(`${DRAFT}\n3. 两周后复查 PHQ-9。`);
      await page.getByTestId('warning-ai-save').click();
      const form = page.locator('.ant-modal-wrap:visible');
      await expect(page.getByTestId('record-content').inputValue()).resolves.toContain('3. 两周后复查 PHQ-9。');
      await form.locator('.ant-modal-footer .ant-btn-primary').click();
      await form.waitFor({ state: 'detached' });
      const planRow = page.getByTestId('record-table').locator('tr', { hasText: '两周后复查' });
      await planRow.waitFor();
      await planRow.getByText('干预方案').waitFor();
      // Saved: the draft is gone from the suggestions card.
      await page.getByTestId('warning-ai-result').waitFor({ state: 'detached' });

      suite.ai.script({ status: 429, retryAfterSeconds: 30 });
      await page.getByTestId('warning-ai-draft').click();
      await page.getByTestId('warning-ai-error').getByText('AI 服务繁忙（请求过多），请 30 秒后再试').waitFor();
      await screenshot(page, 'aisettings-rate-limited');
      // The refused call is the 429 passed on, nothing else.
      expect(unexpected(desk.problems, /^HTTP 429: .*\/aiSuggestions$/, /status of 429/)).toEqual([]);
    } finally {
      await desk.close();
    }
  });

  it("a district's administrator gives their district its own endpoint, tests it, and goes back to the deployment's", async () => {
    // A district above a school of its own; its administrator manages only it (decision 0146).
    const district = await buildOrg(suite.server.db, { type: 'bureau', name: '东城区教育局' });
    await buildOrg(suite.server.db, { type: 'school', name: '东城第一中学', parentId: district.id });
    const districtAdmin = await buildUser(suite.server.db, { roleIds: [1], identityId: 1, orgId: district.id });
    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/aiSetting', await tokenOf(suite.server.url, districtAdmin));
      const card = page.getByTestId('ai-districts');
      const row = card.locator('tr', { hasText: '东城区教育局' });
      await row.getByTestId('ai-district-uses').getByText('全部署接口').waitFor();
      await expect(card.locator('tbody tr.ant-table-row').count()).resolves.toBe(1);
      await row.getByTestId('ai-district-edit').click();
      await page.getByTestId('ai-district-base-url').fill(suite.ai.baseUrl);
      await page.getByTestId('ai-district-model').fill('district-chat');
      await page.getByTestId('ai-district-key').fill(API_KEY);
      await page.getByTestId('ai-district-save').click();
      await page.getByText('区县 AI 接口已保存').waitFor();
      await row.getByTestId('ai-district-uses').getByText('本区县接口：district-chat').waitFor();
      await row.getByTestId('ai-district-test').click();
      await card
        .getByTestId('ai-test-result')
        .getByText(/连接正常/)
        .waitFor();
      expect(suite.ai.received.at(-1)?.body.model).toBe('district-chat');
      await screenshot(page, 'aistream-districts');
      await row.getByTestId('ai-district-inherit').click();
      await page.getByText('该区县的学校已改用全部署接口').waitFor();
      await row.getByTestId('ai-district-uses').getByText('全部署接口').waitFor();
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
