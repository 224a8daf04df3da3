import { emailTemplateSettings, pushSettings, TEMPLATE_PLACEHOLDERS, wechatPushSettings } from '@meridian/contracts';
import { Alert, Descriptions, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SecretInput } from './SecretInput.tsx';
import { clean, given, SettingsCard } from './SettingsCard.tsx';

/** Email Template: the subject and body of alarm mails, with the placeholders filled in for each alarm. */
export function EmailTemplatePage() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      kind="emailTemplate"
      title={t('menu.settings.emailTemplate')}
      schema={emailTemplateSettings}
      initial={(view) => ({ ...view.settings })}
      // The template keeps its spaces and lines as written.
      body={(v) => ({ subject: v.subject ?? '', body: v.body ?? '' })}
    >
      {() => (
        <>
          <Descriptions
            size="small"
            bordered
            column={1}
            title={t('alarms.template.placeholders')}
            style={{ marginBottom: 24 }}
            data-testid="template-placeholders"
            items={TEMPLATE_PLACEHOLDERS.map((p) => ({
              key: p,
              label: <code>{`{${p}}`}</code>,
              children: t(`alarms.template.placeholder.${p}`),
            }))}
          />
          <Form.Item name="subject" label={t('alarms.template.subject')} required>
            <Input count={{ show: true, max: 200 }} data-testid="template-subject" />
          </Form.Item>
          <Form.Item name="body" label={t('alarms.template.body')} required>
            <Input.TextArea rows={8} count={{ show: true, max: 5000 }} data-testid="template-body" />
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}

/** WeChat Push: the official account whose template message carries alarms to followers. */
export function WechatPushPage() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      kind="wechat"
      title={t('menu.settings.wechatPush')}
      schema={wechatPushSettings}
      initial={(view) => ({ enabled: true, ...view.settings })}
      body={(v) =>
        clean({
          appId: given(v.appId) ?? '',
          appSecret: given(v.appSecret),
          templateId: given(v.templateId) ?? '',
          enabled: v.enabled !== false,
        })
      }
    >
      {(view) => (
        <>
          <Alert type="info" showIcon title={t('alarms.wechat.hint')} style={{ marginBottom: 16 }} />
          <Form.Item name="appId" label="AppID" required>
            <Input placeholder="wx0123456789abcdef" data-testid="wechat-app-id" />
          </Form.Item>
          <Form.Item name="appSecret" label="AppSecret" required={!view.secretSet}>
            <SecretInput stored={view.secretSet} />
          </Form.Item>
          <Form.Item name="templateId" label={t('alarms.wechat.templateId')} required>
            <Input />
          </Form.Item>
          <Form.Item name="enabled" label={t('alarms.settings.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}

/** Mobile Terminal: the push service (JPush, Getui and the like, behind a webhook) that reaches the app. */
export function MobilePushPage() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      kind="push"
      title={t('menu.settings.mobilePush')}
      schema={pushSettings}
      initial={(view) => ({ ...view.settings })}
      body={(v) => clean({ url: given(v.url) ?? '', token: given(v.token) })}
    >
      {(view) => (
        <>
          <Alert type="info" showIcon title={t('alarms.push.hint')} style={{ marginBottom: 16 }} />
          <Form.Item name="url" label={t('alarms.push.url')} required>
            <Input placeholder="https://push.example.com/alarm" data-testid="push-url" />
          </Form.Item>
          <Form.Item name="token" label={t('alarms.push.token')}>
            <SecretInput stored={view.secretSet} />
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}
