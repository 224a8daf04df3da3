import { useQuery } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { signTemplates } from './api.ts';

/** The form's required choice of a template: the defaults and the school's own. */
export function TemplateItem({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const templates = useQuery({ queryKey: ['signing', 'templates'], queryFn: ({ signal }) => signTemplates(signal) });
  return (
    <Form.Item
      name="templateId"
      label={t('signing.template')}
      rules={[{ required: true, message: t('signing.templateRequired') }]}
    >
      <Select
        loading={templates.isLoading}
        data-testid={testId}
        options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.title }))}
      />
    </Form.Item>
  );
}

/** The dialog both ways of sending share: its buttons, and submitting the form inside it. */
export function SendModal(p: {
  title: string;
  okTestId: string;
  pending: boolean;
  onClose(): void;
  onOk(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={p.title}
      okText={t('signing.sendOk')}
      okButtonProps={{ 'data-testid': p.okTestId }}
      cancelText={t('signing.cancel')}
      onCancel={p.onClose}
      onOk={p.onOk}
      confirmLoading={p.pending}
      destroyOnHidden
    >
      {p.children}
    </Modal>
  );
}
