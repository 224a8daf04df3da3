import { aiSettingSave } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { time } from '../warnings/lookups.tsx';
import { placeErrors } from '../warnings/placeErrors.ts';
import { type AiSetting, type AiTestResult, saveAiSetting, testAiEndpoint } from './api.ts';

interface Values {
  enabled: boolean;
  baseUrl: string;
  model: string;
  apiKey?: string;
  dailyTokenBudget: number;
}

/** The test's outcome in the reader's words: what happened and how long it took. */
export function TestOutcome({ result }: { result: AiTestResult }) {
  const { t } = useTranslation();
  const key =
    result.outcome === 'rateLimited' && result.retryAfterSeconds === null ? 'rateLimitedNoWait' : result.outcome;
  return (
    <Alert
      data-testid="ai-test-result"
      showIcon
      type={result.outcome === 'ok' ? 'success' : result.outcome === 'rateLimited' ? 'warning' : 'error'}
      message={t(`ai.test.${key}`, {
        ms: result.latencyMs,
        status: result.status ?? '-',
        seconds: result.retryAfterSeconds ?? '-',
      })}
    />
  );
}

/** The deployment's endpoint: on/off, address, model, the write-only key, the daily budget, and a real test call. */
export function EndpointCard({ setting, canEdit }: { setting: AiSetting; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [tested, setTested] = useState<AiTestResult | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveAiSetting>[0]) => saveAiSetting(body),
    meta: { silentError: true },
    onSuccess: (next, body) => {
      message.success(t(body.apiKey === '' ? 'ai.endpoint.keyRemoved' : 'ai.endpoint.saved'));
      form.setFieldValue('apiKey', '');
      setTested(null);
      queryClient.setQueryData(['ai', 'setting'], next);
    },
    onError: (error) => placeErrors(form, error),
  });
  const test = useMutation({
    mutationFn: testAiEndpoint,
    meta: { silentError: true },
    onSuccess: setTested,
    onError: notifyError,
  });
  const submit = (v: Values, removeKey = false) =>
    save.mutate({
      enabled: v.enabled,
      baseUrl: v.baseUrl.trim(),
      model: v.model.trim(),
      dailyTokenBudget: v.dailyTokenBudget,
      // Left empty: the stored key stays. The key is never read back into the form.
      ...(removeKey ? { apiKey: '' } : v.apiKey?.trim() ? { apiKey: v.apiKey.trim() } : {}),
    });
  const keyHint = !setting.canStoreKey
    ? t('ai.endpoint.keyCannotStore')
    : t(
        `ai.endpoint.key${setting.keySource === 'stored' ? 'Stored' : setting.keySource === 'environment' ? 'Environment' : 'None'}`,
      );
  const F = aiSettingSave.shape;
  return (
    <Card title={t('ai.endpoint.title')} data-testid="ai-endpoint">
      <Typography.Paragraph type="secondary">{t('ai.endpoint.intro')}</Typography.Paragraph>
      {!setting.canChangeEndpoint && (
        <Alert type="info" showIcon message={t('ai.endpoint.readOnly')} style={{ marginBottom: 16, maxWidth: 560 }} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        disabled={!canEdit}
        initialValues={{
          enabled: setting.enabled,
          baseUrl: setting.baseUrl,
          model: setting.model,
          apiKey: '',
          dailyTokenBudget: setting.dailyTokenBudget,
        }}
        onFinish={(v) => submit(v)}
      >
        <Form.Item name="enabled" label={t('ai.endpoint.enabled')} valuePropName="checked">
          <Switch
            data-testid="ai-enabled"
            checkedChildren={t('ai.endpoint.on')}
            unCheckedChildren={t('ai.endpoint.off')}
          />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('ai.endpoint.baseUrl')} rules={[schemaRule(F.baseUrl)]}>
          <Input placeholder={t('ai.endpoint.baseUrlHint')} data-testid="ai-base-url" autoComplete="off" />
        </Form.Item>
        <Form.Item name="model" label={t('ai.endpoint.model')} rules={[schemaRule(F.model)]}>
          <Input data-testid="ai-model" autoComplete="off" />
        </Form.Item>
        <Form.Item name="apiKey" label={t('ai.endpoint.apiKey')} extra={keyHint}>
          <Input.Password
            data-testid="ai-api-key"
            autoComplete="new-password"
            disabled={!canEdit || !setting.canStoreKey}
            visibilityToggle={false}
          />
        </Form.Item>
        <Form.Item name="dailyTokenBudget" label={t('ai.endpoint.budget')} rules={[schemaRule(F.dailyTokenBudget)]}>
          <InputNumber
            data-testid="ai-budget"
            min={0}
            step={10_000}
            style={{ width: 220 }}
            addonAfter={t('ai.endpoint.budgetUnit')}
          />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="ai-save">
            {t('ai.endpoint.save')}
          </Button>
          {setting.keySource === 'stored' && (
            <Button danger onClick={() => submit(form.getFieldsValue(true), true)} data-testid="ai-remove-key">
              {t('ai.endpoint.removeKey')}
            </Button>
          )}
        </Flex>
      </Form>
      <Flex vertical gap={8} style={{ marginTop: 24, maxWidth: 560 }}>
        <Flex gap={8} align="center" wrap>
          <Button onClick={() => test.mutate()} loading={test.isPending} data-testid="ai-test">
            {t('ai.endpoint.test')}
          </Button>
          <Typography.Text type="secondary">{t('ai.endpoint.testHint')}</Typography.Text>
        </Flex>
        {tested && <TestOutcome result={tested} />}
        {setting.updatedAt !== null && (
          <Typography.Text type="secondary">
            {t('ai.endpoint.updatedAt', { at: time(setting.updatedAt) })}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
