import { UploadOutlined } from '@ant-design/icons';
import { FIRMWARE_TYPES, type FirmwareType } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../shared/lists/PagedList.tsx';
import { usePermissions } from '../../shared/permissions.ts';
import { useConfirm } from '../../shared/useConfirm.ts';
import { deleteFirmware, type FirmwareView, listFirmware } from './api.ts';
import { UploadForm } from './UploadForm.tsx';

const FIRMWARE = '/iot/firmware';

/** `1.5 MB`, `12 KB`, `300 B`. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** Firmware Management: the uploaded images with their size and SHA-256; upload, search, delete. */
export function FirmwarePage() {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [uploading, setUploading] = useState(false);
  const [filter, setFilter] = useState<{ keyword?: string; type?: FirmwareType }>({});
  const list = usePagedList<{ keyword?: string; type?: FirmwareType }, FirmwareView>(['iot', 'firmware'], listFirmware);
  const search = (next: { keyword?: string; type?: FirmwareType }) => {
    setFilter(next);
    list.search(next);
  };
  const remove = (row: FirmwareView) =>
    confirm(
      {
        title: t('firmware.deleteAsk', { name: row.name, version: row.version }),
        okText: t('ui.delete'),
        danger: true,
      },
      async () => {
        await deleteFirmware(row.id);
        await queryClient.invalidateQueries({ queryKey: ['iot', 'firmware'] });
      },
    );
  return (
    <Card data-testid="firmware-page" title={t('menu.firmware.management')}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" wrap gap={12}>
          <Flex gap={12} wrap>
            <Input.Search
              allowClear
              placeholder={t('firmware.keyword')}
              style={{ width: 280 }}
              data-testid="firmware-search"
              onSearch={(value) => search({ ...filter, keyword: value.trim() || undefined })}
            />
            <Select<FirmwareType>
              allowClear
              placeholder={t('firmware.allTypes')}
              style={{ width: 140 }}
              options={FIRMWARE_TYPES.map((type) => ({ value: type, label: t(`firmware.types.${type}`) }))}
              onChange={(type) => search({ ...filter, type })}
            />
          </Flex>
          {can({ path: FIRMWARE, code: 'add' }) && (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => setUploading(true)}
              data-testid="firmware-upload"
            >
              {t('firmware.upload')}
            </Button>
          )}
        </Flex>
        <PagedTable<FirmwareView>
          list={list}
          data-testid="firmware-table"
          rowKey="id"
          locale={{ emptyText: t('firmware.empty') }}
          pagination={{ showSizeChanger: false }}
          columns={[
            { title: t('firmware.name'), dataIndex: 'name' },
            { title: t('firmware.series'), dataIndex: 'series' },
            { title: t('firmware.model'), dataIndex: 'model' },
            { title: t('firmware.version'), dataIndex: 'version' },
            {
              title: t('firmware.type'),
              dataIndex: 'type',
              render: (type: FirmwareType) => (
                <Tag color={type === 'full' ? 'blue' : 'purple'}>{t(`firmware.types.${type}`)}</Tag>
              ),
            },
            { title: t('firmware.size'), dataIndex: 'size', render: (size: number) => sizeText(size) },
            {
              title: t('firmware.sha256'),
              dataIndex: 'sha256',
              render: (sha: string) => (
                <Typography.Text code copyable={{ text: sha }} title={sha}>
                  {`${sha.slice(0, 12)}…`}
                </Typography.Text>
              ),
            },
            {
              title: t('firmware.createdAt'),
              dataIndex: 'createdAt',
              render: (at: number) => new Date(at).toLocaleString(i18n.language),
            },
            {
              title: t('ui.actions'),
              key: 'actions',
              width: 100,
              render: (_v, row) =>
                can({ path: FIRMWARE, code: 'delete' }) && (
                  <Button type="link" size="small" danger onClick={() => remove(row)}>
                    {t('ui.delete')}
                  </Button>
                ),
            },
          ]}
        />
      </Flex>
      {uploading && <UploadForm onClose={() => setUploading(false)} />}
    </Card>
  );
}
