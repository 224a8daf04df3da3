import { COUNSELLING_LIMITS } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Drawer, Flex, Form, Input, Select, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../../shared/forms/FormAlert.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { addSession, type CounsellingGroup, type GroupSession, groupPage, sessionPage } from './api.ts';
import './strings.ts';

const L = COUNSELLING_LIMITS;

interface Values {
  groupId: number;
  heldAt: Dayjs;
  place: string;
  content: string;
  absentStudentIds?: number[];
}

function SessionForm({
  groups,
  groupId,
  onClose,
  onSaved,
}: {
  groups: CounsellingGroup[];
  groupId: number | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const chosen = Form.useWatch('groupId', form);
  const members = groups.find((g) => g.id === chosen)?.members ?? [];
  const save = useMutation({
    mutationFn: (v: Values) =>
      addSession({
        groupId: v.groupId,
        heldAt: v.heldAt.valueOf(),
        place: v.place.trim(),
        content: v.content.trim(),
        absentStudentIds: v.absentStudentIds ?? [],
      }),
    onSuccess: onSaved,
    meta: { silentError: true },
  });
  return (
    <Drawer
      open
      onClose={onClose}
      destroyOnHidden
      size={560}
      title={t('counsel.session.add')}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('counsel.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="session-save">
            {t('counsel.save')}
          </Button>
        </Flex>
      }
    >
      <FormAlert error={save.error} form={form} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => save.mutate(v)}
        initialValues={{ groupId, heldAt: dayjs().startOf('hour') }}
        onValuesChange={(changed) => {
          if ('groupId' in changed) form.setFieldsValue({ absentStudentIds: [] });
        }}
      >
        <Form.Item
          name="groupId"
          label={t('counsel.session.group')}
          rules={[{ required: true, message: t('counsel.session.groupRequired') }]}
        >
          <Select options={groups.map((g) => ({ value: g.id, label: g.title }))} />
        </Form.Item>
        <Form.Item
          name="heldAt"
          label={t('counsel.session.heldAt')}
          rules={[{ required: true, message: t('counsel.session.heldAtRequired') }]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item
          name="place"
          label={t('counsel.session.place')}
          rules={[{ required: true, whitespace: true, max: L.placeMax, message: t('counsel.session.placeRequired') }]}
        >
          <Input maxLength={L.placeMax} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('counsel.session.content')}
          rules={[{ required: true, whitespace: true, max: L.textMax, message: t('counsel.session.contentRequired') }]}
        >
          <Input.TextArea rows={5} maxLength={L.textMax} showCount />
        </Form.Item>
        <Form.Item name="absentStudentIds" label={t('counsel.session.absent')}>
          <Select mode="multiple" options={members.map((m) => ({ value: m.studentId, label: m.name }))} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** A session's columns after its group: when and where it was held, what was done, who was absent. */
export function sessionColumns(t: TFunction): TableColumnsType<GroupSession> {
  return [
    { title: t('counsel.session.heldAt'), dataIndex: 'heldAt', width: 150, render: timeText },
    { title: t('counsel.session.place'), dataIndex: 'place', width: 140 },
    { title: t('counsel.session.content'), dataIndex: 'content', ellipsis: true },
    {
      title: t('counsel.session.absent'),
      dataIndex: 'absentStudentIds',
      width: 110,
      render: (ids: number[]) => t('counsel.session.absentCount', { count: ids.length }),
    },
  ];
}

/** `/data/groupRecord`: the sessions held by approved groups, and a new session's record. */
export function GroupRecordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/groupRecord');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const groups = useQuery({
    queryKey: ['counsel', 'groups', 'approved'],
    queryFn: ({ signal }) => groupPage({ state: 'approved', page: 1, size: 100 }, signal),
    meta: { silentError: true },
  });
  const sessions = usePagedList<{ groupId?: number }, GroupSession>(['counsel', 'sessions'], sessionPage, {
    filters: { groupId: Number(params.get('groupId')) || undefined },
  });
  const { groupId } = sessions.filters;
  return (
    <Card data-testid="group-record-page">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Select<number>
          allowClear
          style={{ width: 240 }}
          placeholder={t('counsel.session.allGroups')}
          value={groupId}
          onChange={(id) => sessions.search({ groupId: id })}
          options={(groups.data?.list ?? []).map((g) => ({ value: g.id, label: g.title }))}
        />
        {can('add') && (
          <Button type="primary" onClick={() => setAdding(true)} data-testid="session-add">
            {t('counsel.session.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<GroupSession>
        list={sessions}
        rowKey="id"
        locale={{ emptyText: t('counsel.session.empty') }}
        scroll={{ x: 900 }}
        columns={[{ title: t('counsel.session.group'), dataIndex: 'groupTitle', width: 180 }, ...sessionColumns(t)]}
      />
      {adding && (
        <SessionForm
          groups={groups.data?.list ?? []}
          groupId={groupId}
          onClose={() => setAdding(false)}
          onSaved={() => {
            message.success(t('counsel.session.saved'));
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: ['counsel'] });
          }}
        />
      )}
    </Card>
  );
}
