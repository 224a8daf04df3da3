import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../shared/auth.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { type DataPushView, listTargets, pauseTarget, resumeTarget } from './api.ts';
import { DataPushForm } from './DataPushForm.tsx';
import { DeliveriesTable } from './DeliveriesTable.tsx';

interface Filters {
  name?: string;
}

/**
 * Data push: the caller's targets, paused and resumed, with their last deliveries (decision 0123).
 * Platform administrators also add and edit targets for any account (decision 0138); customers
 * read the spec's sentence instead.
 */
export function DataPushPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const queryClient = useQueryClient();
  const admin = useUserInfo().data?.superAdmin === true;
  // null: a new target; a target: editing it; undefined: the form is closed.
  const [editing, setEditing] = useState<DataPushView | null | undefined>(undefined);
  // Refreshed so that a target paused after failures shows without reloading.
  const list = usePagedList<Filters, DataPushView>(['iot', 'data-push', 'list'], listTargets, {
    refetchInterval: 5000,
  });
  const toggle = useMutation({
    mutationFn: (target: DataPushView) =>
      target.state === 'active' ? pauseTarget(target.id) : resumeTarget(target.id),
    meta: { silentError: true },
    onSuccess: (target) => {
      message.success(t(target.state === 'active' ? 'dataPush.resumed' : 'dataPush.paused'));
      void queryClient.invalidateQueries({ queryKey: ['iot', 'data-push'] });
    },
    onError: notifyError,
  });
  return (
    <Card
      data-testid="datapush-page"
      title={t('menu.settings.dataPush')}
      extra={
        admin && (
          <Button type="primary" data-testid="datapush-add" onClick={() => setEditing(null)}>
            {t('dataPush.add')}
          </Button>
        )
      }
    >
      {editing !== undefined && <DataPushForm target={editing} onClose={() => setEditing(undefined)} />}
      <Flex vertical gap={16}>
        <Alert
          type="info"
          showIcon
          title={t('dataPush.intro')}
          description={admin ? t('dataPush.adminNote') : t('dataPush.creationClosed')}
        />
        <FilterForm<Filters> form={form} onSearch={list.search}>
          <Form.Item name="name">
            <Input allowClear placeholder={t('dataPush.field.name')} style={{ width: 200 }} maxLength={40} />
          </Form.Item>
        </FilterForm>
        <PagedTable<DataPushView>
          list={list}
          live
          data-testid="datapush-list"
          size="small"
          rowKey="id"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('dataPush.empty')} /> }}
          expandable={{
            expandedRowRender: (target) => <DeliveriesTable targetId={target.id} />,
            expandRowByClick: false,
          }}
          columns={[
            { title: t('dataPush.field.name'), dataIndex: 'name' },
            // Administrators see every account's targets: whose each one is.
            ...(admin ? [{ title: t('dataPush.field.owner'), dataIndex: 'ownerAccount' }] : []),
            {
              title: t('dataPush.field.url'),
              dataIndex: 'url',
              render: (url: string) => <Typography.Text code>{url}</Typography.Text>,
            },
            {
              title: t('dataPush.field.what'),
              key: 'what',
              render: (_v, target) => (
                <Space size={4} wrap data-testid="datapush-what">
                  {target.pushValues && <Tag>{t('dataPush.what.values')}</Tag>}
                  {target.pushAlarms && <Tag color="volcano">{t('dataPush.what.alarms')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('dataPush.field.state'),
              key: 'state',
              render: (_v, target) =>
                target.state === 'active' ? (
                  <Tag color="success" data-testid="datapush-state">
                    {t('dataPush.state.active')}
                  </Tag>
                ) : (
                  <Flex vertical gap={2}>
                    <Tag color="warning" data-testid="datapush-state" style={{ width: 'fit-content' }}>
                      {t('dataPush.state.paused')}
                    </Tag>
                    <Typography.Text type="secondary" data-testid="datapush-reason">
                      {target.pausedReason ?? t('dataPush.pausedByOwner')}
                    </Typography.Text>
                  </Flex>
                ),
            },
            {
              title: t('dataPush.field.lastSentAt'),
              dataIndex: 'lastSentAt',
              render: (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : t('dataPush.neverSent')),
            },
            {
              title: t('ui.actions'),
              key: 'actions',
              render: (_v, target) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    data-testid="datapush-toggle"
                    loading={toggle.isPending && toggle.variables?.id === target.id}
                    onClick={() => toggle.mutate(target)}
                  >
                    {t(target.state === 'active' ? 'dataPush.pause' : 'dataPush.resume')}
                  </Button>
                  {admin && (
                    <Button type="link" size="small" data-testid="datapush-edit" onClick={() => setEditing(target)}>
                      {t('dataPush.edit')}
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
