import { SIGN_BATCH_LIMITS } from '@meridian/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { orgSearch } from '../../../shared/people/api.ts';
import { StudentPicker } from '../assessments/TargetPickers.tsx';
import { type SignBatchSent, sendSignBatch } from './api.ts';
import { SendModal, TemplateItem } from './SendParts.tsx';

interface BatchFields {
  templateId: number;
  to: 'class' | 'students';
  classId?: number;
  studentIds?: number[];
  remindAfterDays?: number | null;
}

/** Sends one template to a class's parents or to the parents of chosen students, as one batch. */
export function SendBatchModal({ onClose, onSent }: { onClose(): void; onSent(sent: SignBatchSent): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchFields>();
  const to = Form.useWatch('to', form) ?? 'class';
  const classes = useQuery({
    queryKey: ['signing', 'classes'],
    queryFn: ({ signal }) => orgSearch({ type: 'class', size: 500 }, signal),
    staleTime: 5 * 60_000,
  });
  const send = useMutation({ mutationFn: sendSignBatch, onSuccess: onSent, meta: { silentError: true } });
  return (
    <SendModal
      title={t('signing.batch.send')}
      okTestId="signing-batch-ok"
      pending={send.isPending}
      onClose={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ to: 'class', remindAfterDays: 3 }}
        data-testid="signing-batch-form"
        onFinish={({ to: target, classId, studentIds, ...v }) =>
          send.mutate({
            ...v,
            remindAfterDays: v.remindAfterDays ?? null,
            ...(target === 'class' ? { classId } : { studentIds }),
          })
        }
      >
        {send.isError && <FormAlert error={send.error} />}
        <TemplateItem testId="signing-batch-template" />
        <Form.Item name="to" label={t('signing.batch.to')}>
          <Radio.Group
            options={[
              { value: 'class', label: t('signing.batch.toClass') },
              { value: 'students', label: t('signing.batch.toStudents') },
            ]}
          />
        </Form.Item>
        {to === 'class' ? (
          <Form.Item
            name="classId"
            label={t('signing.batch.class')}
            rules={[{ required: true, message: t('signing.batch.classRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              data-testid="signing-batch-class"
              loading={classes.isLoading}
              notFoundContent={t('signing.batch.noClasses')}
              options={(classes.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="studentIds"
            label={t('signing.batch.students')}
            rules={[{ required: true, message: t('signing.batch.studentsRequired') }]}
          >
            <StudentPicker />
          </Form.Item>
        )}
        <Form.Item name="remindAfterDays" label={t('signing.batch.remindAfter')} extra={t('signing.batch.remindHint')}>
          <InputNumber
            min={1}
            max={SIGN_BATCH_LIMITS.remindDaysMax}
            precision={0}
            addonAfter={t('signing.batch.days')}
            style={{ width: 160 }}
          />
        </Form.Item>
      </Form>
    </SendModal>
  );
}
