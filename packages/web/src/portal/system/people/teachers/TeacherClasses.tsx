import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { LoadFailed } from '../../../../shared/lists/LoadFailed.tsx';
import { setTeacherClasses, type TeacherRowData, teacherInfo } from '../api.ts';
import { PlaceSelect } from '../PlaceSelect.tsx';

/**
 * The class a teacher heads (班主任): heading one grants the class-teacher role there, so that the
 * teacher's data scope follows. The subject classes are kept as they are.
 */
export function TeacherClasses({
  teacher,
  onClose,
  onSaved,
}: {
  teacher: TeacherRowData;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const detail = useQuery({
    queryKey: ['people', 'teacher', teacher.id],
    queryFn: ({ signal }) => teacherInfo(teacher.id, signal),
    meta: { silentError: true },
  });
  const [head, setHead] = useState<number | undefined | null>(null);
  const heads = detail.data?.classes.filter((c) => c.kind === 'head') ?? [];
  const subjects = detail.data?.classes.filter((c) => c.kind === 'subject') ?? [];
  const chosen = head === null ? heads[0]?.classId : head;
  const save = useMutation({
    mutationFn: () =>
      setTeacherClasses({
        teacherId: teacher.id,
        headClassIds: chosen ? [chosen] : [],
        subjectClasses: subjects.map((c) => ({ classId: c.classId, subject: c.subject ?? teacher.subject ?? '-' })),
      }),
    onSuccess: () => {
      message.success(t('system.people.saved'));
      onSaved();
      onClose();
    },
    onError: notifyError,
  });
  return (
    <Modal
      open
      title={t('system.people.teachers.classesTitle', { name: teacher.name })}
      okText={t('system.save')}
      okButtonProps={{ disabled: !detail.data }}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        <LoadFailed error={detail.error} onRetry={() => detail.refetch()} retrying={detail.isFetching} />
      ) : (
        <Form layout="vertical" data-testid="teacher-classes">
          <Form.Item label={t('system.people.teachers.headClass')} extra={t('system.people.teachers.headHint')}>
            <PlaceSelect
              only="class"
              // Until a class is picked the tree is not loaded: the current head class shows as the placeholder.
              value={head ?? undefined}
              onChange={(value) => setHead(value)}
              placeholder={heads[0]?.className ?? t('system.people.students.pickClass')}
              testId="head-class"
            />
          </Form.Item>
          <Form.Item label={t('system.people.teachers.subjectClasses')}>
            {subjects.length === 0 ? (
              <Typography.Text type="secondary">{t('system.people.none')}</Typography.Text>
            ) : (
              subjects.map((c) => (
                <Tag key={c.classId}>
                  {c.className} · {c.subject}
                </Tag>
              ))
            )}
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
