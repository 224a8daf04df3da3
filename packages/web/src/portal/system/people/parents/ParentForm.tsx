import { EyeOutlined } from '@ant-design/icons';
import { isMaskedPhone, PARENT_RELATIONS, type ParentRelation, parentName, phone } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/feedback.tsx';
import { maskedNumberRule, required, schemaRule } from '../../../../shared/forms/rules.ts';
import { revealParentPhone } from '../../../../shared/people/api.ts';
import { StudentPicker } from '../../../../shared/people/StudentPicker.tsx';
import { addParent, bindParent, type Parent, updateParent } from '../api.ts';

export type ParentFormMode = { kind: 'add' } | { kind: 'edit'; parent: Parent } | { kind: 'bind'; parent: Parent };

interface Values {
  studentId?: number;
  relation?: ParentRelation;
  name?: string;
  phone?: string;
}

/**
 * Registers a parent with a first child, changes their name or phone, or binds them to another
 * child. The phone comes masked: left as it is, the server keeps the stored number.
 */
export function ParentForm({ mode, onClose, onSaved }: { mode: ParentFormMode; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const reveal = useMutation({
    mutationFn: () => revealParentPhone(mode.kind === 'edit' ? mode.parent.id : 0),
    onSuccess: (whole) => form.setFieldsValue({ phone: whole.phone }),
    onError: notifyError,
  });
  const save = useMutation({
    mutationFn: (v: Values) => {
      if (mode.kind === 'edit')
        return updateParent({ id: mode.parent.id, name: v.name?.trim(), phone: v.phone?.trim() });
      if (mode.kind === 'bind')
        return bindParent({ parentId: mode.parent.id, studentId: v.studentId ?? 0, relation: v.relation ?? 'other' });
      return addParent({
        studentId: v.studentId ?? 0,
        relation: v.relation ?? 'other',
        name: v.name?.trim() ?? '',
        phone: v.phone?.trim() ?? '',
      });
    },
    onSuccess: () => {
      message.success(t('system.people.saved'));
      onSaved();
      onClose();
    },
    onError: notifyError,
  });
  const title =
    mode.kind === 'add'
      ? t('system.people.parents.add')
      : mode.kind === 'edit'
        ? t('system.people.parents.editTitle')
        : t('system.people.parents.bindTitle', { name: mode.parent.name });
  return (
    <Modal
      open
      title={title}
      okText={t('system.save')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="parent-form"
        initialValues={mode.kind === 'edit' ? { name: mode.parent.name, phone: mode.parent.phone } : {}}
        onFinish={(v) => save.mutate(v)}
      >
        {mode.kind !== 'edit' && (
          <>
            <Form.Item
              name="studentId"
              label={t('system.people.parents.child')}
              rules={[{ required: true, message: t('system.people.parents.needChild') }]}
            >
              <StudentPicker schoolId={mode.kind === 'bind' ? mode.parent.schoolId : undefined} />
            </Form.Item>
            <Form.Item
              name="relation"
              label={t('system.people.col.relation')}
              rules={[{ required: true, message: t('system.people.parents.needRelation') }]}
            >
              <Select options={PARENT_RELATIONS.map((r) => ({ value: r, label: t(`system.people.relation.${r}`) }))} />
            </Form.Item>
          </>
        )}
        {mode.kind !== 'bind' && (
          <>
            <Form.Item
              name="name"
              label={t('system.people.col.name')}
              rules={[required(t('system.people.parents.needName')), schemaRule(parentName)]}
            >
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('system.people.col.phone')}
              rules={[
                required(t('system.people.parents.needPhone')),
                maskedNumberRule(phone, isMaskedPhone, mode.kind === 'edit' ? mode.parent.phone : null),
              ]}
              extra={mode.kind === 'edit' ? t('system.people.students.maskedHint') : undefined}
            >
              <Input maxLength={11} />
            </Form.Item>
            {mode.kind === 'edit' && (
              <Button
                icon={<EyeOutlined />}
                data-testid="parent-reveal"
                loading={reveal.isPending}
                disabled={reveal.isSuccess}
                onClick={() => reveal.mutate()}
              >
                {t('system.people.students.revealWhole')}
              </Button>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
