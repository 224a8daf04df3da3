import { EyeOutlined } from '@ant-design/icons';
import {
  GENDERS,
  idCard,
  isMaskedIdCard,
  isMaskedPhone,
  isoDate,
  phone,
  studentName,
  studentNo,
} from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { maskedNumberRule, required, schemaRule } from '../../../../shared/forms/rules.ts';
import { revealStudent, type Student } from '../../../../shared/people/api.ts';
import { addStudent, updateStudent } from '../api.ts';
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
 * types. The ID card and phone come masked: left as they are, the server keeps the stored numbers;
 * "show whole numbers" asks the server for them (audited) when they must be read or corrected.
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
  const masked = student !== null && (student.idCard !== null || student.phone !== null);
  const reveal = useMutation({
    mutationFn: () => revealStudent(student?.id ?? 0),
    onSuccess: (whole) => form.setFieldsValue({ idCard: whole.idCard ?? undefined, phone: whole.phone ?? undefined }),
    onError: notifyError,
  });
  const { reset: forgetReveal } = reveal;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    forgetReveal();
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
  }, [open, student, form, forgetReveal]);
  const save = useMutation({
    mutationFn: async (values: Values) => {
      const fields = {
        name: values.name.trim(),
        studentNo: values.studentNo.trim(),
        gender: values.gender,
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
        // A masked value sent back unchanged keeps the stored number (the server's rule).
        idCard: blank(values.idCard)?.toUpperCase() ?? null,
        phone: blank(values.phone),
        enrolYear: values.enrolYear ?? null,
      };
      if (student) return updateStudent({ id: student.id, ...fields });
      return addStudent({ ...fields, classId: values.classId ?? 0 });
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
          rules={[maskedNumberRule(idCard, isMaskedIdCard, student?.idCard ?? null)]}
        >
          <Input maxLength={18} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('system.people.col.phone')}
          rules={[maskedNumberRule(phone, isMaskedPhone, student?.phone ?? null)]}
          extra={masked ? t('system.people.students.maskedHint') : undefined}
        >
          <Input maxLength={11} />
        </Form.Item>
        {masked && (
          <Button
            icon={<EyeOutlined />}
            data-testid="student-reveal"
            loading={reveal.isPending}
            disabled={reveal.isSuccess}
            onClick={() => reveal.mutate()}
            style={{ marginBottom: 16 }}
          >
            {t('system.people.students.revealWhole')}
          </Button>
        )}
        <Form.Item name="enrolYear" label={t('system.people.col.enrolYear')}>
          <InputNumber min={1990} max={2100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
