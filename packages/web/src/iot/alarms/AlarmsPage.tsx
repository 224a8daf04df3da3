import { DownloadOutlined } from '@ant-design/icons';
import { ALARM_RECOVERY, ALARM_STATES } from '@meridian/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Select, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { currentLang } from '../../shared/i18n.ts';
import { LoadFailed } from '../../shared/lists/LoadFailed.tsx';
import { SearchButtons } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { catalogue } from '../components/errors.ts';
import { DeviceSelect } from '../telemetry/DeviceSelect.tsx';
import { FromAlarmButton } from '../workorders/FromAlarmButton.tsx';
import { AlarmSnapshots } from './AlarmSnapshots.tsx';
import { type AlarmFilters, type AlarmView, alarmRecord, alarmsToday, exportAlarms } from './api.ts';
import { ProcessDialog } from './ProcessDialog.tsx';

interface FilterValues {
  deviceId?: number;
  state?: AlarmView['state'];
  recovery?: AlarmView['recovery'];
  range?: [Dayjs, Dayjs] | null;
}

const PAGE_SIZE = 20;
const STATE_COLOR: Record<AlarmView['state'], string> = {
  unprocessed: 'red',
  processed: 'green',
  misreport: 'default',
};
const time = (at: number | null) => (at === null ? '-' : dayjs(at).format('YYYY-MM-DD HH:mm:ss'));

/** Alarms Today: the alarms fired since midnight. */
export const AlarmsTodayPage = () => <AlarmsPage today />;

/** Alarm Record (every alarm, newest first) and Alarms Today: filters, export and processing. */
export function AlarmsPage({ today = false }: { today?: boolean }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<AlarmFilters>({});
  const [page, setPage] = useState(1);
  const [processing, setProcessing] = useState<AlarmView | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useQuery({
    // The texts come in the reader's language: another language reads them again at once.
    queryKey: ['iot', 'alarms', today ? 'today' : 'record', filters, page, currentLang()],
    queryFn: ({ signal }) => (today ? alarmsToday : alarmRecord)({ ...filters, page, size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    // New alarms appear without a reload.
    refetchInterval: 10_000,
    meta: { silentError: true },
  });
  const search = (values: FilterValues) => {
    setFilters({
      deviceId: values.deviceId,
      state: values.state,
      recovery: values.recovery,
      from: values.range?.[0]?.valueOf(),
      to: values.range?.[1]?.valueOf(),
    });
    setPage(1);
    queryClient.invalidateQueries({ queryKey: ['iot', 'alarms'] });
  };
  const runExport = async () => {
    setExporting(true);
    try {
      const from = today ? dayjs().startOf('day').valueOf() : filters.from;
      await exportAlarms({ ...filters, from });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };
  const canProcess = can({ path: '/iot/alarms', code: 'edit' });

  return (
    <Card
      data-testid={today ? 'alarms-today-page' : 'alarm-record-page'}
      title={t(today ? 'menu.alarms.today' : 'menu.alarms.record')}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport} data-testid="alarms-export">
          {t('alarms.export')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={12}>
          <Form<FilterValues> form={form} layout="inline" onFinish={search} style={{ rowGap: 12 }}>
            <Form.Item name="deviceId">
              <DeviceSelect allowClear style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="state">
              <Select
                allowClear
                style={{ width: 130 }}
                placeholder={t('alarms.column.state')}
                data-testid="alarms-state"
                options={ALARM_STATES.map((s) => ({ value: s, label: t(`alarms.state.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="recovery">
              <Select
                allowClear
                style={{ width: 130 }}
                placeholder={t('alarms.column.recovery')}
                options={ALARM_RECOVERY.map((r) => ({ value: r, label: t(`alarms.recovery.${r}`) }))}
              />
            </Form.Item>
            {!today && (
              <Form.Item name="range">
                <DatePicker.RangePicker showTime />
              </Form.Item>
            )}
            <SearchButtons
              testId="alarms-search"
              onReset={() => {
                form.resetFields();
                search({});
              }}
            />
          </Form>
        </Flex>
        {list.isError && !list.data ? (
          <LoadFailed error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : (
          <Table<AlarmView>
            data-testid="alarms-table"
            size="small"
            rowKey="id"
            loading={list.isFetching && !list.data}
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: t(today ? 'alarms.emptyToday' : 'alarms.empty') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t('ui.total', { total }),
              onChange: setPage,
            }}
            columns={[
              {
                title: t('alarms.column.content'),
                key: 'content',
                render: (_v, row) => (
                  <Flex vertical gap={2}>
                    <span>{row.content}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {row.triggerName}
                      {row.repeats > 0 && ` · ${t('alarms.repeats', { n: row.repeats })}`}
                    </Typography.Text>
                  </Flex>
                ),
              },
              { title: t('alarms.column.time'), dataIndex: 'firedAt', width: 160, render: time },
              {
                title: t('alarms.column.device'),
                dataIndex: 'deviceName',
                render: (name: string, row) => <Link to={`/devices/${row.deviceId}`}>{name}</Link>,
              },
              { title: t('alarms.column.point'), dataIndex: 'pointName', render: (v: string | null) => v ?? '-' },
              {
                title: t('alarms.column.value'),
                dataIndex: 'value',
                width: 90,
                render: (v: string | null) => v ?? '-',
              },
              {
                title: t('alarms.column.snapshot'),
                key: 'snapshot',
                width: 120,
                render: (_v, row) => <AlarmSnapshots alarm={row} />,
              },
              {
                title: t('alarms.column.recovery'),
                key: 'recovery',
                width: 150,
                render: (_v, row) => (
                  <Flex vertical gap={2} data-testid={`alarm-recovery-${row.id}`}>
                    <Tag color={row.recovery === 'restored' ? 'green' : 'orange'} style={{ width: 'fit-content' }}>
                      {t(`alarms.recovery.${row.recovery}`)}
                    </Tag>
                    {row.restoredAt !== null && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {time(row.restoredAt)}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
              {
                title: t('alarms.column.state'),
                key: 'state',
                width: 190,
                render: (_v, row) => (
                  <Flex vertical gap={2} data-testid={`alarm-state-${row.id}`}>
                    <Tag color={STATE_COLOR[row.state]} style={{ width: 'fit-content' }}>
                      {t(`alarms.state.${row.state}`)}
                    </Tag>
                    {row.result && <Typography.Text style={{ fontSize: 12 }}>{row.result}</Typography.Text>}
                    {row.processedBy && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.processedBy} {time(row.processedAt)}
                      </Typography.Text>
                    )}
                    {canProcess && row.state === 'unprocessed' && (
                      <Button
                        type="link"
                        size="small"
                        style={{ padding: 0 }}
                        onClick={() => setProcessing(row)}
                        data-testid={`alarm-process-${row.id}`}
                      >
                        {t('alarms.process.action')}
                      </Button>
                    )}
                    <FromAlarmButton alarm={row} />
                  </Flex>
                ),
              },
              {
                title: t('alarms.column.notification'),
                key: 'notification',
                width: 120,
                render: (_v, row) => (
                  <Flex vertical gap={2}>
                    {row.notification === 'suspended' ? (
                      <Tooltip title={t('alarms.suspendedHint')}>
                        <Tag>{t('alarms.notification.suspended')}</Tag>
                      </Tooltip>
                    ) : (
                      <Link to={`/alarms/notifications?alarmId=${row.id}`}>{t('alarms.notification.sent')}</Link>
                    )}
                    {row.linkage && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {row.linkage === 'ok' ? catalogue('alarm.linkage.ok') : row.linkage}
                      </Typography.Text>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Flex>
      {processing && <ProcessDialog alarm={processing} onClose={() => setProcessing(null)} />}
    </Card>
  );
}
