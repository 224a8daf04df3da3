import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { TemplateSelect, useTemplateChoices } from '../components/lookups.tsx';
import { type DeviceRow, listDevices } from '../devices/api.ts';
import { StatusBadge } from '../devices/status.tsx';
import { applyTemplate } from './api.ts';

/** Single Application: gives one device a template. */
export function SingleApplicationDialog({
  device,
  onClose,
}: {
  device: { id: number; name: string; templateId: number | null } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState<number | undefined>(device?.templateId ?? undefined);
  const apply = useMutation({
    mutationFn: (id: number) => applyTemplate(id, [device?.id ?? 0]),
    onSuccess: async () => {
      message.success(t('templates.apply.doneOne'));
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      onClose();
    },
  });
  return (
    <Modal
      open={!!device}
      title={t('templates.apply.singleTitle')}
      onCancel={onClose}
      okText={t('templates.apply.submit')}
      okButtonProps={{ disabled: !templateId, loading: apply.isPending }}
      onOk={() => templateId && apply.mutate(templateId)}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('templates.apply.singleText', { name: device?.name ?? '' })}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('devices.field.template')} required>
          <TemplateSelect value={templateId} onChange={setTemplateId} data-testid="single-apply-template" />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t('templates.apply.keepsWorking')}</Typography.Text>
    </Modal>
  );
}

/** Template Application: gives many devices one template, chosen from the device list. */
export function TemplateApplicationDialog({
  template,
  onClose,
}: {
  template: { id: number; name: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[]>([]);
  const templates = useTemplateChoices();
  const templateName = (id: number) => templates.data?.list.find((item) => item.id === id)?.name ?? `#${id}`;
  const devices = usePagedList<{ keyword?: string }, DeviceRow>(['iot', 'devices', 'list'], listDevices, {
    size: 10,
    enabled: !!template,
  });
  const apply = useMutation({
    mutationFn: () => applyTemplate(template?.id ?? 0, chosen),
    meta: { silentError: true },
    onSuccess: async (result) => {
      message.success(t('templates.apply.done', { count: result?.applied ?? chosen.length }));
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      setChosen([]);
      onClose();
    },
    onError: notifyError,
  });
  return (
    <Modal
      open={!!template}
      width={820}
      title={t('templates.apply.manyTitle', { name: template?.name ?? '' })}
      onCancel={onClose}
      okText={t('templates.apply.submitMany', { count: chosen.length })}
      okButtonProps={{ disabled: chosen.length === 0, loading: apply.isPending }}
      onOk={() => apply.mutate()}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="apply-dialog">
        <Flex gap={12} align="center" justify="space-between">
          <Input.Search
            allowClear
            placeholder={t('devices.list.keyword')}
            style={{ width: 280 }}
            onSearch={(value) => devices.search({ keyword: value.trim() || undefined })}
            data-testid="apply-search"
          />
          <Typography.Text type="secondary">{t('templates.apply.chosen', { count: chosen.length })}</Typography.Text>
        </Flex>
        <PagedTable<DeviceRow>
          list={devices}
          size="small"
          rowKey="id"
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setChosen(keys as number[]),
          }}
          locale={{ emptyText: t('devices.list.empty') }}
          pagination={{ pageSizeOptions: [10, 20, 50, 100] }}
          columns={[
            { title: t('devices.field.name'), dataIndex: 'name' },
            {
              title: t('devices.field.sn'),
              key: 'sn',
              render: (_v, d) => d.sn ?? (d.deviceNo !== null ? `ID ${d.deviceNo}` : '-'),
            },
            {
              title: t('devices.field.status'),
              key: 'status',
              render: (_v, d) => <StatusBadge status={d.status} enabled={d.enabled} />,
            },
            {
              title: t('devices.field.template'),
              key: 'template',
              render: (_v, d) =>
                d.templateId === template?.id
                  ? t('templates.apply.already')
                  : d.templateId
                    ? templateName(d.templateId)
                    : '-',
            },
          ]}
        />
        <Typography.Text type="secondary">{t('templates.apply.keepsWorking')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
