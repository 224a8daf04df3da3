import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { type JournalOf, type LowStudent, lowStudents } from './api.ts';
import { ClassTrends } from './ClassTrends.tsx';
import { MoodTag, StudentJournal } from './StudentJournal.tsx';
import './strings.ts';

/** The students whose mood stayed low for their school's N days, with the warning their run opened. */
function LowStudents({ onOpen }: { onOpen(student: LowStudent): void }) {
  const { t } = useTranslation();
  const low = useQuery({
    queryKey: ['moodj', 'low'],
    queryFn: ({ signal }) => lowStudents(signal),
    meta: { silentError: true },
  });
  return (
    <Card title={t('moodj.low')} data-testid="mood-low">
      <Typography.Paragraph type="secondary">{t('moodj.lowHint')}</Typography.Paragraph>
      {low.isError ? (
        <LoadFailed error={low.error} onRetry={() => low.refetch()} retrying={low.isFetching} />
      ) : (
        <Table<LowStudent>
          rowKey="studentId"
          size="small"
          loading={low.isPending}
          dataSource={low.data ?? []}
          pagination={false}
          locale={{ emptyText: t('moodj.lowEmpty') }}
          data-testid="mood-low-table"
          columns={[
            { title: t('moodj.student'), dataIndex: 'name' },
            { title: t('moodj.className'), dataIndex: 'className' },
            { title: t('moodj.days'), dataIndex: 'days', width: 90 },
            { title: t('moodj.since'), dataIndex: 'since', width: 110 },
            { title: t('moodj.lastMood'), key: 'last', width: 100, render: (_v, s) => <MoodTag mood={s.lastMood} /> },
            {
              title: t('moodj.warning'),
              key: 'warning',
              width: 130,
              render: (_v, s) =>
                s.warningId === null ? (
                  <Tag>{t('moodj.warningPending')}</Tag>
                ) : (
                  <Link to={`/data/intervene?id=${s.warningId}`}>{t('moodj.openWarning')}</Link>
                ),
            },
            {
              title: t('moodj.journal'),
              key: 'journal',
              width: 110,
              render: (_v, s) => (
                <Button size="small" onClick={() => onOpen(s)} aria-label={`${t('moodj.openJournal')}: ${s.name}`}>
                  {t('moodj.openJournal')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/** `/data/moodJournal`: the class trends, the students whose mood stayed low, and a student's journal (decision 0089). */
export function MoodJournalPage() {
  const [student, setStudent] = useState<JournalOf | null>(null);
  return (
    <Flex vertical gap={16} data-testid="mood-journal-page">
      <ClassTrends onOpen={setStudent} />
      <LowStudents onOpen={setStudent} />
      <StudentJournal key={student?.studentId ?? 0} student={student} onClose={() => setStudent(null)} />
    </Flex>
  );
}
