import { DOWNLOAD_KINDS, DOWNLOAD_LIMITS } from '@meridian/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Progress, Select, Space, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import {
  cancelDownload,
  type DownloadFilter,
  type DownloadTask,
  deleteDownload,
  downloadPage,
  isOpen,
  saveDownload,
} from './api.ts';
import './strings.ts';

const STATE_COLOR: Record<DownloadTask['state'], string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};
const KINDS = DOWNLOAD_KINDS;
const STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
/** How often the list is read again while one of its tasks is still being written. */
const REFRESH_MS = 1500;

function sizeText(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * `/data/downloadCenter`: the caller's own exports, newest first: their state, a progress bar that
 * moves while a file is written, and download, cancel and delete. Only the owner sees a file.
 */
export function DownloadCenterPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [filters, setFilters] = useState<DownloadFilter>({});
  const [paging, setPaging] = useState({ page: 1, size: 20 });
  const list = useQuery({
    queryKey: ['downloads', filters, paging],
    queryFn: ({ signal }) => downloadPage({ ...filters, ...paging }, signal),
    placeholderData: keepPreviousData,
    // Reads again while something is queued or running, and stops once all are finished.
    refetchInterval: (query) => (query.state.data?.list.some(isOpen) ? REFRESH_MS : false),
    meta: { silentError: true },
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['downloads'] });
  const cancel = useMutation({
    mutationFn: cancelDownload,
    onSuccess: () => {
      message.success(t('downloads.cancelled'));
      void refresh();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: deleteDownload,
    onSuccess: () => {
      message.success(t('downloads.deleted'));
      void refresh();
    },
    onError: notifyError,
  });
  const save = useMutation({ mutationFn: saveDownload, onError: notifyError });

  return (
    <Card title={t('downloads.title')} data-testid="download-center">
      <Alert
        type="info"
        showIcon
        title={t('downloads.hint', { days: DOWNLOAD_LIMITS.keepDays, hours: DOWNLOAD_LIMITS.slipsKeepHours })}
        style={{ marginBottom: 16 }}
      />
      <Form<DownloadFilter>
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilters({ ...values, name: values.name?.trim() || undefined });
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="name" label={t('downloads.name')}>
          <Input allowClear maxLength={100} placeholder={t('downloads.namePlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="kind" label={t('downloads.kindLabel')}>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('system.all')}
            options={KINDS.map((k) => ({ value: k, label: t(`downloads.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('downloads.stateLabel')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('system.all')}
            options={STATES.map((s) => ({ value: s, label: t(`downloads.state.${s}`) }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit">
            {t('system.search')}
          </Button>
        </Form.Item>
      </Form>
      {list.isError && !list.data ? (
        <LoadFailed error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<DownloadTask>
          rowKey="id"
          size="middle"
          data-testid="download-table"
          loading={list.isLoading}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: t('downloads.empty') }}
          scroll={{ x: 1000 }}
          pagination={{
            current: paging.page,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showTotal: (total) => t('system.total', { total }),
            onChange: (page, size) => setPaging({ page: size === paging.size ? page : 1, size }),
          }}
          columns={[
            { title: t('downloads.name'), dataIndex: 'name', width: 260, ellipsis: { showTitle: true } },
            {
              title: t('downloads.kindLabel'),
              dataIndex: 'kind',
              width: 110,
              render: (kind: DownloadTask['kind']) => t(`downloads.kind.${kind}`),
            },
            {
              title: t('downloads.stateLabel'),
              key: 'state',
              width: 110,
              render: (_v, r) => {
                const tag = (
                  <Tag color={STATE_COLOR[r.state]} data-testid={`download-state-${r.id}`}>
                    {t(`downloads.state.${r.state}`)}
                  </Tag>
                );
                return r.error ? <Tooltip title={r.error}>{tag}</Tooltip> : tag;
              },
            },
            {
              title: t('downloads.progress'),
              key: 'progress',
              width: 200,
              render: (_v, r) => (
                <Flex vertical gap={0}>
                  <Progress
                    percent={r.progress}
                    size="small"
                    status={r.state === 'failed' ? 'exception' : r.state === 'running' ? 'active' : undefined}
                    aria-label={t('downloads.progress')}
                  />
                  {r.total !== null && (r.kind === 'results' || r.kind === 'aiImport') && (
                    <span style={{ fontSize: 12, color: '#888' }}>
                      {t('downloads.rows', { written: r.written, total: r.total })}
                    </span>
                  )}
                  {r.summary && (
                    <span style={{ fontSize: 12 }} data-testid="download-summary">
                      {r.summary}
                    </span>
                  )}
                  {r.error && <span style={{ fontSize: 12, color: '#cf1322' }}>{r.error}</span>}
                </Flex>
              ),
            },
            { title: t('downloads.size'), dataIndex: 'size', width: 90, render: sizeText },
            {
              title: t('downloads.createdAt'),
              dataIndex: 'createdAt',
              width: 150,
              render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: t('downloads.expiresAt'),
              dataIndex: 'expiresAt',
              width: 150,
              render: (at: number | null) => (at === null ? '-' : dayjs(at).format('YYYY-MM-DD HH:mm')),
            },
            {
              title: t('system.actions'),
              key: 'actions',
              fixed: 'right',
              width: 170,
              render: (_v, r) => (
                <Space size={4}>
                  {r.state === 'done' && (
                    <Button
                      type="link"
                      size="small"
                      loading={save.isPending && save.variables?.id === r.id}
                      onClick={() => save.mutate(r)}
                      data-testid={`download-save-${r.id}`}
                    >
                      {t('downloads.download')}
                    </Button>
                  )}
                  {isOpen(r) && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        modal.confirm({ title: t('downloads.confirmCancel'), onOk: () => cancel.mutateAsync(r.id) })
                      }
                      data-testid={`download-cancel-${r.id}`}
                    >
                      {t('downloads.cancel')}
                    </Button>
                  )}
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: t('downloads.confirmDelete'),
                        okButtonProps: { danger: true },
                        onOk: () => remove.mutateAsync(r.id),
                      })
                    }
                    data-testid={`download-delete-${r.id}`}
                  >
                    {t('downloads.delete')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
