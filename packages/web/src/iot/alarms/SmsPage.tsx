import { smsSettings } from '@meridian/contracts';
import { Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretInput } from './SecretInput.tsx';
import { clean, given, SettingsCard, type SettingsValues } from './SettingsCard.tsx';

type Provider = 'aliyun' | 'tencent' | 'webhook';
const PROVIDERS: Provider[] = ['aliyun', 'tencent', 'webhook'];

/** The body of one provider's settings: only its fields, blank ones left out. */
function bodyOf(v: SettingsValues): Record<string, unknown> {
  const provider = (v.provider as Provider | undefined) ?? 'aliyun';
  if (provider === 'aliyun')
    return clean({
      provider,
      accessKeyId: given(v.accessKeyId) ?? '',
      accessKeySecret: given(v.accessKeySecret),
      signName: given(v.signName) ?? null,
      templateCode: given(v.templateCode) ?? '',
      calledShowNumber: given(v.calledShowNumber) ?? null,
    });
  if (provider === 'tencent')
    return clean({
      provider,
      secretId: given(v.secretId) ?? '',
      secretKey: given(v.secretKey),
      sdkAppId: given(v.sdkAppId) ?? '',
      signName: given(v.signName) ?? null,
      templateId: given(v.templateId) ?? '',
      region: given(v.region),
    });
  return clean({ provider, url: given(v.url) ?? '', token: given(v.token) });
}

/** SMS and voice calls: Aliyun, Tencent Cloud, or a webhook of one's own, for each. */
export function SmsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'sms' | 'voice'>('sms');
  return (
    <SettingsCard
      key={kind}
      kind={kind}
      title={t(`alarms.sms.title.${kind}`)}
      extra={
        <Segmented
          value={kind}
          onChange={(v) => setKind(v === 'voice' ? 'voice' : 'sms')}
          options={[
            { value: 'sms', label: t('alarms.channel.sms') },
            { value: 'voice', label: t('alarms.channel.voice') },
          ]}
        />
      }
      schema={smsSettings}
      initial={(view) => ({ provider: 'aliyun', region: 'ap-guangzhou', ...view.settings })}
      body={bodyOf}
    >
      {(view) => (
        <>
          <Form.Item name="provider" label={t('alarms.sms.provider')}>
            <Segmented<Provider>
              options={PROVIDERS.map((p) => ({ value: p, label: t(`alarms.sms.providerOf.${p}`) }))}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.provider !== b.provider}>
            {({ getFieldValue }) => (
              <ProviderFields provider={getFieldValue('provider') as Provider} kind={kind} stored={view.secretSet} />
            )}
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}

function ProviderFields({ provider, kind, stored }: { provider: Provider; kind: 'sms' | 'voice'; stored: boolean }) {
  const { t } = useTranslation();
  if (provider === 'webhook')
    return (
      <>
        <Form.Item name="url" label={t('alarms.push.url')} required extra={t('alarms.sms.webhookHint')}>
          <Input placeholder="https://example.com/notify" />
        </Form.Item>
        <Form.Item name="token" label={t('alarms.push.token')}>
          <SecretInput stored={stored} />
        </Form.Item>
      </>
    );
  if (provider === 'tencent')
    return (
      <>
        <Form.Item name="secretId" label="SecretId" required>
          <Input />
        </Form.Item>
        <Form.Item name="secretKey" label="SecretKey" required={!stored}>
          <SecretInput stored={stored} />
        </Form.Item>
        <Form.Item name="sdkAppId" label="SdkAppId" required>
          <Input />
        </Form.Item>
        {kind === 'sms' && (
          <Form.Item name="signName" label={t('alarms.sms.signName')}>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="templateId" label={t('alarms.sms.templateId')} required extra={t('alarms.sms.tencentParams')}>
          <Input />
        </Form.Item>
        <Form.Item name="region" label={t('alarms.sms.region')}>
          <Input />
        </Form.Item>
      </>
    );
  return (
    <>
      <Form.Item name="accessKeyId" label="AccessKey ID" required>
        <Input />
      </Form.Item>
      <Form.Item name="accessKeySecret" label="AccessKey Secret" required={!stored}>
        <SecretInput stored={stored} />
      </Form.Item>
      {kind === 'sms' ? (
        <Form.Item name="signName" label={t('alarms.sms.signName')}>
          <Input />
        </Form.Item>
      ) : (
        <Form.Item name="calledShowNumber" label={t('alarms.sms.calledShowNumber')}>
          <Input />
        </Form.Item>
      )}
      <Form.Item name="templateCode" label={t('alarms.sms.templateCode')} required extra={t('alarms.sms.aliyunParams')}>
        <Input placeholder={kind === 'sms' ? 'SMS_123456789' : 'TTS_123456789'} />
      </Form.Item>
    </>
  );
}
