import { contactCreate, NOTIFY_CHANNELS } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../shared/i18n.ts';
import { showFieldErrors } from '../components/errors.ts';
import { addContact, type ContactFields, type ContactView, editContact } from './api.ts';
import { GroupsSelect } from './lookups.tsx';
import { clearChanged, problemsOf, showProblems } from './validate.ts';

const blank = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** A contact: a name without spaces and at least one of phone, email or WeChat; the channels they are reached on. */
export function ContactForm({ contact, onClose }: { contact?: ContactView; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ContactFields>();
  const save = useMutation({
    mutationFn: (body: ContactFields) => (contact ? editContact(contact.id, body) : addContact(body)),
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('alarms.contact.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot', 'contacts'] });
      await queryClient.invalidateQueries({ queryKey: ['iot', 'contact-groups'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const submit = (values: ContactFields) => {
    const body: ContactFields = {
      name: values.name?.trim() ?? '',
      phone: blank(values.phone),
      email: blank(values.email),
      wechatOpenid: blank(values.wechatOpenid),
      channels: values.channels?.length ? values.channels : undefined,
      remark: blank(values.remark),
      ...(contact ? {} : { groupIds: values.groupIds ?? [] }),
    };
    // An edit sends the whole contact, so the create rules (the reach rule with them) judge it too.
    const problems = problemsOf(contactCreate, body, currentLang());
    for (const p of showProblems(form, problems)) message.error(p.message);
    if (problems.length === 0) save.mutate(body);
  };
  return (
    <Modal
      open
      title={contact ? t('alarms.contact.editTitle') : t('alarms.contact.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<ContactFields>
        form={form}
        layout="vertical"
        name="contact"
        data-testid="contact-form"
        initialValues={contact ?? { channels: [] }}
        onFinish={submit}
        onValuesChange={(changed: object) => clearChanged(form, changed)}
      >
        <Form.Item name="name" label={t('alarms.contact.name')} required extra={t('alarms.contact.nameHint')}>
          <Input data-testid="contact-name" />
        </Form.Item>
        <Form.Item name="phone" label={t('alarms.contact.phone')}>
          <Input data-testid="contact-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('alarms.contact.email')}>
          <Input data-testid="contact-email" />
        </Form.Item>
        <Form.Item name="wechatOpenid" label={t('alarms.contact.openid')} extra={t('alarms.contact.openidHint')}>
          <Input data-testid="contact-openid" />
        </Form.Item>
        <Form.Item name="channels" label={t('alarms.contact.channels')} extra={t('alarms.contact.channelsHint')}>
          <Checkbox.Group options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`alarms.channel.${c}`) }))} />
        </Form.Item>
        {!contact && (
          <Form.Item name="groupIds" label={t('alarms.contact.groups')}>
            <GroupsSelect />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('alarms.contact.remark')}>
          <Input.TextArea rows={2} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
