import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { deleteStrategy, labelOf, listStrategies, type PassthroughView, passthroughEndpoint } from './api.ts';
import { StrategyForm } from './StrategyForm.tsx';

/** A PC strategy: in session or idle; a group: bridged, waiting for its members, or switched off. */
function StrategyState({ strategy }: { strategy: PassthroughView }) {
  const { t } = useTranslation();
  if (strategy.kind === 'group' && !strategy.enabled)
    return <Tag data-testid="passthrough-off">{t('passthrough.state.off')}</Tag>;
  if (strategy.inSession)
    return (
      <Tag color="processing" data-testid="passthrough-in-session">
        {strategy.kind === 'group' ? t('passthrough.state.bridged') : t('passthrough.state.inSession')}
      </Tag>
    );
  return <Tag>{strategy.kind === 'group' ? t('passthrough.state.waiting') : t('passthrough.state.idle')}</Tag>;
}

interface Filters {
  name?: string;
}

/** Transparent Transmission Groups: the caller's passthrough strategies, added, edited and deleted (decision 0113). */
export function PassthroughPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Filters>();
  const queryClient = useQueryClient();
  // Refreshed so that a session starting or ending shows without reloading.
  const list = usePagedList<Filters, PassthroughView>(['iot', 'passthrough', 'list'], listStrategies, {
    refetchInterval: 5000,
  });
  const endpoint = useQuery({
    queryKey: ['iot', 'passthrough', 'endpoint'],
    queryFn: ({ signal }) => passthroughEndpoint(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [editing, setEditing] = useState<PassthroughView | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['iot', 'passthrough', 'list'] });
  const remove = useMutation({
    mutationFn: deleteStrategy,
    meta: { silentError: true },
    onSuccess: () => {
      message.success(t('passthrough.deleted'));
      void refresh();
    },
    onError: notifyError,
  });
  return (
    <Card data-testid="passthrough-page" title={t('menu.network.passthrough')}>
      <Flex vertical gap={16}>
        {endpoint.data && (
          <Alert
            type="info"
            showIcon
            data-testid="passthrough-endpoint"
            title={t('passthrough.endpoint', { host: window.location.hostname, port: endpoint.data.port })}
          />
        )}
        <Flex justify="space-between" wrap gap={8}>
          <FilterForm<Filters> form={form} onSearch={list.search}>
            <Form.Item name="name">
              <Input allowClear placeholder={t('passthrough.field.name')} style={{ width: 200 }} maxLength={40} />
            </Form.Item>
          </FilterForm>
          <Button type="primary" data-testid="passthrough-add" onClick={() => setEditing('new')}>
            {t('passthrough.form.add')}
          </Button>
        </Flex>
        <PagedTable<PassthroughView>
          list={list}
          live
          data-testid="passthrough-list"
          size="small"
          rowKey="id"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('passthrough.empty')} /> }}
          columns={[
            { title: t('passthrough.field.name'), dataIndex: 'name' },
            {
              title: t('passthrough.field.kind'),
              dataIndex: 'kind',
              render: (kind: PassthroughView['kind']) => t(`passthrough.kind.${kind}`),
            },
            {
              title: t('passthrough.field.device'),
              key: 'device',
              render: (_v, s) =>
                s.kind === 'group' ? (
                  <Flex vertical gap={2} data-testid="passthrough-members">
                    <span>
                      <Tag color="blue">{t('passthrough.field.management')}</Tag>
                      {labelOf(s)}
                    </span>
                    <span>
                      <Tag>{t('passthrough.field.edges')}</Tag>
                      {s.edges.map(labelOf).join(', ')}
                    </span>
                  </Flex>
                ) : (
                  labelOf(s)
                ),
            },
            {
              title: t('passthrough.field.token'),
              key: 'token',
              render: (_v, s) =>
                s.kind === 'group' ? (
                  <Typography.Text type="secondary">{t('passthrough.noToken')}</Typography.Text>
                ) : (
                  <Typography.Text
                    code
                    copyable={{ tooltips: [t('passthrough.copy')] }}
                    data-testid="passthrough-token"
                  >
                    {s.token}
                  </Typography.Text>
                ),
            },
            {
              title: t('passthrough.field.allowList'),
              key: 'allowList',
              render: (_v, s) =>
                s.kind === 'group'
                  ? '—'
                  : s.allowList.length
                    ? s.allowList.map((a) => <Tag key={a}>{a}</Tag>)
                    : t('passthrough.anyAddress'),
            },
            {
              title: t('passthrough.field.state'),
              key: 'state',
              render: (_v, s) => <StrategyState strategy={s} />,
            },
            {
              title: t('passthrough.field.updatedAt'),
              dataIndex: 'updatedAt',
              render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: t('ui.actions'),
              key: 'actions',
              render: (_v, s) => (
                <Space size="small">
                  <Button type="link" size="small" onClick={() => setEditing(s)}>
                    {t('ui.edit')}
                  </Button>
                  <Popconfirm title={t('passthrough.confirmDelete')} onConfirm={() => remove.mutate(s.id)}>
                    <Button type="link" size="small" danger>
                      {t('ui.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Flex>
      {editing && (
        <StrategyForm
          strategy={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('passthrough.saved'));
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
