import { aiDistrictSave } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Modal, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { schemaRule } from '../../../shared/forms/rules.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { placeErrors } from '../warnings/placeErrors.ts';
import {
  type AiDistrictRow,
  type AiTestResult,
  aiDistricts,
  inheritAiEndpoint,
  saveAiDistrict,
  testAiDistrict,
} from './api.ts';
import { TestOutcome } from './EndpointCard.tsx';

interface Values {
  enabled: boolean;
  baseUrl: string;
  model: string;
  apiKey?: string;
}
const KEY = ['ai', 'districts'];

/** A district's own endpoint: on/off, address, model and its write-only key (never the deployment's). */
function DistrictDialog({ district, onClose }: { district: AiDistrictRow; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) =>
      saveAiDistrict(district.districtId, {
        enabled: v.enabled,
        baseUrl: v.baseUrl.trim(),
        model: v.model.trim(),
        // Left empty: the stored key stays.
        ...(v.apiKey?.trim() ? { apiKey: v.apiKey.trim() } : {}),
      }),
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('ai.districts.saved'));
      void queryClient.invalidateQueries({ queryKey: KEY });
      onClose();
    },
    onError: (error) => placeErrors(form, error),
  });
  const F = aiDistrictSave.shape;
  return (
    <Modal
      open
      title={t('ai.districts.dialog', { district: district.districtName })}
      okText={t('ai.districts.ok')}
      cancelText={t('ai.districts.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'ai-district-save' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          enabled: district.own?.enabled ?? true,
          baseUrl: district.own?.baseUrl ?? '',
          model: district.own?.model ?? '',
          apiKey: '',
        }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="enabled" label={t('ai.endpoint.enabled')} valuePropName="checked">
          <Switch
            data-testid="ai-district-enabled"
            checkedChildren={t('ai.endpoint.on')}
            unCheckedChildren={t('ai.endpoint.off')}
          />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('ai.endpoint.baseUrl')} rules={[schemaRule(F.baseUrl)]}>
          <Input placeholder={t('ai.endpoint.baseUrlHint')} data-testid="ai-district-base-url" autoComplete="off" />
        </Form.Item>
        <Form.Item name="model" label={t('ai.endpoint.model')} rules={[schemaRule(F.model)]}>
          <Input data-testid="ai-district-model" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="apiKey"
          label={t('ai.endpoint.apiKey')}
          extra={t(district.own?.keySource === 'stored' ? 'ai.districts.keyStored' : 'ai.districts.keyNone')}
        >
          <Input.Password data-testid="ai-district-key" autoComplete="new-password" visibilityToggle={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The districts of the caller's scope: which endpoint their schools use, set by the district's administrators. */
export function DistrictsCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AiDistrictRow | null>(null);
  const [tested, setTested] = useState<{ districtId: number; result: AiTestResult } | null>(null);
  const districts = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => aiDistricts(signal),
    meta: { silentError: true },
  });
  const test = useMutation({
    mutationFn: testAiDistrict,
    meta: { silentError: true },
    onSuccess: (result, districtId) => setTested({ districtId, result }),
    onError: notifyError,
  });
  const inherit = useMutation({
    mutationFn: inheritAiEndpoint,
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('ai.districts.inherited'));
      setTested(null);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: notifyError,
  });
  const uses = (r: AiDistrictRow) =>
    !r.own ? (
      <Tag>{t('ai.districts.deployment')}</Tag>
    ) : r.own.enabled ? (
      <Tag color="blue">{t('ai.districts.own', { model: r.own.model })}</Tag>
    ) : (
      <Tag color="orange">{t('ai.districts.off')}</Tag>
    );
  return (
    <Card title={t('ai.districts.title')} data-testid="ai-districts">
      <Typography.Paragraph type="secondary">{t('ai.districts.intro')}</Typography.Paragraph>
      {districts.isError ? (
        <LoadFailed error={districts.error} onRetry={() => districts.refetch()} retrying={districts.isFetching} />
      ) : (
        <Table<AiDistrictRow>
          rowKey="districtId"
          size="small"
          loading={districts.isPending}
          dataSource={districts.data ?? []}
          pagination={false}
          scroll={{ x: 760 }}
          locale={{ emptyText: t('ai.districts.empty') }}
          expandable={{
            showExpandColumn: false,
            expandedRowKeys: tested ? [tested.districtId] : [],
            expandedRowRender: () => tested && <TestOutcome result={tested.result} />,
          }}
          columns={[
            { title: t('ai.districts.district'), dataIndex: 'districtName', width: 200 },
            {
              title: t('ai.districts.uses'),
              key: 'uses',
              render: (_v, r) => <span data-testid="ai-district-uses">{uses(r)}</span>,
            },
            {
              title: '',
              key: 'actions',
              width: 300,
              render: (_v, r) => (
                <Flex gap={4} wrap>
                  {canEdit && (
                    <Button type="link" onClick={() => setEditing(r)} data-testid="ai-district-edit">
                      {t('ai.districts.edit')}
                    </Button>
                  )}
                  {r.own?.enabled && (
                    <Button
                      type="link"
                      loading={test.isPending && test.variables === r.districtId}
                      onClick={() => test.mutate(r.districtId)}
                      data-testid="ai-district-test"
                    >
                      {t('ai.districts.test')}
                    </Button>
                  )}
                  {canEdit && r.own && (
                    <Button
                      type="link"
                      loading={inherit.isPending && inherit.variables === r.districtId}
                      onClick={() => inherit.mutate(r.districtId)}
                      data-testid="ai-district-inherit"
                    >
                      {t('ai.districts.inherit')}
                    </Button>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
      {editing && <DistrictDialog district={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
