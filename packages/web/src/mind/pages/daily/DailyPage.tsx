import { DAILY_LIMITS, DAILY_STUDENT_KINDS, type DailyKind } from '@meridian/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Card, DatePicker, Drawer, Flex, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../shared/feedback.tsx';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { SchoolSelect, useSchools } from '../../../shared/people/SchoolSelect.tsx';
import { StudentChooser } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import { addDaily, type DailyRecord, dailyPage, editDaily, removeDaily } from './api.ts';
import './strings.ts';

interface Values {
  occurredOn: Dayjs;
  schoolId?: number;
  studentId?: number;
  category?: string;
  title: string;
  content: string;
}

const aboutStudent = (kind: DailyKind) => DAILY_STUDENT_KINDS.includes(kind);

interface DailyFormProps {
  kind: DailyKind;
  record: DailyRecord | null;
  onClose(): void;
  onSaved(): void;
}

/** One record of a daily-work page: its date, the school or student it is about, a title, content and category. */
function DailyForm({ kind, record, onClose, onSaved }: DailyFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const schools = useSchools();
  const onlySchool = schools.data?.total === 1 ? schools.data.list[0]?.id : undefined;
  // A scope of one school has nothing to choose: the school is filled in once it is known.
  useEffect(() => {
    if (!record && onlySchool !== undefined && form.getFieldValue('schoolId') === undefined)
      form.setFieldsValue({ schoolId: onlySchool });
  }, [record, onlySchool, form]);
  const suggestions = t(`daily.categories.${kind}`, { defaultValue: '' });
  const save = useMutation({
    mutationFn: (values: Values) => {
      const body = {
        occurredOn: values.occurredOn.format('YYYY-MM-DD'),
        schoolId: aboutStudent(kind) ? null : (values.schoolId ?? null),
        studentId: aboutStudent(kind) ? (values.studentId ?? null) : null,
        category: values.category?.trim() || null,
        title: values.title.trim(),
        content: values.content.trim(),
      };
      return record ? editDaily(kind, { id: record.id, ...body }) : addDaily(kind, body);
    },
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  const words = (field: 'add' | 'title' | 'category' | 'content') => t(`daily.kinds.${kind}.${field}`);
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={560}
      title={record ? t('daily.edit') : words('add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('daily.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="daily-save">
            {t('daily.save')}
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
                schoolId: record.schoolId,
                studentId: record.studentId ?? undefined,
                category: record.category ?? '',
                title: record.title,
                content: record.content,
              }
            : { occurredOn: dayjs(), schoolId: onlySchool }
        }
      >
        <Form.Item
          name="occurredOn"
          label={t('daily.date')}
          rules={[{ required: true, message: t('daily.dateRequired') }]}
        >
          <DatePicker disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
        </Form.Item>
        {aboutStudent(kind) ? (
          <Form.Item
            name="studentId"
            label={t('daily.student')}
            rules={[{ required: true, message: t('daily.studentRequired') }]}
          >
            <StudentChooser testId="daily-student" width="100%" />
          </Form.Item>
        ) : (
          <Form.Item
            name="schoolId"
            label={t('daily.school')}
            rules={[{ required: true, message: t('daily.schoolRequired') }]}
          >
            <SchoolSelect testId="daily-school" />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={words('title')}
          rules={[{ required: true, whitespace: true, max: DAILY_LIMITS.titleMax, message: t('daily.titleRequired') }]}
        >
          <Input maxLength={DAILY_LIMITS.titleMax} showCount data-testid="daily-title" />
        </Form.Item>
        <Form.Item
          name="category"
          label={words('category')}
          rules={[{ max: DAILY_LIMITS.categoryMax, message: t('daily.categoryMax') }]}
        >
          <AutoComplete
            allowClear
            options={(suggestions ? suggestions.split('|') : []).map((c) => ({ value: c }))}
            data-testid="daily-category"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={words('content')}
          rules={[
            { required: true, whitespace: true, max: DAILY_LIMITS.contentMax, message: t('daily.contentRequired') },
          ]}
        >
          <Input.TextArea rows={6} maxLength={DAILY_LIMITS.contentMax} showCount data-testid="daily-content" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/**
 * A daily-work page (`dailyDynamic`, `dailyObservationOfTeachers`, `observationSchool`, `setback`,
 * `describeManage`, `mentalTeacherManage`): the records of the scope, newest first, narrowed by
 * date, each added, corrected or removed under the page's own codes.
 */
export function DailyPage({ kind }: { kind: DailyKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan(`/data/${kind}`);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DailyRecord | null | 'new'>(null);
  const records = usePagedList<{ from?: string; to?: string }, DailyRecord>(['daily', kind], (query, signal) =>
    dailyPage(kind, query, signal),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['daily', kind] });
  const remove = useMutation({
    mutationFn: (id: number) => removeDaily(kind, id),
    onSuccess: () => {
      message.success(t('daily.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  const words = (field: 'add' | 'title' | 'category' | 'content' | 'empty') => t(`daily.kinds.${kind}.${field}`);
  return (
    <Card data-testid={`daily-page-${kind}`}>
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('daily.from'), t('daily.to')]}
          onChange={(days) =>
            records.search({ from: days?.[0]?.format('YYYY-MM-DD'), to: days?.[1]?.format('YYYY-MM-DD') })
          }
        />
        {can('add') && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="daily-add">
            {words('add')}
          </Button>
        )}
      </Flex>
      <PagedTable<DailyRecord>
        list={records}
        rowKey="id"
        data-testid="daily-table"
        locale={{ emptyText: words('empty') }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('daily.date'), dataIndex: 'occurredOn', width: 110 },
          ...(aboutStudent(kind) ? [{ title: t('daily.student'), dataIndex: 'studentName', width: 110 }] : []),
          { title: words('title'), dataIndex: 'title', width: 200 },
          { title: words('category'), dataIndex: 'category', width: 100, render: (c: string | null) => c ?? '-' },
          { title: words('content'), dataIndex: 'content', ellipsis: true },
          { title: t('daily.author'), dataIndex: 'authorName', width: 100 },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 110,
            render: (_v: unknown, record: DailyRecord) => (
              <Flex gap={10}>
                {can('edit') && <Typography.Link onClick={() => setEditing(record)}>{t('daily.edit')}</Typography.Link>}
                {can('delete') && (
                  <DeleteLink
                    title={record.title}
                    question={t('daily.confirmDelete')}
                    label={t('daily.delete')}
                    cancel={t('daily.cancel')}
                    onDelete={() => remove.mutateAsync(record.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <DailyForm
          kind={kind}
          record={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(t('daily.saved'));
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}

export const DailyDynamicPage = () => <DailyPage kind="dailyDynamic" />;
export const TeacherObservationPage = () => <DailyPage kind="dailyObservationOfTeachers" />;
export const SchoolObservationPage = () => <DailyPage kind="observationSchool" />;
export const SetbackPage = () => <DailyPage kind="setback" />;
export const DescribePage = () => <DailyPage kind="describeManage" />;
export const MentalTeacherPage = () => <DailyPage kind="mentalTeacherManage" />;
