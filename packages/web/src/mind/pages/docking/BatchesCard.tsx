import type { DockingBatch } from '@meridian/contracts';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { time } from '../warnings/lookups.tsx';
import { dockingBatchPage } from './api.ts';

const BATCH_COLOR: Record<DockingBatch['state'], string> = {
  queued: 'processing',
  retrying: 'warning',
  sent: 'success',
  failed: 'error',
};

/** The batches sent up: how many records, what the platform took and refused, and the last error of a retry. */
export function BatchesCard() {
  const { t } = useTranslation();
  const list = usePagedList<object, DockingBatch>(
    ['docking', 'batches'],
    (query, signal) => dockingBatchPage(query, signal),
    { size: 10, refetchInterval: 2000 },
  );
  return (
    <Card title={t('docking.records.batches')} data-testid="upstream-batches">
      <PagedTable<DockingBatch>
        list={list}
        live
        rowKey="id"
        scroll={{ x: 900 }}
        locale={{ emptyText: t('docking.batch.empty') }}
        columns={[
          { title: t('docking.batch.id'), dataIndex: 'id', width: 70 },
          {
            title: t('docking.batch.reason'),
            dataIndex: 'reason',
            width: 100,
            render: (reason: DockingBatch['reason']) =>
              t(
                reason === 'push'
                  ? 'docking.batch.push'
                  : reason === 'resync'
                    ? 'docking.batch.resyncKind'
                    : 'docking.batch.resendKind',
              ),
          },
          { title: t('docking.batch.size'), dataIndex: 'size', width: 100 },
          {
            title: t('docking.batch.state'),
            dataIndex: 'state',
            width: 110,
            render: (state: DockingBatch['state']) => (
              <Tag color={BATCH_COLOR[state]}>{t(`docking.batchState.${state}`)}</Tag>
            ),
          },
          {
            title: t('docking.batch.result'),
            key: 'result',
            width: 120,
            render: (_, b) => (b.state === 'sent' ? `${b.accepted} / ${b.refused}` : '-'),
          },
          { title: t('docking.batch.attempts'), dataIndex: 'attempts', width: 90 },
          {
            title: t('docking.batch.lastError'),
            dataIndex: 'lastError',
            ellipsis: true,
            render: (e: string | null) => e ?? '-',
          },
          { title: t('docking.batch.createdAt'), dataIndex: 'createdAt', width: 150, render: time },
          { title: t('docking.batch.sentAt'), dataIndex: 'sentAt', width: 150, render: time },
        ]}
      />
    </Card>
  );
}
