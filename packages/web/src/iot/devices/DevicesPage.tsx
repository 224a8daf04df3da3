import { DownOutlined, ExportOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { download } from '../../shared/download.ts';
import { notifyError } from '../../shared/feedback.tsx';
import { FilterForm, PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { OwnerSelect, ProjectSelect, TagFilter } from '../components/lookups.tsx';
import { DEVICE_STATUSES, type Device, type DeviceFilters, type DeviceRow, deviceOf, listDevices } from './api.ts';
import { BatchAddDialog } from './BatchAddDialog.tsx';
import { DeviceForm } from './DeviceForm.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { StatusBadge } from './status.tsx';
import { useDeviceActions } from './useDeviceActions.ts';

interface FilterValues extends Omit<DeviceFilters, 'enabled'> {
  enabled?: 'yes' | 'no';
}

type Dialog = { kind: 'add' } | { kind: 'edit'; device: Device } | { kind: 'batch' } | { kind: 'import' } | null;

/** Devices: the caller's devices searched and filtered, with adding, importing, exporting and what may be done to each. */
export function DevicesPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const devices = usePagedList<DeviceFilters, DeviceRow>(['iot', 'devices', 'list'], listDevices);
  const { filters } = devices;
  const search = ({ enabled, ...values }: FilterValues) =>
    devices.search({
      ...values,
      enabled: enabled === undefined ? undefined : enabled === 'yes',
    });
  const edit = async (row: DeviceRow) => {
    try {
      setDialog({ kind: 'edit', device: await deviceOf(row.id) });
    } catch (error) {
      notifyError(error);
    }
  };
  const { toggle, remove } = useDeviceActions();
  const exportList = async () => {
    setExporting(true);
    try {
      await download('iot/devices/export', t('devices.list.exportName'), { ...filters });
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      data-testid="devices-page"
      title={t('menu.devices.list')}
      extra={
        <Flex gap={8} wrap>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'add' })}
            data-testid="device-add"
          >
            {t('devices.list.add')}
          </Button>
          <Button onClick={() => setDialog({ kind: 'batch' })} data-testid="device-batch">
            {t('devices.list.batch')}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            onClick={() => setDialog({ kind: 'import' })}
            data-testid="device-import"
          >
            {t('devices.list.import')}
          </Button>
          <Button icon={<ExportOutlined />} loading={exporting} onClick={exportList} data-testid="device-export">
            {t('devices.list.export')}
          </Button>
        </Flex>
      }
    >
      <FilterForm<FilterValues> name="devices" form={form} onSearch={search} searchTestId="devices-search">
        <Form.Item name="keyword">
          <Input allowClear placeholder={t('devices.list.keyword')} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="status" label={t('devices.field.status')}>
          <Select
            allowClear
            placeholder={t('ui.all')}
            style={{ width: 110 }}
            options={DEVICE_STATUSES.map((status) => ({ value: status, label: t(`devices.status.${status}`) }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('devices.field.enabled')}>
          <Select
            allowClear
            placeholder={t('ui.all')}
            style={{ width: 100 }}
            options={[
              { value: 'yes', label: t('devices.enabled') },
              { value: 'no', label: t('devices.disabled') },
            ]}
          />
        </Form.Item>
        <Form.Item name="projectId" label={t('devices.field.project')}>
          <ProjectSelect placeholder={t('ui.all')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="tagId" label={t('devices.field.tags')}>
          <TagFilter placeholder={t('ui.all')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="ownerId" label={t('devices.field.owner')}>
          <OwnerSelect placeholder={t('ui.all')} style={{ width: 160 }} />
        </Form.Item>
      </FilterForm>
      <PagedTable<DeviceRow>
        list={devices}
        data-testid="devices-table"
        rowKey="id"
        locale={{
          emptyText: t(
            Object.keys(filters).some((k) => filters[k as keyof DeviceFilters] !== undefined)
              ? 'devices.list.noMatch'
              : 'devices.list.empty',
          ),
        }}
        scroll={{ x: 1100 }}
        columns={[
          {
            title: t('devices.field.name'),
            key: 'name',
            width: 190,
            // The name stays in view when a narrow window scrolls the table sideways.
            fixed: 'left',
            render: (_v, row) => (
              <Flex vertical style={{ minWidth: 0 }}>
                <Link to={`/devices/${row.id}`}>{row.name}</Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.sn ?? (row.deviceNo !== null ? `ID ${row.deviceNo}` : '-')}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('devices.field.status'),
            key: 'status',
            width: 100,
            render: (_v, row) => <StatusBadge status={row.status} enabled={row.enabled} />,
          },
          {
            title: t('devices.field.project'),
            dataIndex: 'projectName',
            width: 140,
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('devices.field.tags'),
            dataIndex: 'tags',
            width: 140,
            render: (tags: DeviceRow['tags'] | undefined) =>
              tags?.length ? (
                <Flex wrap gap={4}>
                  {tags.map((tag) => (
                    <Tag key={tag.id} style={{ marginInlineEnd: 0 }}>
                      {tag.name}
                    </Tag>
                  ))}
                </Flex>
              ) : (
                '-'
              ),
          },
          {
            title: t('devices.field.template'),
            key: 'template',
            width: 140,
            render: (_v, row) =>
              row.templateId ? (row.templateName ?? `#${row.templateId}`) : t('devices.noTemplate'),
          },
          {
            title: t('devices.field.owner'),
            dataIndex: 'ownerAccount',
            width: 120,
            render: (v: string | null) => v ?? '-',
          },
          {
            title: t('devices.field.lastOnline'),
            dataIndex: 'lastOnlineAt',
            width: 140,
            render: (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : t('devices.never')),
          },
          {
            title: t('ui.actions'),
            key: 'actions',
            fixed: 'right',
            width: 140,
            render: (_v, row) => (
              <Flex align="center">
                <Button type="link" size="small" onClick={() => void edit(row)}>
                  {t('ui.edit')}
                </Button>
                <Dropdown
                  trigger={['click']}
                  placement="bottomRight"
                  menu={{
                    items: [
                      row.enabled
                        ? { key: 'toggle', label: t('devices.list.disable'), danger: true }
                        : { key: 'toggle', label: t('devices.list.enable') },
                      { key: 'delete', label: t('ui.delete'), danger: true },
                    ],
                    onClick: ({ key }) => (key === 'toggle' ? toggle(row) : remove(row)),
                  }}
                >
                  <Button type="link" size="small" data-testid={`device-more-${row.id}`}>
                    {t('ui.more')} <DownOutlined style={{ fontSize: 10 }} />
                  </Button>
                </Dropdown>
              </Flex>
            ),
          },
        ]}
      />
      <DeviceForm
        key={dialog?.kind === 'edit' ? dialog.device.id : 'new'}
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        device={dialog?.kind === 'edit' ? dialog.device : undefined}
        onClose={() => setDialog(null)}
      />
      <BatchAddDialog open={dialog?.kind === 'batch'} onClose={() => setDialog(null)} />
      <ImportDialog open={dialog?.kind === 'import'} onClose={() => setDialog(null)} />
    </Card>
  );
}
