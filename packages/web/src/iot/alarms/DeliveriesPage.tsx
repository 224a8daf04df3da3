import { DELIVERY_STATES, NOTIFY_CHANNELS, NOTIFY_KINDS } from '@meridian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { currentLang } from '../../shared/i18n.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { SearchButtons } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { type DeliveryFilters, type DeliveryView, listDeliveries, resendDelivery } from './api.ts';

const PAGE_SIZE = 20;
const STATE_COLOR: Record<DeliveryView['state'], string> = {
  queued: 'default',
  sending: 'processing',
  retrying: 'warning',
  sent: 'success',
  failed: 'error',
};
const time = (at: number | null) => (at === null ? '-' : dayjs(at).format('YYYY-MM-DD HH:mm:ss'));

/** Alarm Notification: every message an alarm sent, to whom and how, with its outcome; failed ones sent again. */
export function DeliveriesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const alarmId = Number(params.get('alarmId')) || undefined;
  const [form] = Form.useForm<DeliveryFilters>();
  const [filters, setFilters] = useState<DeliveryFilters>({});
  const [page, setPage] = useState(1);
  const list = useQuery({
    // The texts come in the reader's language: another language reads them again at once.
    queryKey: ['iot', 'deliveries', alarmId, filters, page, currentLang()],
    queryFn: ({ signal }) => listDeliveries({ ...filters, alarmId, page, size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    // Outcomes change as the outbox works: retries, then sent or failed.
    refetchInterval: 5_000,
    meta: { silentError: true },
  });
  const resend = useMutation({
    mutationFn: resendDelivery,
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('alarms.delivery.resent'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'deliveries'] });
    },
    onError: notifyError,
  });

  return (
    <Card data-testid="deliveries-page" title={t('menu.alarms.notifications')}>
      <Form<DeliveryFilters>
        form={form}
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilters({ ...values, keyword: values.keyword?.trim() || undefined });
          setPage(1);
          // Searching again with the same filters reads the newest outcomes too.
          queryClient.invalidateQueries({ queryKey: ['iot', 'deliveries'] });
        }}
      >
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('alarms.delivery.keyword')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="channel">
          <Select
            allowClear
            placeholder={t('alarms.delivery.channel')}
            style={{ width: 130 }}
            options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`alarms.channel.${c}`) }))}
          />
        </Form.Item>
        <Form.Item name="kind">
          <Select
            allowClear
            placeholder={t('alarms.delivery.kind')}
            style={{ width: 130 }}
            options={NOTIFY_KINDS.map((k) => ({ value: k, label: t(`alarms.deliveryKind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="state">
          <Select
            allowClear
            placeholder={t('alarms.delivery.state')}
            style={{ width: 130 }}
            options={DELIVERY_STATES.map((s) => ({ value: s, label: t(`alarms.deliveryState.${s}`) }))}
          />
        </Form.Item>
        <SearchButtons
          testId="deliveries-search"
          onReset={() => {
            form.resetFields();
            setFilters({});
            setPage(1);
          }}
        />
      </Form>
      {alarmId && (
        <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">{t('alarms.delivery.ofAlarm', { id: alarmId })}</Typography.Text>
          <Link to="/alarms/notifications">{t('alarms.delivery.all')}</Link>
        </Flex>
      )}
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<DeliveryView>
          data-testid="deliveries-table"
          size="small"
          rowKey="id"
          loading={list.isFetching && !list.data}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: t('alarms.delivery.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('ui.total', { total }),
            onChange: setPage,
          }}
          columns={[
            { title: t('alarms.delivery.createdAt'), dataIndex: 'createdAt', width: 160, render: time },
            {
              title: t('alarms.column.device'),
              dataIndex: 'deviceName',
              render: (name: string, row) => <Link to={`/devices/${row.deviceId}`}>{name}</Link>,
            },
            {
              title: t('alarms.delivery.kind'),
              dataIndex: 'kind',
              width: 80,
              render: (kind: DeliveryView['kind']) => t(`alarms.deliveryKind.${kind}`),
            },
            {
              title: t('alarms.delivery.contact'),
              key: 'contact',
              ellipsis: true,
              render: (_v, row) => (
                <Flex vertical gap={2}>
                  <span>{row.contactName}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`alarms.channel.${row.channel}`)} · {row.target}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('alarms.delivery.content'),
              dataIndex: 'content',
              ellipsis: true,
            },
            {
              title: t('alarms.delivery.state'),
              key: 'state',
              width: 170,
              render: (_v, row) => (
                <Flex vertical gap={2} align="start">
                  <Tag color={STATE_COLOR[row.state]} data-testid={`delivery-state-${row.id}`}>
                    {t(`alarms.deliveryState.${row.state}`)}
                  </Tag>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('alarms.delivery.attemptsOf', { n: row.attempts })}
                    {row.sentAt !== null && ` · ${time(row.sentAt)}`}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('alarms.delivery.lastError'),
              dataIndex: 'lastError',
              ellipsis: true,
              render: (v: string | null) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '-'),
            },
            {
              title: t('ui.actions'),
              key: 'actions',
              width: 100,
              render: (_v, row) =>
                row.state === 'failed' && can({ path: '/iot/alarms', code: 'edit' }) ? (
                  <Button
                    type="link"
                    size="small"
                    loading={resend.isPending && resend.variables === row.id}
                    onClick={() => resend.mutate(row.id)}
                    data-testid={`delivery-resend-${row.id}`}
                  >
                    {t('alarms.delivery.resend')}
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}
