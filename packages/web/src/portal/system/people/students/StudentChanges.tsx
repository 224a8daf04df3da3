import { STUDENT_STATUSES } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import type { Student, StudentStatus } from '../../../../shared/people/api.ts';
import { moveStudent, setStudentStatus } from '../api.ts';
import { PlaceSelect } from '../PlaceSelect.tsx';

interface ChangeProps {
  student: Student;
  onClose(): void;
  onSaved(): void;
}

/** Moves a student to another class of the scope; the server keeps the move in the audit log. */
export function MoveStudent({ student, onClose, onSaved }: ChangeProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [classId, setClassId] = useState<number | undefined>();
  const move = useMutation({
    mutationFn: () => moveStudent(student.id, classId ?? 0),
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
      title={t('system.people.students.moveTitle', { name: student.name })}
      okButtonProps={{ disabled: !classId }}
      confirmLoading={move.isPending}
      onOk={() => move.mutate()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('system.people.students.from')}>
          {[student.school?.name, student.grade?.name, student.class?.name].filter(Boolean).join(' · ')}
        </Form.Item>
        <Form.Item label={t('system.people.students.to')} required>
          <PlaceSelect
            only="class"
            value={classId}
            onChange={setClassId}
            placeholder={t('system.people.students.pickClass')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Changes a student's status (studying, suspended, graduated, transferred, disabled). */
export function StatusChange({ student, onClose, onSaved }: ChangeProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [status, setStatus] = useState<StudentStatus>(student.status);
  const change = useMutation({
    mutationFn: () => setStudentStatus(student.id, status),
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
      title={t('system.people.students.statusTitle', { name: student.name })}
      okButtonProps={{ disabled: status === student.status }}
      confirmLoading={change.isPending}
      onOk={() => change.mutate()}
      onCancel={onClose}
    >
      <Select<StudentStatus>
        style={{ width: '100%' }}
        value={status}
        onChange={setStatus}
        options={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`system.people.studentStatus.${s}`) }))}
      />
    </Modal>
  );
}
