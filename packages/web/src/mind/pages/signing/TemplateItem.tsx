import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
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
