import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SignTemplateCreate } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { LoadFailed } from '../../../shared/lists/LoadFailed.tsx';
import { useCan } from '../assessments/can.ts';
import { addSignTemplate, editSignTemplate, type SignTemplate, signTemplates } from './api.ts';

const KINDS = ['text', 'textarea', 'date'] as const;

/** A new template, or (given `editing`) a school's own template rewritten as a new version. */
function TemplateForm({ editing, onClose, onSaved }: { editing?: SignTemplate; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignTemplateCreate>();
  const save = useMutation({
    mutationFn: (v: SignTemplateCreate) => (editing ? editSignTemplate({ ...v, id: editing.id }) : addSignTemplate(v)),
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  return (
    <Modal
      open
      width={640}
      title={t(editing ? 'signing.editTemplate' : 'signing.addTemplate')}
      okText={t('signing.save')}
      cancelText={t('signing.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          editing
            ? { title: editing.title, body: editing.body, fields: editing.fields }
            : { fields: [{ key: 'guardian', label: '', kind: 'text', required: true }] }
        }
        onFinish={(v) => save.mutate(v)}
        data-testid="signing-template-form"
      >
        {editing && <Alert type="info" showIcon title={t('signing.editHint')} style={{ marginBottom: 12 }} />}
        {save.isError && <FormAlert error={save.error} form={form} />}
        <Form.Item name="title" label={t('signing.templateTitle')} rules={[{ required: true, max: 50 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="body" label={t('signing.templateBody')} rules={[{ required: true, max: 5000 }]}>
          <Input.TextArea rows={5} />
        </Form.Item>
        <Typography.Text strong>{t('signing.fields')}</Typography.Text>
        <Form.List name="fields">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="start" wrap>
                  <Form.Item name={[field.name, 'label']} rules={[{ required: true, max: 30 }]} style={{ flex: 2 }}>
                    <Input placeholder={t('signing.fieldLabel')} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'key']}
                    rules={[{ required: true, pattern: /^[a-z][a-zA-Z0-9]{0,29}$/ }]}
                    style={{ flex: 2 }}
                  >
                    <Input placeholder={t('signing.fieldKey')} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'kind']} style={{ width: 120 }}>
                    <Select options={KINDS.map((k) => ({ value: k, label: t(`signing.fieldKinds.${k}`) }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'required']} valuePropName="checked">
                    <Checkbox>{t('signing.fieldRequired')}</Checkbox>
                  </Form.Item>
                  <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label="remove" />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ key: '', label: '', kind: 'text', required: true })}
                disabled={fields.length >= 20}
              >
                {t('signing.addField')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** The default templates and the school's own, each with its fields. */
export function TemplatesTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/signature');
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SignTemplate | null>(null);
  const templates = useQuery({ queryKey: ['signing', 'templates'], queryFn: ({ signal }) => signTemplates(signal) });
  if (templates.isError)
    return (
      <LoadFailed error={templates.error} retrying={templates.isFetching} onRetry={() => void templates.refetch()} />
    );
  return (
    <Spin spinning={templates.isLoading}>
      {can('add') && (
        <Flex justify="end" style={{ marginBottom: 16 }}>
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('signing.addTemplate')}
          </Button>
        </Flex>
      )}
      {templates.data?.length === 0 && <Empty description={t('signing.templatesEmpty')} />}
      <Flex vertical gap={12} data-testid="signing-templates">
        {(templates.data ?? []).map((tpl) => (
          <Card
            key={tpl.id}
            size="small"
            title={tpl.title}
            data-testid="signing-template-card"
            extra={
              <Flex gap={8} align="center">
                <Tag>{t(tpl.schoolId === null ? 'signing.defaultTemplate' : 'signing.schoolTemplate')}</Tag>
                <Typography.Text type="secondary">{t('signing.version', { version: tpl.version })}</Typography.Text>
                {tpl.schoolId !== null && can('edit') && (
                  <Typography.Link onClick={() => setEditing(tpl)} data-testid="signing-template-edit">
                    {t('signing.edit')}
                  </Typography.Link>
                )}
              </Flex>
            }
          >
            <Typography.Paragraph style={{ whiteSpace: 'pre-line' }} ellipsis={{ rows: 3, expandable: true }}>
              {tpl.body}
            </Typography.Paragraph>
            <Flex gap={6} wrap>
              {tpl.fields.map((f) => (
                <Tag key={f.key} color={f.required ? 'blue' : undefined}>
                  {f.label} · {t(`signing.fieldKinds.${f.kind}`)}
                </Tag>
              ))}
            </Flex>
          </Card>
        ))}
      </Flex>
      {(adding || editing) && (
        <TemplateForm
          editing={editing ?? undefined}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={() => {
            message.success(t('signing.saved'));
            setAdding(false);
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: ['signing', 'templates'] });
          }}
        />
      )}
    </Spin>
  );
}
