import { DownloadOutlined } from '@ant-design/icons';
import { ONLINE_STATES } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../shared/feedback.tsx';
import { PagedTable, SearchButtons, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { catalogue } from '../components/errors.ts';
import { exportOnlineRecords, type OnlineRecord, onlineRecords, type RecordFilters } from './api.ts';
import { DeviceSelect } from './DeviceSelect.tsx';

const STATE_COLORS: Record<OnlineRecord['state'], string> = { online: 'green', offline: 'default', fault: 'orange' };

interface FilterValues {
  deviceId?: number;
  state?: RecordFilters['state'];
  range?: [Dayjs, Dayjs] | null;
}

function filtersOf(values: FilterValues): RecordFilters {
  return {
    deviceId: values.deviceId,
    state: values.state,
    from: values.range?.[0]?.valueOf(),
    to: values.range?.[1]?.valueOf(),
  };
}

/** Devices Online/Offline records: every change of a device's connection, and into and out of fault, with the reason in the spec's words. */
export function OnlineRecordsPage() {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const [form] = Form.useForm<FilterValues>();
  const [exporting, setExporting] = useState(false);
  const list = usePagedList<RecordFilters, OnlineRecord>(['iot', 'online-records'], onlineRecords);
  const queryClient = useQueryClient();
  const search = (values: FilterValues) => {
    list.search(filtersOf(values));
    // Searching again with the same filters reads the newest records too.
    queryClient.invalidateQueries({ queryKey: ['iot', 'online-records'] });
  };
  const runExport = async () => {
    setExporting(true);
    try {
      await exportOnlineRecords(list.filters);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card data-testid="online-records-page">
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={12}>
          <Form<FilterValues> form={form} layout="inline" onFinish={search} style={{ rowGap: 12 }}>
            <Form.Item name="deviceId">
              <DeviceSelect allowClear style={{ width: 240 }} data-testid="records-device" />
            </Form.Item>
            <Form.Item name="state">
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('data.records.state')}
                options={ONLINE_STATES.map((state) => ({ value: state, label: catalogue(`telemetry.state.${state}`) }))}
              />
            </Form.Item>
            <Form.Item name="range">
              <DatePicker.RangePicker showTime />
            </Form.Item>
            <SearchButtons
              testId="records-search"
              onReset={() => {
                form.resetFields();
                search({});
              }}
            />
          </Form>
          {can({ path: '/iot/devices', code: 'export' }) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport} data-testid="records-export">
              {t('devices.list.export')}
            </Button>
          )}
        </Flex>
        <PagedTable<OnlineRecord>
          list={list}
          data-testid="online-records"
          size="small"
          rowKey="id"
          locale={{ emptyText: t('data.records.empty') }}
          pagination={{ showSizeChanger: false }}
          columns={[
            {
              title: t('devices.field.name'),
              dataIndex: 'deviceName',
              render: (name: string, r) => <Link to={`/devices/${r.deviceId}`}>{name}</Link>,
            },
            { title: t('devices.field.sn'), dataIndex: 'sn', render: (sn: string | null) => sn ?? '-' },
            {
              title: t('data.records.state'),
              dataIndex: 'state',
              render: (state: OnlineRecord['state']) => (
                <Tag color={STATE_COLORS[state]}>{catalogue(`telemetry.state.${state}`)}</Tag>
              ),
            },
            {
              title: t('data.records.reason'),
              key: 'reason',
              render: (_v, r) =>
                r.reasonText ??
                (r.transport
                  ? t('data.records.via', {
                      transport: t(`data.transport.${r.transport}`, { defaultValue: r.transport }),
                    })
                  : '-'),
            },
            {
              title: t('data.at'),
              dataIndex: 'at',
              render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
