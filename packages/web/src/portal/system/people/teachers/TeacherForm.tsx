import { phone, staffWechatOpenid, teacherName, teacherNo } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { required, schemaRule } from '../../../../shared/forms/rules.ts';
import { SchoolSelect } from '../../../../shared/people/SchoolSelect.tsx';
import { addTeacher, type TeacherRowData, updateTeacher } from '../api.ts';

interface Values {
  schoolId?: number;
  teacherNo: string;
  name: string;
  gender?: 'male' | 'female';
  phone?: string;
  wechatOpenid?: string;
  subject?: string;
  title?: string;
  isPsychology?: boolean;
}

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** Adds a teacher (an account with the default password comes with them) or changes one's details. */
export function TeacherForm({
  teacher,
  onClose,
  onSaved,
}: {
  teacher: TeacherRowData | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => {
      const fields = {
        teacherNo: values.teacherNo.trim(),
        name: values.name.trim(),
        gender: values.gender ?? null,
        phone: blank(values.phone),
        wechatOpenid: blank(values.wechatOpenid),
        subject: blank(values.subject),
        title: blank(values.title),
        isPsychology: values.isPsychology ?? false,
      };
      return teacher
        ? updateTeacher({ id: teacher.id, ...fields })
        : addTeacher({ ...fields, schoolId: values.schoolId ?? 0 });
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
      open
      title={teacher ? t('system.people.teachers.editTitle') : t('system.people.teachers.add')}
      okText={t('system.save')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="teacher-form"
        initialValues={
          teacher
            ? {
                teacherNo: teacher.teacherNo,
                name: teacher.name,
                gender: teacher.gender ?? undefined,
                phone: teacher.phone ?? undefined,
                wechatOpenid: teacher.wechatOpenid ?? undefined,
                subject: teacher.subject ?? undefined,
                title: teacher.title ?? undefined,
                isPsychology: teacher.isPsychology,
              }
            : { isPsychology: false }
        }
        onFinish={(values) => save.mutate(values)}
      >
        {!teacher && (
          <Form.Item
            name="schoolId"
            label={t('system.people.col.school')}
            rules={[{ required: true, message: t('system.people.school.placeholder') }]}
          >
            <SchoolSelect />
          </Form.Item>
        )}
        <Form.Item
          name="teacherNo"
          label={t('system.people.col.teacherNo')}
          rules={[required(t('system.people.teachers.needNo')), schemaRule(teacherNo)]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('system.people.col.name')}
          rules={[required(t('system.people.teachers.needName')), schemaRule(teacherName)]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="gender" label={t('system.people.col.gender')}>
          <Select
            allowClear
            options={[
              { value: 'male', label: t('system.people.gender.male') },
              { value: 'female', label: t('system.people.gender.female') },
            ]}
          />
        </Form.Item>
        <Form.Item name="phone" label={t('system.people.col.phone')} rules={[schemaRule(phone)]}>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item
          name="wechatOpenid"
          label={t('system.people.col.wechatOpenid')}
          extra={t('system.people.teachers.wechatOpenidHint')}
          rules={[schemaRule(staffWechatOpenid)]}
        >
          <Input maxLength={40} data-testid="teacher-wechat-openid" />
        </Form.Item>
        <Form.Item
          name="subject"
          label={t('system.people.col.subject')}
          rules={[{ max: 30, message: t('system.people.teachers.tooLong') }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('system.people.col.title')}
          rules={[{ max: 30, message: t('system.people.teachers.tooLong') }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="isPsychology" label={t('system.people.col.psychology')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
