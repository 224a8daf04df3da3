import { GENDERS, idCard, isoDate, localizeIssue, phone, studentName, studentNo } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { required, schemaRule } from '../../../../shared/forms/rules.ts';
import { currentLang } from '../../../../shared/i18n.ts';
import { addStudent, type Student, updateStudent } from '../api.ts';
import { PlaceSelect } from '../PlaceSelect.tsx';

interface Values {
  classId?: number;
  name: string;
  studentNo: string;
  gender: 'male' | 'female';
  birthday?: Dayjs | null;
  idCard?: string;
  phone?: string;
  enrolYear?: number | null;
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Adds a student to a class or changes one's details, with the server's own rules as the user
 * types. An ID card the server masked (a role that may not edit) is left out of the change.
 */
export function StudentForm({
  open,
  student,
  onClose,
  onSaved,
}: {
  open: boolean;
  student: Student | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (student)
      form.setFieldsValue({
        name: student.name,
        studentNo: student.studentNo,
        gender: student.gender,
        birthday: student.birthday ? dayjs(student.birthday) : null,
        idCard: student.idCard ?? undefined,
        phone: student.phone ?? undefined,
        enrolYear: student.enrolYear,
      });
  }, [open, student, form]);
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const idCardValue = blank(values.idCard);
      const fields = {
        name: values.name.trim(),
        studentNo: values.studentNo.trim(),
        gender: values.gender,
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
        phone: blank(values.phone),
        enrolYear: values.enrolYear ?? null,
      };
      if (student) {
        const masked = idCardValue !== null && idCardValue === student.idCard && idCardValue.includes('*');
        return updateStudent({ id: student.id, ...fields, ...(masked ? {} : { idCard: idCardValue }) });
      }
      return addStudent({ ...fields, idCard: idCardValue, classId: values.classId ?? 0 });
    },
    onSuccess: () => {
      message.success(t('system.people.saved'));
      onSaved();
      onClose();
    },
    onError: notifyError,
  });
  return (
    <Modal
      open={open}
      title={student ? t('system.people.students.editTitle') : t('system.people.students.add')}
      okText={t('system.save')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<Values>
        form={form}
        name="student"
        layout="vertical"
        data-testid="student-form"
        onFinish={(values) => save.mutate(values)}
      >
        {!student && (
          <Form.Item
            name="classId"
            label={t('system.people.col.class')}
            rules={[{ required: true, message: t('system.people.students.needClass') }]}
          >
            <PlaceSelect only="class" placeholder={t('system.people.students.pickClass')} />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={t('system.people.col.name')}
          rules={[required(t('system.people.students.needName')), schemaRule(studentName)]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="studentNo"
          label={t('system.people.col.studentNo')}
          rules={[required(t('system.people.students.needNo')), schemaRule(studentNo)]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="gender"
          label={t('system.people.col.gender')}
          rules={[{ required: true, message: t('system.people.students.needGender') }]}
        >
          <Select options={GENDERS.map((g) => ({ value: g, label: t(`system.people.gender.${g}`) }))} />
        </Form.Item>
        <Form.Item
          name="birthday"
          label={t('system.people.col.birthday')}
          rules={[
            {
              validator: async (_r, value: Dayjs | null | undefined) => {
                if (!value) return;
                if (!isoDate.safeParse(value.format('YYYY-MM-DD')).success || value.isAfter(dayjs(), 'day'))
                  throw new Error(t('system.people.students.badBirthday'));
              },
            },
          ]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item
          name="idCard"
          label={t('system.people.col.idCard')}
          extra={student?.idCard?.includes('*') ? t('system.people.students.maskedHint') : undefined}
          rules={[
            {
              validator: async (_r, value: string | undefined) => {
                if (!value || (student?.idCard === value && value.includes('*'))) return;
                const checked = idCard.safeParse(value);
                const [issue] = checked.success ? [] : checked.error.issues;
                if (issue) throw new Error(localizeIssue(issue, currentLang()).msg);
              },
            },
          ]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item name="phone" label={t('system.people.col.phone')} rules={[schemaRule(phone)]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="enrolYear" label={t('system.people.col.enrolYear')}>
          <InputNumber min={1990} max={2100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
