import { REGISTRATION_RESULTS } from '@meridian/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Form, Input, Select, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { catalogue } from '../components/errors.ts';
import { DEVICE_STATUSES, type DeviceRow, type DeviceStatus, listDevices } from '../devices/api.ts';
import { StatusBadge } from '../devices/status.tsx';
import { type RegistrationLogItem, type RegistrationResult, registrations } from './api.ts';

interface DtuFilters {
  keyword?: string;
  status?: DeviceStatus;
}
interface LogFilters {
  sn?: string;
  result?: RegistrationResult;
}

/** The newest accepted registrations read to show each DTU's last address. */
const ADDRESSES_READ = 500;
const when = (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : '-');

/** DTU manage: each DTU's connection state, last online and address, and the gateway's registration log. */
export function DtuManagePage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="dtu-manage-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'dtus', label: t('data.dtuManage.list'), children: <DtuList /> },
          { key: 'log', label: t('data.dtuManage.log'), children: <RegistrationLog /> },
        ]}
      />
    </Card>
  );
}

function DtuList() {
  const { t } = useTranslation();
  const [form] = Form.useForm<DtuFilters>();
  // DTUs only: MQTT and HTTP devices reach the cloud without one.
  const list = usePagedList<DtuFilters, DeviceRow>(['iot', 'devices', 'dtus'], (query, signal) =>
    listDevices({ ...query, throughDtu: true }, signal),
  );
  const accepted = useQuery({
    queryKey: ['iot', 'registrations', 'addresses'],
    queryFn: ({ signal }) => registrations({ page: 1, size: ADDRESSES_READ, result: 'accepted' }, signal),
    staleTime: 30_000,
    meta: { silentError: true },
  });
  const addressOf = new Map<number, string>();
  for (const entry of accepted.data?.list ?? []) {
    if (entry.deviceId !== null && !addressOf.has(entry.deviceId)) addressOf.set(entry.deviceId, entry.address);
  }
  return (
    <Flex vertical gap={16}>
      <FilterForm<DtuFilters> form={form} onSearch={list.search} searchTestId="dtus-search">
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('devices.list.keyword')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('devices.field.status')}
            options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`devices.status.${s}`) }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<DeviceRow>
        list={list}
        data-testid="dtu-list"
        size="small"
        rowKey="id"
        pagination={{ showSizeChanger: false }}
        columns={[
          {
            title: t('devices.field.name'),
            dataIndex: 'name',
            render: (name: string, d) => <Link to={`/devices/${d.id}`}>{name}</Link>,
          },
          { title: t('devices.field.sn'), dataIndex: 'sn', render: (sn: string | null) => sn ?? '-' },
          {
            title: t('data.dtuManage.connection'),
            key: 'status',
            render: (_v, d) => <StatusBadge status={d.status} enabled={d.enabled} />,
          },
          { title: t('devices.field.lastOnline'), dataIndex: 'lastOnlineAt', render: when },
          { title: t('data.dtuManage.address'), key: 'address', render: (_v, d) => addressOf.get(d.id) ?? '-' },
          {
            title: t('ui.actions'),
            key: 'actions',
            render: (_v, d) => <Link to={`/network/online-rate?device=${d.id}`}>{t('menu.network.onlineRate')}</Link>,
          },
        ]}
      />
    </Flex>
  );
}

function RegistrationLog() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LogFilters>();
  const log = usePagedList<LogFilters, RegistrationLogItem>(['iot', 'registrations'], registrations);
  return (
    <Flex vertical gap={16}>
      <FilterForm<LogFilters> form={form} onSearch={log.search} searchTestId="registrations-search">
        <Form.Item name="sn">
          <Input allowClear placeholder="SN" style={{ width: 220 }} maxLength={40} />
        </Form.Item>
        <Form.Item name="result">
          <Select
            allowClear
            style={{ width: 220 }}
            placeholder={t('data.dtuManage.result')}
            options={REGISTRATION_RESULTS.map((r) => ({ value: r, label: catalogue(`gateway.registration.${r}`) }))}
          />
        </Form.Item>
      </FilterForm>
      <PagedTable<RegistrationLogItem>
        list={log}
        data-testid="registration-log"
        size="small"
        rowKey="id"
        locale={{ emptyText: t('data.dtuManage.noLog') }}
        pagination={{ showSizeChanger: false }}
        columns={[
          { title: t('data.at'), dataIndex: 'at', render: when },
          { title: t('data.dtuManage.address'), dataIndex: 'address' },
          {
            title: 'SN',
            dataIndex: 'sn',
            render: (sn: string | null, r) =>
              r.deviceId ? <Link to={`/devices/${r.deviceId}`}>{sn ?? '-'}</Link> : (sn ?? '-'),
          },
          {
            title: t('data.dtuManage.result'),
            dataIndex: 'result',
            render: (result: RegistrationResult, r) => (
              <Tag color={result === 'accepted' ? 'green' : 'red'}>{r.reason}</Tag>
            ),
          },
        ]}
      />
    </Flex>
  );
}
