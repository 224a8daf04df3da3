import { contactGroupCreate } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../shared/i18n.ts';
import { showFieldErrors } from '../components/errors.ts';
import { addGroup, type ContactGroupView, editGroup, groupMembers, setGroupMembers } from './api.ts';
import { ContactsSelect } from './lookups.tsx';
import { problemsOf, showProblems } from './validate.ts';

interface GroupValues {
  name: string;
  remark?: string | null;
  contactIds?: number[];
}

/** A contact group: its name (no spaces), a remark and its contacts. */
export function GroupForm({ group, onClose }: { group?: ContactGroupView; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GroupValues>();
  const members = useQuery({
    queryKey: ['iot', 'contact-groups', group?.id, 'members'],
    queryFn: ({ signal }) => groupMembers(group?.id ?? 0, signal),
    enabled: group !== undefined,
  });
  const save = useMutation({
    mutationFn: async (values: GroupValues) => {
      const fields = { name: values.name.trim(), remark: values.remark?.trim() || null };
      if (!group) return addGroup({ ...fields, contactIds: values.contactIds ?? [] });
      await editGroup(group.id, fields);
      return setGroupMembers(group.id, values.contactIds ?? []);
    },
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('alarms.group.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'contact-groups'] });
      await queryClient.invalidateQueries({ queryKey: ['iot', 'contacts'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const submit = (values: GroupValues) => {
    const body = {
      name: values.name?.trim() ?? '',
      remark: values.remark?.trim() || null,
      contactIds: values.contactIds,
    };
    const problems = problemsOf(contactGroupCreate, body, currentLang());
    for (const p of showProblems(form, problems)) message.error(p.message);
    if (problems.length === 0) save.mutate(values);
  };
  const loading = group !== undefined && members.isLoading;
  return (
    <Modal
      open
      title={group ? t('alarms.group.editTitle') : t('alarms.group.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, disabled: loading }}
      destroyOnHidden
    >
      {loading ? (
        <Spin />
      ) : (
        <Form<GroupValues>
          form={form}
          layout="vertical"
          name="contact-group"
          data-testid="group-form"
          initialValues={{ name: group?.name, remark: group?.remark, contactIds: members.data?.contactIds ?? [] }}
          onFinish={submit}
        >
          <Form.Item name="name" label={t('alarms.group.name')} required extra={t('alarms.contact.nameHint')}>
            <Input data-testid="group-name" />
          </Form.Item>
          <Form.Item name="contactIds" label={t('alarms.group.contacts')}>
            <ContactsSelect data-testid="group-contacts" />
          </Form.Item>
          <Form.Item name="remark" label={t('alarms.contact.remark')}>
            <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
