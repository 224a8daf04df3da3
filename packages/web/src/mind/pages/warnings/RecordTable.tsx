import type { TablePaginationConfig } from 'antd';
import { Descriptions, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AttachmentLinks } from './AttachmentLinks.tsx';
import type { InterventionRow } from './api.ts';
import { time } from './lookups.tsx';

const KIND_COLOR: Record<string, string> = {
  interview: 'blue',
  plan: 'cyan',
  returnVisit: 'green',
  referral: 'purple',
};

/** Everything a record says, shown when its row is opened. */
function RecordDetails({ row }: { row: InterventionRow }) {
  const { t } = useTranslation();
  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'content', label: t('warn.record.content'), children: row.content },
  ];
  const add = (key: string, label: string, value: ReactNode) => {
    if (value !== '' && value !== null) items.push({ key, label, children: value });
  };
  add('place', t('warn.record.place'), row.place);
  add('people', t('warn.record.people'), row.people);
  add('method', t('warn.record.methodLabel'), row.method && t(`warn.record.method.${row.method}`));
  add('institution', t('warn.record.institution'), row.institution);
  add('assessment', t('warn.record.assessment'), row.assessment);
  add('nextStep', t('warn.record.nextStep'), row.nextStep);
  add('followUp', t('warn.record.nextFollowUpAt'), row.nextFollowUpAt && time(row.nextFollowUpAt));
  // The server answers null to readers who may not see the note: then there is nothing to show.
  if (row.privateNote)
    add('private', t('warn.record.privateNote'), <span data-testid="record-private-note-text">{row.privateNote}</span>);
  if (row.attachments.length > 0)
    add('attachments', t('warn.record.attachmentsLabel'), <AttachmentLinks files={row.attachments} />);
  return <Descriptions size="small" column={1} bordered items={items} />;
}

/** Intervention records, newest first; `withWarning` adds the student and the link to each record's warning. */
export function RecordTable({
  rows,
  loading,
  pagination,
  withWarning = false,
  testId = 'record-table',
}: {
  rows: InterventionRow[];
  loading: boolean;
  pagination: TablePaginationConfig | false;
  withWarning?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Table<InterventionRow>
      rowKey="id"
      size="middle"
      data-testid={testId}
      loading={loading}
      dataSource={rows}
      pagination={pagination}
      locale={{ emptyText: t('warn.record.empty') }}
      expandable={{ expandedRowRender: (row) => <RecordDetails row={row} /> }}
      scroll={{ x: 640 }}
      columns={[
        ...(withWarning
          ? [{ title: t('warn.record.student'), dataIndex: 'studentName', key: 'student', width: 110 }]
          : []),
        {
          title: t('warn.record.kindLabel'),
          dataIndex: 'kind',
          width: 90,
          render: (kind: string) => <Tag color={KIND_COLOR[kind]}>{t(`warn.record.kind.${kind}`)}</Tag>,
        },
        { title: t('warn.record.happenedAt'), dataIndex: 'happenedAt', width: 150, render: (at: number) => time(at) },
        {
          title: t('warn.record.content'),
          dataIndex: 'content',
          ellipsis: true,
          render: (content: string) => <Typography.Text>{content}</Typography.Text>,
        },
        {
          title: t('warn.record.attachmentsLabel'),
          dataIndex: 'attachments',
          width: 180,
          render: (files: InterventionRow['attachments']) => <AttachmentLinks files={files} />,
        },
        { title: t('warn.record.author'), dataIndex: 'authorName', width: 110 },
        ...(withWarning
          ? [
              {
                title: t('warn.record.warning'),
                key: 'warning',
                width: 110,
                render: (_v: unknown, row: InterventionRow) => (
                  <Link to={`/data/intervene?id=${row.warningId}`}>{t('warn.record.open')}</Link>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
