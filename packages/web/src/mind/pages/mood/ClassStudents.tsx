import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { type ClassStudent, classStudents, type JournalOf } from './api.ts';
import { MoodTag } from './StudentJournal.tsx';
import './strings.ts';

export interface PickedClass {
  classId: number;
  className: string;
}

/** The students of a class who wrote in the period; each opens their journal. */
export function ClassStudents({
  klass,
  days,
  onOpen,
  onClose,
}: {
  klass: PickedClass | null;
  days: number;
  onOpen(student: JournalOf): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const students = useQuery({
    queryKey: ['moodj', 'class', klass?.classId, days],
    queryFn: ({ signal }) => classStudents(klass?.classId ?? 0, days, signal),
    enabled: klass !== null,
    meta: { silentError: true },
  });
  return (
    <Modal
      open={klass !== null}
      onCancel={onClose}
      footer={null}
      width={720}
      title={klass ? t('moodj.classStudents', { name: klass.className, days }) : ''}
    >
      {students.isError ? (
        <LoadFailed error={students.error} onRetry={() => students.refetch()} retrying={students.isFetching} />
      ) : (
        <Table<ClassStudent>
          rowKey="studentId"
          size="small"
          loading={students.isPending}
          dataSource={students.data ?? []}
          pagination={false}
          locale={{ emptyText: t('moodj.trendsEmpty') }}
          data-testid="mood-class-students"
          columns={[
            { title: t('moodj.student'), dataIndex: 'name' },
            { title: t('moodj.entries'), dataIndex: 'entries', width: 90 },
            { title: t('moodj.average'), dataIndex: 'average', width: 90 },
            {
              title: t('moodj.lastMood'),
              key: 'last',
              width: 150,
              render: (_v, s) => (
                <>
                  {s.lastDay.slice(5)} <MoodTag mood={s.lastMood} />
                </>
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
    </Modal>
  );
}
