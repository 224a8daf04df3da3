import { ARTICLE_TITLE_MAX, ARTICLE_TYPES, type ArticleType } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/forms/FormAlert.tsx';
import { type ArticleDesk, type ArticleInput, type ArticleView, addArticle, editArticle } from './api.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import './articles.css';

interface Values {
  title: string;
  type: ArticleType;
  content: string;
  published: boolean;
  pinned: boolean;
  window?: [Dayjs | null, Dayjs | null] | null;
}

function inputOf(v: Values): ArticleInput {
  const announcement = v.type === 'announcement';
  return {
    title: v.title,
    type: v.type,
    content: v.content ?? '',
    published: v.published,
    pinned: announcement && v.pinned,
    showFrom: announcement ? (v.window?.[0]?.valueOf() ?? null) : null,
    showUntil: announcement ? (v.window?.[1]?.valueOf() ?? null) : null,
  };
}

function valuesOf(a: ArticleView | null): Partial<Values> {
  if (!a) return { type: 'announcement', published: true, pinned: false, content: '' };
  return {
    title: a.title,
    type: a.type,
    content: a.content,
    published: a.published,
    pinned: a.pinned,
    window: [a.showFrom ? dayjs(a.showFrom) : null, a.showUntil ? dayjs(a.showUntil) : null],
  };
}

/** Write or edit an article: title, type and content (spec section 5), and when an announcement shows. */
export function ArticleForm({
  desk,
  article,
  onClose,
}: {
  desk: ArticleDesk;
  article: ArticleView | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const type = Form.useWatch('type', form);
  const save = useMutation({
    mutationFn: (input: ArticleInput) => (article ? editArticle(desk, article.id, input) : addArticle(desk, input)),
    meta: { silentError: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['iot', 'articles'] });
      await queryClient.invalidateQueries({ queryKey: ['iot', 'home', 'summary'] });
      onClose();
    },
  });
  return (
    <Drawer
      open
      size="large"
      title={article ? t('articles.edit') : t('articles.add')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('ui.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="article-save">
            {t('ui.save')}
          </Button>
        </Space>
      }
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={valuesOf(article)}
        onFinish={(values) => save.mutate(inputOf(values))}
        data-testid="article-form"
      >
        <Form.Item
          name="title"
          label={t('articles.title')}
          rules={[{ required: true, whitespace: true, message: t('articles.titleRequired') }]}
        >
          <Input maxLength={ARTICLE_TITLE_MAX} showCount data-testid="article-title" />
        </Form.Item>
        <Space size={24} wrap align="start">
          <Form.Item name="type" label={t('articles.type')} rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              data-testid="article-type"
              options={ARTICLE_TYPES.map((v) => ({ value: v, label: t(`articles.types.${v}`) }))}
            />
          </Form.Item>
          <Form.Item name="published" label={t('articles.published')} valuePropName="checked">
            <Switch data-testid="article-published" />
          </Form.Item>
          {type === 'announcement' && (
            <Form.Item name="pinned" label={t('articles.pinned')} valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Space>
        {type === 'announcement' && (
          <Form.Item name="window" label={t('articles.window')} extra={t('articles.windowHelp')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="article-window" />
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label={t('articles.content')}
          rules={[{ required: true, message: t('articles.contentRequired') }]}
        >
          <RichTextEditor testId="article-content" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
