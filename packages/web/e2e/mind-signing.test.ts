import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { phone, SHOTS_DIR, screenshot, visit } from './browser.ts';
import { pickOption } from './dropdowns.ts';
import { drawSignature, openMind, schoolWithParent } from './mind-walks.ts';
import { portalSuite } from './portal-server.ts';
import { unexpected } from './portal-walks.ts';

const suite = portalSuite();
const CONSENT = '心理咨询知情同意书 Consent for counselling';
/** The brief's phone: 375 px wide. */
const narrowPhone = { ...phone, viewport: { width: 375, height: 812 } };

describe('online signing (issue 26)', () => {
  it('a teacher sends a consent form; a parent signs it on a phone; the signed PDF is on the student’s archive', async () => {
    const { teacher, parent, studentId } = await schoolWithParent(suite.server);
    let number = '';

    const desk = await visit(suite.browser);
    try {
      const { page } = desk;
      await openMind(page, suite.server.url, '/data/signature', teacher.token);
      await page.getByTestId('signing-page').getByText('还没有发送过表单').waitFor();
      await page.getByTestId('signing-send').click();
      await page.getByTestId('signing-template').click();
      await pickOption(page, CONSENT);
      const student = page.getByTestId('signing-send-form').locator('.ant-select').nth(1);
      await student.click();
      await page.keyboard.type('张小明');
      await pickOption(page, '张小明');
      await page.getByTestId('signing-recipient').click();
      await pickOption(page, '张妈妈');
      await page.getByTestId('signing-send-ok').click();
      await page.getByText('表单已发送').waitFor();
      const row = page.getByTestId('signing-table').locator('tr').filter({ hasText: '张小明' });
      await row.getByText('待签署').waitFor();
      number = (await row.locator('td').first().textContent()) ?? '';
      expect(number).toMatch(/^SF[A-Z0-9]{12}$/);
      await screenshot(page, 'signature-sent-zh-CN');
      await page.getByRole('tab', { name: '签署模板' }).click();
      await page.getByTestId('signing-templates').getByText('家访记录确认 Home-visit record').waitFor();
      await screenshot(page, 'signature-templates-zh-CN');
      expect(unexpected(desk.problems)).toEqual([]);
    } finally {
      await desk.close();
    }

    const mobile = await visit(suite.browser, narrowPhone);
    try {
      const { page } = mobile;
      await page.goto(`${suite.server.url}/h5/login`);
      await page.getByTestId('h5-account').fill(parent.account);
      await page.getByTestId('h5-password').fill(parent.password);
      await page.getByTestId('h5-sign-in').click();
      await page.getByTestId('h5-signing-link').click();
      const card = page.getByTestId('h5-sign-form').filter({ hasText: CONSENT });
      await card.getByText('学生：张小明').waitFor();
      await screenshot(page, 'signature-h5-list-zh-CN');
      await card.getByRole('button', { name: /^填写并签署:/ }).click();
      await page.getByTestId('h5-sign-page').waitFor();
      await page.getByLabel('监护人姓名 Guardian').fill('张妈妈');
      await page.getByLabel('与学生关系 Relation').fill('母亲');
      await page.getByLabel('联系电话 Phone').fill('13900000001');
      // Submitting before signing is refused in words.
      await page.getByRole('button', { name: '确认签署' }).click();
      await page.getByTestId('h5-sign-error').getByText('请先在框内手写签名').waitFor();
      await drawSignature(page);
      await page.getByTestId('h5-sign-error').waitFor({ state: 'detached' });
      await screenshot(page, 'signature-h5-filled-zh-CN');
      await page.getByRole('button', { name: '确认签署' }).click();
      await page.getByTestId('h5-signed').waitFor();
      await page.getByText('母亲').waitFor();
      await screenshot(page, 'signature-h5-signed-zh-CN');
      await page.getByTestId('lang-switch').getByText('English').click();
      await page.getByText('Your answers').waitFor();
      await screenshot(page, 'signature-h5-signed-en');
      expect(unexpected(mobile.problems)).toEqual([]);
    } finally {
      await mobile.close();
    }

    const back = await visit(suite.browser);
    try {
      const { page } = back;
      await openMind(page, suite.server.url, '/data/signature', teacher.token);
      const row = page.getByTestId('signing-table').locator('tr').filter({ hasText: number });
      await row.getByText('已签署').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByTestId('signing-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${number}.pdf`);
      fs.mkdirSync(SHOTS_DIR, { recursive: true });
      const pdfPath = path.join(SHOTS_DIR, 'signature-signed.pdf');
      await download.saveAs(pdfPath);
      expect(fs.readFileSync(pdfPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The PDF as a person would see it: rendered to an image to look at.
      execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdfPath, path.join(SHOTS_DIR, 'signature-pdf')]);
      expect(fs.existsSync(path.join(SHOTS_DIR, 'signature-pdf.png'))).toBe(true);

      await page.getByTestId('signing-verify').click();
      await page.getByTestId('verify-number').fill(number);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('verify-file').click()]);
      await chooser.setFiles(pdfPath);
      await page.getByTestId('verify-run').click();
      await page.getByTestId('verify-result').getByText('校验通过').waitFor();
      await screenshot(page, 'signature-verified-zh-CN');
      await page.keyboard.press('Escape');

      await page.goto(`${suite.server.url}/jdp/data/studentFileDetails/${studentId}?tab=signedForms`);
      await page.getByTestId('archive-signed-forms').getByText(CONSENT).waitFor();
      await page.getByTestId('archive-signed-forms').getByText(number).waitFor();
      await screenshot(page, 'signature-archive-zh-CN');
      await page.evaluate(() => localStorage.setItem('meridian.lang', 'en'));
      await page.goto(`${suite.server.url}/jdp/data/signature`);
      await page.getByTestId('signing-table').getByText('Signed', { exact: true }).waitFor();
      await screenshot(page, 'signature-forms-en');
      expect(unexpected(back.problems)).toEqual([]);
    } finally {
      await back.close();
    }
  }, 90_000);
});
