import { ARCHIVE_LIMITS, GROWTH_CATEGORIES, type GrowthCategory } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Drawer, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import { addGrowth, editGrowth, type GrowthRecord, growthPage, removeGrowth } from './api.ts';
import './strings.ts';

interface Values {
  occurredOn: Dayjs;
  category: GrowthCategory;
  title: string;
  content: string;
}

interface GrowthFormProps {
  studentId: number;
  record: GrowthRecord | null;
  onClose(): void;
  onSaved(): void;
}

/** A growth record: a date not after today, a category, a title and what happened. */
function GrowthForm({ studentId, record, onClose, onSaved }: GrowthFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        occurredOn: values.occurredOn.format('YYYY-MM-DD'),
        category: values.category,
        title: values.title.trim(),
        content: values.content.trim(),
      };
      return record ? editGrowth({ id: record.id, ...body }) : addGrowth({ studentId, ...body });
    },
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={520}
      title={record ? t('archive.growth.edit') : t('archive.growth.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('archive.growth.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="growth-save">
            {t('archive.growth.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        initialValues={
          record
            ? {
                occurredOn: dayjs(record.occurredOn),
                category: record.category as GrowthCategory,
                title: record.title,
                content: record.content,
              }
            : { occurredOn: dayjs() }
        }
      >
        <Form.Item
          name="occurredOn"
          label={t('archive.growth.date')}
          rules={[{ required: true, message: t('archive.growth.dateRequired') }]}
        >
          <DatePicker disabledDate={(day) => day.isAfter(dayjs(), 'day')} data-testid="growth-date" />
        </Form.Item>
        <Form.Item
          name="category"
          label={t('archive.growth.category')}
          rules={[{ required: true, message: t('archive.growth.categoryRequired') }]}
        >
          <Select
            data-testid="growth-category"
            options={GROWTH_CATEGORIES.map((c) => ({ value: c, label: t(`archive.growth.categories.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('archive.growth.title')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: ARCHIVE_LIMITS.titleMax,
              message: t('archive.growth.titleRequired'),
            },
          ]}
        >
          <Input maxLength={ARCHIVE_LIMITS.titleMax} showCount data-testid="growth-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('archive.growth.content')}
          rules={[
            {
              required: true,
              whitespace: true,
              max: ARCHIVE_LIMITS.contentMax,
              message: t('archive.growth.contentRequired'),
            },
          ]}
        >
          <Input.TextArea rows={6} maxLength={ARCHIVE_LIMITS.contentMax} showCount data-testid="growth-content" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** A student's growth records, newest first, added and corrected by those who hold the archive's codes. */
export function GrowthPanel({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/studentFile');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<GrowthRecord | null | 'new'>(null);
  const records = usePagedList<object, GrowthRecord>(
    ['archive', 'growth', studentId],
    (paging, signal) => growthPage({ studentId, ...paging }, signal),
    { size: 10 },
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['archive'] });
  const remove = useMutation({
    mutationFn: removeGrowth,
    onSuccess: () => {
      message.success(t('archive.growth.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <div data-testid="growth-panel">
      {can('add') && (
        <Flex justify="end" style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="growth-add">
            {t('archive.growth.add')}
          </Button>
        </Flex>
      )}
      <PagedTable<GrowthRecord>
        list={records}
        rowKey="id"
        data-testid="growth-table"
        locale={{ emptyText: t('archive.growth.empty') }}
        scroll={{ x: 800 }}
        columns={[
          { title: t('archive.growth.date'), dataIndex: 'occurredOn', width: 110 },
          {
            title: t('archive.growth.category'),
            dataIndex: 'category',
            width: 90,
            render: (c: string) => <Tag>{t(`archive.growth.categories.${c}`)}</Tag>,
          },
          { title: t('archive.growth.title'), dataIndex: 'title', width: 180 },
          { title: t('archive.growth.content'), dataIndex: 'content', ellipsis: true },
          { title: t('archive.growth.author'), dataIndex: 'authorName', width: 110 },
          {
            title: t('system.actions'),
            key: 'actions',
            width: 120,
            render: (_v, record) => (
              <Flex gap={10}>
                {can('edit') && (
                  <Typography.Link onClick={() => setEditing(record)}>{t('archive.growth.change')}</Typography.Link>
                )}
                {can('delete') && (
                  <DeleteLink
                    title={record.title}
                    question={t('archive.growth.confirmDelete')}
                    label={t('archive.growth.delete')}
                    cancel={t('archive.growth.cancel')}
                    onDelete={() => remove.mutateAsync(record.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <GrowthForm
          studentId={studentId}
          record={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(t('archive.growth.saved'));
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
