import { CONFIG_STATES } from '@meridian/contracts';
import { Card, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { type ConfigState, type DeviceConfigView, listDeviceConfigs } from './api.ts';

interface Filters {
  sn?: string;
  state?: ConfigState;
}

const COLORS: Record<ConfigState, string> = {
  pending: 'default',
  configuring: 'processing',
  success: 'success',
  failed: 'error',
};
const REFRESH_MS = 3000;
const when = (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '-');

/** Device Configuration: each device's latest configuration, its state and why it failed. */
export function DeviceConfigsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filters>();
  const list = usePagedList<Filters, DeviceConfigView>(['iot', 'config', 'devices'], listDeviceConfigs);
  // While a device on the page waits or is being configured, its outcome is fetched every few seconds.
  const waiting = list.rows.some((r) => r.state === 'pending' || r.state === 'configuring');
  const { refetch } = list.query;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch]);
  return (
    <Card data-testid="device-configs-page" title={t('menu.config.devices')}>
      <Flex vertical gap={16}>
        <FilterForm<Filters> form={form} onSearch={list.search} searchTestId="device-configs-search">
          <Form.Item name="sn">
            <Input allowClear placeholder="SN" style={{ width: 220 }} maxLength={40} />
          </Form.Item>
          <Form.Item name="state">
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('config.field.state')}
              options={CONFIG_STATES.map((s) => ({ value: s, label: t(`config.state.${s}`) }))}
            />
          </Form.Item>
        </FilterForm>
        <Typography.Text type="secondary">{t('config.devicesHint')}</Typography.Text>
        <PagedTable<DeviceConfigView>
          list={list}
          data-testid="device-config-list"
          size="small"
          rowKey="deviceId"
          columns={[
            {
              title: t('devices.field.name'),
              dataIndex: 'deviceName',
              render: (name: string, r) => <Link to={`/devices/${r.deviceId}`}>{name}</Link>,
            },
            { title: 'SN', dataIndex: 'sn' },
            { title: t('config.field.profile'), dataIndex: 'profileName' },
            {
              title: t('config.field.state'),
              dataIndex: 'state',
              render: (state: ConfigState) => (
                <Tag color={COLORS[state]} data-testid={`config-state-${state}`}>
                  {t(`config.state.${state}`)}
                </Tag>
              ),
            },
            { title: t('config.field.reason'), dataIndex: 'reason', render: (r: string | null) => r ?? '-' },
            { title: t('config.field.requestedAt'), dataIndex: 'requestedAt', render: when },
            { title: t('config.field.finishedAt'), dataIndex: 'finishedAt', render: when },
          ]}
        />
      </Flex>
    </Card>
  );
}
