import { effectiveDate, type TeacherChangeKindName } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { SchoolSelect } from '../../../../shared/people/SchoolSelect.tsx';
import { applyReshuffle, type TeacherRowData } from '../api.ts';

interface Values {
  date: Dayjs;
  toSchoolId?: number;
  reason?: string;
}

/** Asks for a teacher's dimission, retirement, rehiring or transfer; it takes effect once approved. */
export function ReshuffleApply({
  teacher,
  change,
  onClose,
  onSaved,
}: {
  teacher: TeacherRowData;
  change: TeacherChangeKindName;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const apply = useMutation({
    mutationFn: (values: Values) =>
      applyReshuffle({
        teacherId: teacher.id,
        kind: change,
        effectiveDate: values.date.format('YYYY-MM-DD'),
        ...(values.toSchoolId ? { toSchoolId: values.toSchoolId } : {}),
        ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}),
      }),
    onSuccess: () => {
      message.success(t('system.people.reshuffle.applied'));
      onSaved();
      onClose();
    },
    onError: notifyError,
  });
  return (
    <Modal
      open
      title={`${t(`system.people.reshuffle.kind.${change}`)} · ${teacher.name}`}
      onOk={() => form.submit()}
      confirmLoading={apply.isPending}
      onCancel={onClose}
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ date: dayjs() }} onFinish={(v) => apply.mutate(v)}>
        <Form.Item
          name="date"
          label={t('system.people.reshuffle.date')}
          rules={[
            { required: true, message: t('system.people.reshuffle.needDate') },
            {
              validator: async (_r, value: Dayjs | undefined) => {
                if (value && !effectiveDate.safeParse(value.format('YYYY-MM-DD')).success)
                  throw new Error(t('system.people.reshuffle.needDate'));
              },
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        {change === 'transfer' && (
          <Form.Item
            name="toSchoolId"
            label={t('system.people.reshuffle.toSchool')}
            rules={[{ required: true, message: t('system.people.reshuffle.needSchool') }]}
          >
            <SchoolSelect />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('system.people.reshuffle.reason')}
          rules={[{ max: 200, message: t('system.people.reshuffle.tooLong') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
