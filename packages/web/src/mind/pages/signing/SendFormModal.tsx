import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { StudentPicker } from '../../../shared/people/StudentPicker.tsx';
import { recipientsOf, sendSignForm } from './api.ts';
import { SendModal, TemplateItem } from './SendParts.tsx';

interface SendFields {
  templateId: number;
  studentId: number;
  /** `parent:3` or `teacher:7`: one select holds both kinds of recipient. */
  recipient: string;
}

/** Sends a template for a student to a parent or a teacher of their class; a parent without an account cannot be chosen. */
export function SendFormModal({ onClose, onSent }: { onClose(): void; onSent(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SendFields>();
  const studentId = Form.useWatch('studentId', form);
  const recipients = useQuery({
    queryKey: ['signing', 'recipients', studentId],
    queryFn: ({ signal }) => recipientsOf(studentId, signal),
    enabled: studentId !== undefined,
  });
  const send = useMutation({ mutationFn: sendSignForm, onSuccess: onSent, meta: { silentError: true } });
  return (
    <SendModal
      title={t('signing.send')}
      okTestId="signing-send-ok"
      pending={send.isPending}
      onClose={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={({ recipient, ...v }) => {
          const [kind, id] = recipient.split(':');
          send.mutate({ ...v, recipientKind: kind === 'teacher' ? 'teacher' : 'parent', recipientId: Number(id) });
        }}
        data-testid="signing-send-form"
      >
        {send.isError && <FormAlert error={send.error} />}
        <TemplateItem testId="signing-template" />
        <Form.Item
          name="studentId"
          label={t('signing.student')}
          rules={[{ required: true, message: t('signing.studentRequired') }]}
        >
          <StudentPicker onChange={() => form.setFieldValue('recipient', undefined)} />
        </Form.Item>
        <Form.Item
          name="recipient"
          label={t('signing.recipient')}
          rules={[{ required: true, message: t('signing.parentRequired') }]}
        >
          <Select
            data-testid="signing-recipient"
            loading={recipients.isFetching}
            disabled={studentId === undefined}
            placeholder={studentId === undefined ? t('signing.pickStudentFirst') : undefined}
            notFoundContent={t('signing.noParents')}
            options={(recipients.data ?? []).map((p) => {
              const relation =
                p.kind === 'parent'
                  ? t(`system.people.relation.${p.relation}`)
                  : t(`signing.teacherParts.${p.relation}`);
              return {
                value: `${p.kind}:${p.id}`,
                disabled: !p.hasAccount,
                label: t(p.hasAccount ? 'signing.parentWithAccount' : 'signing.parentNoAccount', {
                  name: p.name,
                  relation,
                }),
              };
            })}
          />
        </Form.Item>
      </Form>
    </SendModal>
  );
}
