import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { translate } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../server/test/factories.ts';
import { visit } from './browser.ts';
import { alarmSuite, input, rows, SMTP_LOGIN, smtpPort, writeFromDevicePage } from './iot-alarms-walks.ts';
import { api, plcWorld } from './iot-live-walks.ts';
import { choose, fieldError, IOT_MAIN_ROLE, openFromMenu, signInToIot } from './iot-walks.ts';
import { settledShot, spaced } from './portal-admin-walks.ts';
import { unexpected } from './portal-walks.ts';

const suite = alarmSuite();
const zh = (key: string, params?: Record<string, string | number>) => translate(key, 'zh-CN', params);
const DUTY = 'duty@pump.example.com';

describe('a Device Cloud user setting an alarm on a simulated DTU', () => {
  it('sets a trigger with a dead zone, sees it fire once, mails once, restore once, processes it, and reads every step', async () => {
    const user = await buildUser(suite.server.db, { roleIds: [IOT_MAIN_ROLE], userType: 'main' });
    const { page, problems, close } = await visit(suite.browser);
    await signInToIot(page, suite.server.url, user);
    const world = await plcWorld(page, suite.server.url, suite.server.dtuPort, 'ALARMWALK00000000001');
    const mailsToDuty = () => suite.smtp.mails.filter((m) => m.to.includes(DUTY));
    try {
      world.dtu.start();
      await world.dtu.ready();

      // ---- Email Server: a bad address is refused at its field; the test SMTP server is saved and mails.
      await openFromMenu(page, '系统设置', '邮件服务器');
      const server = page.getByTestId('settings-emailServer');
      await input(page, 'email-host').fill('smtp example');
      await input(page, 'email-from').fill('alarm@pump.example.com');
      await page.getByTestId('settings-save-emailServer').click();
      await fieldError(server, zh('v.emailServer.host')).waitFor();
      await input(page, 'email-host').fill('127.0.0.1');
      await server.getByText('不加密', { exact: true }).click();
      await input(page, 'email-port').fill(String(smtpPort(suite.smtp)));
      await input(page, 'email-user').fill(SMTP_LOGIN.user);
      await input(page, 'email-password').fill(SMTP_LOGIN.pass);
      await page.getByTestId('settings-save-emailServer').click();
      await page.getByText('设置已保存').waitFor();
      await input(page, 'test-mail-to').fill('owner@pump.example.com');
      await page.getByTestId('test-mail-send').click();
      await page.getByText('测试邮件已发送').waitFor({ timeout: 15_000 });
      expect(suite.smtp.mails.filter((m) => m.to.includes('owner@pump.example.com'))).toHaveLength(1);
      await settledShot(page, 'iot-alarms-email-server-zh-CN');

      // ---- Email Template: the placeholders are listed; an unknown one is refused.
      await openFromMenu(page, '系统设置', '邮件模板');
      await page.getByTestId('template-placeholders').getByText('{device}').waitFor();
      const template = page.getByTestId('settings-emailTemplate');
      await input(page, 'template-subject').fill('【报警】{device} {nope}');
      await page.getByTestId('settings-save-emailTemplate').click();
      await fieldError(template, zh('v.emailTemplate.placeholder')).waitFor();
      await input(page, 'template-subject').fill('【设备报警】{device} {point}');
      await page.getByTestId('settings-save-emailTemplate').click();
      await page.getByText('设置已保存').first().waitFor();
      await settledShot(page, 'iot-alarms-email-template-zh-CN');

      // ---- Contacts: a name with a space, a bad email, no way to reach: the spec's sentences; then one is saved.
      await openFromMenu(page, '报警与触发器', '联系人');
      await page.getByTestId('contacts-table').getByText('还没有联系人').waitFor();
      await page.getByTestId('contact-add').click();
      const contactForm = page.getByTestId('contact-form');
      await input(page, 'contact-name').fill('值班 员');
      await page.getByRole('button', { name: spaced('确定') }).click();
      await fieldError(contactForm, zh('v.notify.nameSpaces')).waitFor();
      await fieldError(contactForm, zh('v.contact.reach')).waitFor();
      await input(page, 'contact-name').fill('值班员');
      await input(page, 'contact-email').fill('duty@');
      await page.getByRole('button', { name: spaced('确定') }).click();
      await fieldError(contactForm, zh('v.email')).waitFor();
      await input(page, 'contact-phone').fill('1380013');
      await page.getByRole('button', { name: spaced('确定') }).click();
      await fieldError(contactForm, zh('v.phone')).waitFor();
      await input(page, 'contact-phone').fill('');
      await input(page, 'contact-email').fill(DUTY);
      await settledShot(page, 'iot-alarms-contact-form-zh-CN');
      await page.getByRole('button', { name: spaced('确定') }).click();
      await rows(page, 'contacts-table').filter({ hasText: DUTY }).waitFor();

      // ---- Trigger Add: the dead zone, the push interval and linkage are checked in the spec's words.
      await openFromMenu(page, '报警与触发器', '触发器列表');
      await page.getByTestId('triggers-table').getByText('还没有触发器', { exact: false }).waitFor();
      await page.getByTestId('trigger-add').click();
      const form = page.getByTestId('trigger-form');
      await input(page, 'trigger-name').fill('出口压力过高');
      await choose(page, page.getByTestId('trigger-device'), '一号泵站 (ALARMWALK00000000001)');
      await choose(page, page.getByTestId('condition-point-0'), '压力设定值 (kPa)');
      await input(page, 'condition-value-0').fill('100');
      await input(page, 'trigger-dead-zone').fill('-1');
      await input(page, 'trigger-push-interval').fill('');
      await page.getByTestId('trigger-save').click();
      await fieldError(form, '报警死区不能小于 0').waitFor();
      await fieldError(form, zh('alarm.pushInterval.required')).waitFor();
      await input(page, 'trigger-dead-zone').fill('10');
      await input(page, 'trigger-push-interval').fill('0');
      // Linkage with the alarm off: refused at the linkage switch in the spec's words.
      await page.getByTestId('trigger-alarm-enabled').click();
      await page.getByTestId('trigger-linkage-enabled').click();
      await page.getByTestId('trigger-save').click();
      await fieldError(form, '报警未启用，无法启用联动').waitFor();
      await settledShot(page, 'iot-alarms-trigger-errors-zh-CN');
      await page.getByTestId('trigger-linkage-enabled').click();
      await page.getByTestId('trigger-alarm-enabled').click();
      await choose(page, page.getByTestId('trigger-contacts'), '值班员');
      await input(page, 'trigger-alarm-content').fill('{device} 压力 {value} kPa，超过 100');
      await page.getByTestId('trigger-save').click();
      await page.getByText('触发器已保存').waitFor();
      const trigger = rows(page, 'triggers-table').filter({ hasText: '出口压力过高' });
      await trigger.getByText('一号泵站').waitFor();
      // The condition in words: point, operator, threshold with its unit, dead zone.
      await trigger.getByText('压力设定值 > 100 kPa (死区 10)').waitFor();
      await settledShot(page, 'iot-alarms-triggers-zh-CN');

      // ---- Over the threshold: the alarm fires once, the device shows "alarm", one mail arrives.
      await page.goto(`${suite.server.url}/iot/devices/${world.deviceId}`);
      await page.getByRole('tab', { name: '实时数据' }).click();
      await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 15_000 });
      await writeFromDevicePage(page, world.points.setPoint, 120);
      await expect.poll(() => mailsToDuty().length, { timeout: 20_000 }).toBe(1);
      // The page's header follows the device live: "alarm" without a reload.
      const headerStatus = () => page.getByTestId('device-status').textContent();
      await expect.poll(headerStatus, { timeout: 10_000 }).toBe('报警');
      const fired = mailsToDuty()[0];
      expect(fired?.subject).toBe('【设备报警】一号泵站 压力设定值');
      expect(fired?.text).toContain('一号泵站 压力 120 kPa，超过 100');

      await openFromMenu(page, '报警与触发器', '今日报警');
      const today = rows(page, 'alarms-table');
      await today.first().waitFor({ timeout: 15_000 });
      expect(await today.count()).toBe(1);
      await today.first().getByText('未恢复').waitFor();
      await today.first().getByText('未处理').waitFor();
      await today.first().getByText('120', { exact: true }).waitFor();
      await settledShot(page, 'iot-alarms-today-fired-zh-CN');
      // The device is "alarm" while its alarm lasts.
      await openFromMenu(page, '设备管理', '设备列表');
      await page.locator('tbody tr', { hasText: '一号泵站' }).getByText('报警', { exact: true }).waitFor();

      // ---- Inside the dead zone (95 is below 100 but above 90): still the one alarm, no new mail.
      await page.goto(`${suite.server.url}/iot/devices/${world.deviceId}`);
      await page.getByRole('tab', { name: '实时数据' }).click();
      await writeFromDevicePage(page, world.points.setPoint, 95);
      // ---- Below threshold minus dead zone: the alarm restores once, and the restore is mailed once.
      await writeFromDevicePage(page, world.points.setPoint, 80);
      // The engine judges a device's readings in order, so once the restore is queued, 95 has been
      // judged: had it notified, its delivery would stand between the alarm's and the restore's.
      const mailDeliveries = () =>
        suite.server.db
          .selectFrom('notify_deliveries')
          .select(['kind', 'state'])
          .where('device_id', '=', world.deviceId)
          .where('channel', '=', 'email')
          .orderBy('id')
          .execute();
      await expect
        .poll(async () => (await mailDeliveries()).map((d) => d.kind), { timeout: 20_000 })
        .toContain('restore');
      // Both sent: the outbox has nothing left to mail for this alarm.
      await expect.poll(mailDeliveries, { timeout: 20_000 }).toEqual([
        { kind: 'fire', state: 'sent' },
        { kind: 'restore', state: 'sent' },
      ]);
      expect(mailsToDuty()).toHaveLength(2);
      await expect.poll(headerStatus, { timeout: 10_000 }).toBe('在线');

      // ---- Alarm Record: one alarm, restored; processing refuses a result over 255 characters, then records it.
      await openFromMenu(page, '报警与触发器', '报警记录');
      const record = rows(page, 'alarms-table');
      await record.first().getByText('已恢复').waitFor({ timeout: 15_000 });
      expect(await record.count()).toBe(1);
      await record
        .first()
        .getByRole('button', { name: spaced('处理') })
        .click();
      const processForm = page.getByTestId('process-form');
      await input(page, 'process-result').fill('长'.repeat(256));
      await page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: spaced('确定') })
        .click();
      await fieldError(processForm, zh('alarm.result.max', { max: 255 })).waitFor();
      await input(page, 'process-result').fill('现场检查出口阀门，压力已回落');
      await settledShot(page, 'iot-alarms-process-zh-CN');
      await page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: spaced('确定') })
        .click();
      await page.getByText('报警已处理').waitFor();
      await record.first().getByText('已处理').waitFor();
      await record.first().getByText('现场检查出口阀门，压力已回落').waitFor();
      await settledShot(page, 'iot-alarms-record-zh-CN');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('alarms-export').click()]);
      const book = XLSX.read(fs.readFileSync(await download.path()));
      const sheet = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
      expect(sheet).toHaveLength(2);
      expect(JSON.stringify(sheet)).toContain('一号泵站 压力 120 kPa，超过 100');

      // ---- Alarm Notification: the alarm mail and the restore mail, each sent once.
      await openFromMenu(page, '报警与触发器', '报警通知');
      const deliveries = rows(page, 'deliveries-table');
      await deliveries.filter({ hasText: '恢复' }).getByText('已发送').waitFor({ timeout: 15_000 });
      expect(await deliveries.count()).toBe(2);
      await deliveries.filter({ hasText: '报警' }).filter({ hasText: DUTY }).getByText('已发送').first().waitFor();
      await settledShot(page, 'iot-alarms-notifications-zh-CN');

      // ---- The device left "alarm" with the restore.
      await openFromMenu(page, '设备管理', '设备列表');
      await page.locator('tbody tr', { hasText: '一号泵站' }).getByText('在线').waitFor({ timeout: 15_000 });

      // ---- The same pages in English.
      await page.getByText('English', { exact: true }).click();
      await openFromMenu(page, 'Alarms and triggers', 'Alarm Record');
      await record.first().getByText('Processed').waitFor();
      await page.getByRole('columnheader', { name: 'Recovery' }).waitFor();
      await settledShot(page, 'iot-alarms-record-en');
      await openFromMenu(page, 'Alarms and triggers', 'Trigger List');
      await rows(page, 'triggers-table').getByText('压力设定值 > 100 kPa (dead zone 10)').waitFor();
      await settledShot(page, 'iot-alarms-triggers-en');
      await page.getByTestId(`trigger-add`).click();
      await input(page, 'trigger-dead-zone').fill('-2');
      await page.getByTestId('trigger-save').click();
      await fieldError(page.getByTestId('trigger-form'), translate('alarm.deadZone.min', 'en')).waitFor();
      await fieldError(page.getByTestId('trigger-form'), 'Enter the trigger name').waitFor();
      await settledShot(page, 'iot-alarms-trigger-form-en');
      await page.locator('.ant-drawer').getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('中文', { exact: true }).click();

      // ---- Cloud configuration off: the trigger list and the form say its notifications are suspended.
      await api(page, suite.server.url, 'PUT', `iot/devices/${world.deviceId}`, { cloudConfig: false });
      await page.getByTestId('triggers-search').click();
      await rows(page, 'triggers-table').getByText(zh('alarm.suspended')).waitFor();
      await rows(page, 'triggers-table')
        .getByRole('button', { name: spaced('编辑') })
        .click();
      await page.getByTestId('trigger-suspended').getByText(zh('alarm.suspended')).waitFor();
      await settledShot(page, 'iot-alarms-trigger-suspended-zh-CN');

      // ---- A trigger with the default wording: Alarm Record writes it in the reader's language.
      await api(page, suite.server.url, 'PUT', `iot/devices/${world.deviceId}`, { cloudConfig: true });
      const [first] = (await api<{ list: Array<{ id: number }> }>(page, suite.server.url, 'GET', 'iot/triggers')).list;
      await api(page, suite.server.url, 'PUT', `iot/triggers/${first?.id}/enabled`, { alarmEnabled: false });
      await api(page, suite.server.url, 'POST', 'iot/triggers', {
        name: '设定值过高',
        scope: 'device',
        deviceId: world.deviceId,
        conditions: [{ kind: 'gt', pointId: world.points.setPoint, value: 100 }],
        deadZone: 10,
        pushInterval: 0,
      });
      await page.goto(`${suite.server.url}/iot/devices/${world.deviceId}`);
      await page.getByRole('tab', { name: '实时数据' }).click();
      await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 15_000 });
      await writeFromDevicePage(page, world.points.setPoint, 130);
      await openFromMenu(page, '报警与触发器', '报警记录');
      await record
        .first()
        .getByText('一号泵站 压力设定值 报警，当前值 130 kPa，条件 > 100 kPa (死区 10)')
        .waitFor({ timeout: 15_000 });
      await settledShot(page, 'iot-alarms-record-default-zh-CN');
      await page.getByText('English', { exact: true }).click();
      await record
        .first()
        .getByText('一号泵站 压力设定值 alarm: value 130 kPa, condition > 100 kPa (dead zone 10)')
        .waitFor({ timeout: 15_000 });
      // The alarm written before, in its owner's own words, stays as written.
      await record.nth(1).getByText('一号泵站 压力 120 kPa，超过 100').waitFor();
      await settledShot(page, 'iot-alarms-record-default-en');

      expect(unexpected(problems)).toEqual([]);
    } finally {
      world.dtu.stop();
      await close();
    }
  }, 240_000);
});
