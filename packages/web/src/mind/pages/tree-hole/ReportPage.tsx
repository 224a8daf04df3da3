import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Drawer, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors.ts';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { DeleteTranscriptButton, TranscriptMarker } from '../ai/TranscriptDeletion.tsx';
import { deleteTreeHoleTranscript, type TreeHoleReportRow, treeHoleReportPage, treeHoleTranscript } from './api.ts';
import './strings.ts';

/** One shared conversation, read in a drawer: the server audits the read. */
function Transcript({ row, onClose }: { row: TreeHoleReportRow; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const read = useQuery({
    queryKey: ['treeHole', 'transcript', row.conversationId],
    queryFn: ({ signal }) => treeHoleTranscript(row.conversationId, signal),
    meta: { silentError: true },
    retry: false,
  });
  return (
    <Drawer
      open
      onClose={onClose}
      title={t('treeHole.transcript', { name: row.studentName })}
      size="large"
      extra={
        read.data &&
        !read.data.transcriptDeleted && (
          <DeleteTranscriptButton
            remove={(reason) => deleteTreeHoleTranscript(row.conversationId, reason)}
            onDeleted={() => void queryClient.invalidateQueries({ queryKey: ['treeHole'] })}
          />
        )
      }
    >
      {read.isPending ? (
        <Skeleton active />
      ) : read.isError ? (
        <Alert type="error" showIcon title={t('treeHole.loadFailed')} description={errorText(read.error)} />
      ) : (
        <div data-testid="tree-hole-transcript">
          {read.data.transcriptDeleted && <TranscriptMarker deleted={read.data.transcriptDeleted} />}
          {read.data.messages.map((m) => (
            <Typography.Paragraph key={m.id}>
              <Typography.Text strong type={m.crisis ? 'danger' : undefined}>
                {m.role === 'student' ? t('treeHole.student_says') : t('treeHole.listener')}
              </Typography.Text>
              <Typography.Text type="secondary"> {dayjs(m.at).format('MM-DD HH:mm')}</Typography.Text>
              <br />
              {m.content}
            </Typography.Paragraph>
          ))}
        </div>
      )}
    </Drawer>
  );
}

/**
 * `/data/AIReport`: the tree-hole chat report (decision 0111). The school sees the conversations
 * students shared, and the crisis signals (dates) of the others; never an unshared conversation's words.
 */
export function TreeHoleReportPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TreeHoleReportRow | null>(null);
  const list = usePagedList<Record<string, never>, TreeHoleReportRow>(['treeHole', 'report'], treeHoleReportPage, {
    filters: {},
  });
  return (
    <Card data-testid="tree-hole-report">
      <Typography.Paragraph type="secondary">{t('treeHole.intro')}</Typography.Paragraph>
      <PagedTable<TreeHoleReportRow>
        list={list}
        rowKey="conversationId"
        locale={{ emptyText: t('treeHole.empty') }}
        scroll={{ x: 800 }}
        columns={[
          { title: t('treeHole.student'), dataIndex: 'studentName', width: 110 },
          { title: t('treeHole.className'), dataIndex: 'className', width: 120 },
          {
            title: t('treeHole.shared'),
            dataIndex: 'shared',
            width: 90,
            render: (shared: boolean) =>
              shared ? <Tag color="blue">{t('treeHole.sharedYes')}</Tag> : t('treeHole.sharedNo'),
          },
          {
            title: t('treeHole.crisis'),
            dataIndex: 'crisisDays',
            width: 160,
            render: (days: string[]) =>
              days.length > 0 ? (
                <Tag color="red" data-testid="tree-hole-crisis">
                  {days.join(', ')}
                </Tag>
              ) : (
                t('treeHole.none')
              ),
          },
          {
            title: t('treeHole.messages'),
            dataIndex: 'messages',
            width: 110,
            render: (n: number | null, row) =>
              row.transcriptDeleted ? <Tag data-testid="tree-hole-deleted">{t('treeHole.deleted')}</Tag> : (n ?? '-'),
          },
          {
            title: t('treeHole.updatedAt'),
            dataIndex: 'updatedAt',
            width: 140,
            render: (at: number) => dayjs(at).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 100,
            render: (_v, row) =>
              row.shared ? (
                <Typography.Link onClick={() => setOpen(row)} data-testid="tree-hole-read">
                  {t('treeHole.read')}
                </Typography.Link>
              ) : (
                <Typography.Text type="secondary">{t('treeHole.notShared')}</Typography.Text>
              ),
          },
        ]}
      />
      {open && <Transcript row={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
