import { tagCategoryName, tagDescription, tagName } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { required, schemaRule } from '../../shared/forms/rules.ts';
import { showFieldErrors } from '../components/errors.ts';
import {
  createCategory,
  createTag,
  type DeviceTag,
  renameCategory,
  type TagCategory,
  type TagFields,
  updateTag,
} from './api.ts';

/** A tag category's name. */
export function CategoryForm({ category, onClose }: { category?: TagCategory; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const save = useMutation({
    mutationFn: ({ name }: { name: string }) =>
      category ? renameCategory(category.id, name.trim()) : createCategory(name.trim()),
    meta: { silentError: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={category ? t('tags.editCategory') : t('tags.addCategory')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
    >
      <Form form={form} layout="vertical" initialValues={category} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label={t('tags.categoryName')}
          rules={[required(t('tags.nameRequired')), schemaRule(tagCategoryName)]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A tag's name, category and description (the group description, up to 200 characters). */
export function TagForm({
  tag,
  categories,
  defaultCategory,
  onClose,
}: {
  tag?: DeviceTag;
  categories: TagCategory[];
  defaultCategory?: number;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TagFields>();
  const save = useMutation({
    mutationFn: (values: TagFields) => {
      const fields = {
        name: values.name.trim(),
        categoryId: values.categoryId ?? null,
        description: values.description?.trim() || null,
      };
      return tag ? updateTag(tag.id, fields) : createTag(fields);
    },
    meta: { silentError: true },
    onSuccess: async () => {
      message.success(t('tags.saved'));
      await queryClient.invalidateQueries({ queryKey: ['iot'] });
      onClose();
    },
    onError: (error) => showFieldErrors(form, error),
  });
  return (
    <Modal
      open
      title={tag ? t('tags.editTag') : t('tags.addTag')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
    >
      <Form<TagFields>
        form={form}
        layout="vertical"
        initialValues={tag ?? { categoryId: defaultCategory }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item name="name" label={t('tags.name')} rules={[required(t('tags.nameRequired')), schemaRule(tagName)]}>
          <Input />
        </Form.Item>
        <Form.Item name="categoryId" label={t('tags.category')}>
          <Select allowClear options={categories.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="description" label={t('tags.description')} rules={[schemaRule(tagDescription)]}>
          <Input.TextArea rows={3} count={{ show: true, max: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
