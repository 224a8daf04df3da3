import type { ScaleAudience } from '@meridian/contracts';
import { hasPermission } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Input, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { usePermissionEntries } from '../../shell/api.ts';
import { textIn } from '../assessments/lookups.ts';
import { deleteScale, publishScale, type ScaleStatus, type ScaleSummary, scalePage, unpublishScale } from './api.ts';
import { CopyDialog } from './CopyDialog.tsx';
import { ScaleDrawer } from './ScaleDrawer.tsx';
import './strings.ts';

type Action = 'publish' | 'unpublish' | 'delete';
const STATUS_COLOR: Record<ScaleStatus, string> = { draft: 'default', published: 'green', unpublished: 'orange' };
const FEATURE = '/data/systemScale';

/** `/data/customScale`: the custom scales of the scope: edit, preview, publish, unpublish, copy, delete. */
export function CustomScalesPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const entries = usePermissionEntries();
  const can = (code: string) => hasPermission(entries.data ?? [], FEATURE, code);
  const queryClient = useQueryClient();
  const [shown, setShown] = useState<number | null>(null);
  const [copying, setCopying] = useState<ScaleSummary | null>(null);
  const scales = usePagedList<{ name?: string }, ScaleSummary>(['assess', 'scalePage', 'custom'], (query, signal) =>
    scalePage({ source: 'custom', ...query }, signal),
  );
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: Action }) =>
      action === 'publish' ? publishScale(id) : action === 'unpublish' ? unpublishScale(id) : deleteScale(id),
    onSuccess: () => {
      message.success(t('custom.done'));
      void queryClient.invalidateQueries({ queryKey: ['assess'] });
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  const confirm = (s: ScaleSummary, action: Action) =>
    modal.confirm({
      title: textIn(s.name) || s.code,
      content: t(`custom.confirm${action[0]?.toUpperCase()}${action.slice(1)}`),
      okText: t(`custom.${action}`),
      okButtonProps: { danger: action === 'delete' },
      cancelText: t('custom.cancel'),
      onOk: () => act.mutateAsync({ id: s.id, action }),
    });
  return (
    <Card data-testid="custom-scales">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('scales.search')}
          style={{ width: 240 }}
          onSearch={(text) => scales.search({ name: text.trim() || undefined })}
        />
        {can('add') && (
          <Button type="primary" onClick={() => navigate('/data/customEditScale')} data-testid="custom-add">
            {t('custom.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<ScaleSummary>
        list={scales}
        rowKey="id"
        data-testid="custom-table"
        locale={{ emptyText: t('custom.empty') }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('scales.col.name'), key: 'name', render: (_v, s) => textIn(s.name) || s.code },
          { title: t('scales.col.code'), dataIndex: 'code', width: 110 },
          {
            title: t('scales.col.audience'),
            dataIndex: 'audience',
            width: 90,
            render: (a: ScaleAudience) => t(`scales.audience.${a}`),
          },
          {
            title: t('scales.col.status'),
            key: 'status',
            width: 170,
            render: (_v, s) => (
              <>
                <Tag color={STATUS_COLOR[s.status]}>{t(`scales.status.${s.status}`)}</Tag>
                {s.hasDraft && s.status !== 'draft' && <Tag color="gold">{t('custom.draft')}</Tag>}
              </>
            ),
          },
          { title: t('scales.col.version'), dataIndex: 'version', width: 70, render: (v: number | null) => v ?? '-' },
          { title: t('scales.owner'), dataIndex: 'ownerOrgName', width: 140 },
          {
            title: t('scales.col.updatedAt'),
            dataIndex: 'updatedAt',
            width: 150,
            render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 260,
            render: (_v, s) => (
              <Flex gap={10} wrap>
                {s.editable && can('edit') && (
                  <Typography.Link onClick={() => navigate(`/data/customEditScale?id=${s.id}`)}>
                    {t('custom.edit')}
                  </Typography.Link>
                )}
                <Typography.Link onClick={() => setShown(s.id)}>{t('scales.preview')}</Typography.Link>
                {s.editable && can('edit') && s.hasDraft && (
                  <Typography.Link onClick={() => confirm(s, 'publish')}>{t('custom.publish')}</Typography.Link>
                )}
                {s.editable && can('edit') && s.status === 'published' && (
                  <Typography.Link onClick={() => confirm(s, 'unpublish')}>{t('custom.unpublish')}</Typography.Link>
                )}
                {can('add') && <Typography.Link onClick={() => setCopying(s)}>{t('custom.copy')}</Typography.Link>}
                {s.editable && can('delete') && (
                  <Typography.Link type="danger" onClick={() => confirm(s, 'delete')}>
                    {t('custom.delete')}
                  </Typography.Link>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <ScaleDrawer key={shown ?? 'none'} scaleId={shown} tab="preview" onClose={() => setShown(null)} />
      <CopyDialog
        scale={copying}
        onClose={() => setCopying(null)}
        onCopied={(copy) => {
          setCopying(null);
          navigate(`/data/customEditScale?id=${copy.id}`);
        }}
      />
    </Card>
  );
}
