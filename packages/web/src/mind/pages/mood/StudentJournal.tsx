import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors.ts';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { type JournalOf, noteOf, studentEntries, type TeacherEntry } from './api.ts';
import './strings.ts';

const MOOD_COLOURS = ['', 'red', 'orange', 'gold', 'green', 'green'];

export function MoodTag({ mood }: { mood: number }) {
  const { t } = useTranslation();
  return <Tag color={MOOD_COLOURS[mood]}>{t(`moodj.moods.${mood}`)}</Tag>;
}

/** A note opened on demand: the server checks the school's setting and writes the read to the audit log. */
function NoteCell({ studentId, entry, canRead }: { studentId: number; entry: TeacherEntry; canRead: boolean }) {
  const { t } = useTranslation();
  const note = useMutation({ mutationFn: () => noteOf(studentId, entry.day), meta: { silentError: true } });
  if (!entry.hasNote) return <Typography.Text type="secondary">{t('moodj.noNote')}</Typography.Text>;
  if (!canRead) return <Typography.Text type="secondary">{t('moodj.noteWritten')}</Typography.Text>;
  if (note.data) return <Typography.Paragraph style={{ margin: 0 }}>{note.data.note}</Typography.Paragraph>;
  return (
    <>
      <Button
        size="small"
        loading={note.isPending}
        onClick={() => note.mutate()}
        aria-label={`${t('moodj.readNote')}: ${entry.day}`}
      >
        {t('moodj.readNote')}
      </Button>
      {note.isError && <Typography.Text type="danger"> {errorText(note.error)}</Typography.Text>}
    </>
  );
}

/** A student's last 31 days: mood, intensity and tags; the notes to those the school's setting names. */
export function StudentJournal({ student, onClose }: { student: JournalOf | null; onClose(): void }) {
  const { t } = useTranslation();
  const entries = useQuery({
    queryKey: ['moodj', 'student', student?.studentId],
    queryFn: ({ signal }) => studentEntries(student?.studentId ?? 0, signal),
    enabled: student !== null,
    meta: { silentError: true },
  });
  const data = entries.data;
  return (
    <Drawer
      open={student !== null}
      onClose={onClose}
      size="large"
      title={student ? t('moodj.entriesOf', { name: student.name }) : ''}
      data-testid="mood-student"
    >
      {entries.isError ? (
        <LoadFailed error={entries.error} onRetry={() => entries.refetch()} retrying={entries.isFetching} />
      ) : (
        <>
          {data && (
            <Alert
              type={data.canReadNotes ? 'info' : 'warning'}
              showIcon
              title={t(data.canReadNotes ? 'moodj.noteAudited' : 'moodj.noteClosed')}
              style={{ marginBottom: 12 }}
              data-testid="mood-note-access"
            />
          )}
          <Table<TeacherEntry>
            rowKey="day"
            size="small"
            loading={entries.isPending}
            dataSource={data ? [...data.entries].reverse() : []}
            pagination={false}
            locale={{ emptyText: t('moodj.entriesEmpty') }}
            data-testid="mood-student-entries"
            columns={[
              { title: t('moodj.day'), dataIndex: 'day', width: 110 },
              { title: t('moodj.mood'), key: 'mood', width: 90, render: (_v, e) => <MoodTag mood={e.mood} /> },
              { title: t('moodj.intensity'), dataIndex: 'intensity', width: 70 },
              {
                title: t('moodj.tags'),
                key: 'tags',
                render: (_v, e) => e.tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
              },
              {
                title: t('moodj.note'),
                key: 'note',
                render: (_v, e) =>
                  data && <NoteCell studentId={data.studentId} entry={e} canRead={data.canReadNotes} />,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
