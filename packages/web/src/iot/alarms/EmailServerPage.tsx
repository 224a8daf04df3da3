import { email, emailServerSettings } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Divider, Flex, Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { showFieldErrors } from '../components/errors.ts';
import { sendTestMail } from './api.ts';
import { SecretInput } from './SecretInput.tsx';
import { clean, given, SettingsCard } from './SettingsCard.tsx';

const PORTS = { none: 25, starttls: 587, tls: 465 } as const;

/** Email Server: the SMTP server alarm mails leave from, and a test mail to check it. */
export function EmailServerPage() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      kind="emailServer"
      title={t('menu.settings.emailServer')}
      schema={emailServerSettings}
      initial={(view) => ({ port: 465, security: 'tls', enabled: true, ...view.settings })}
      body={(v) =>
        clean({
          host: given(v.host),
          port: given(v.port),
          security: v.security,
          user: given(v.user) ?? null,
          password: given(v.password),
          from: given(v.from),
          enabled: v.enabled !== false,
        })
      }
      footer={<TestMail />}
    >
      {(view, form) => (
        <>
          <Form.Item name="host" label={t('alarms.email.host')} required>
            <Input placeholder="smtp.example.com" data-testid="email-host" />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="security" label={t('alarms.email.security')}>
              <Radio.Group
                onChange={(e) => form.setFieldValue('port', PORTS[e.target.value as keyof typeof PORTS])}
                options={(['none', 'starttls', 'tls'] as const).map((s) => ({
                  value: s,
                  label: t(`alarms.email.securityOf.${s}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="port" label={t('alarms.email.port')} required>
              <InputNumber precision={0} style={{ width: 120 }} data-testid="email-port" />
            </Form.Item>
          </Flex>
          <Form.Item name="user" label={t('alarms.email.user')}>
            <Input autoComplete="off" data-testid="email-user" />
          </Form.Item>
          <Form.Item name="password" label={t('alarms.email.password')}>
            <SecretInput stored={view.secretSet} data-testid="email-password" />
          </Form.Item>
          <Form.Item name="from" label={t('alarms.email.from')} required>
            <Input placeholder="alarm@example.com" data-testid="email-from" />
          </Form.Item>
          <Form.Item name="enabled" label={t('alarms.settings.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}

function TestMail() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ to: string }>();
  const send = useMutation({
    mutationFn: (to: string) => sendTestMail(to),
    meta: { silentError: true },
    onSuccess: () => message.success(t('alarms.email.testSent')),
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <div>
      <Divider titlePlacement="start">{t('alarms.email.test')}</Divider>
      <Typography.Paragraph type="secondary">{t('alarms.email.testHint')}</Typography.Paragraph>
      <Form form={form} layout="inline" name="test-mail" onFinish={(v) => send.mutate(v.to.trim())}>
        <Form.Item name="to" rules={[required(t('alarms.email.toRequired')), schemaRule(email)]}>
          <Input placeholder={t('alarms.email.to')} style={{ width: 280 }} data-testid="test-mail-to" />
        </Form.Item>
        <Button htmlType="submit" loading={send.isPending} data-testid="test-mail-send">
          {t('alarms.email.sendTest')}
        </Button>
      </Form>
    </div>
  );
}
