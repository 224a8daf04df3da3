import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../shared/feedback.tsx';
import { PagedTable, usePagedList } from '../../../shared/lists/PagedList.tsx';
import { timeText } from '../archive/common.tsx';
import { useCan } from '../assessments/can.ts';
import { DeleteLink } from '../lists.tsx';
import { ActivityForm } from './ActivityForm.tsx';
import { type Activity, activityPage, deleteActivity } from './api.ts';
import './strings.ts';

/**
 * `/data/activityManage`: activities published at, above or below the caller, with their places
 * taken; each opens its sign-up list (`activityBmDetail`).
 */
export function ActivityManagePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan('/data/activityManage');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Activity | null | 'new'>(null);
  const list = usePagedList<{ keyword?: string }, Activity>(['activities', 'list'], activityPage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['activities'] });
  const remove = useMutation({
    mutationFn: deleteActivity,
    onSuccess: () => {
      message.success(t('activities.deleted'));
      void refresh();
    },
    onError: notifyError,
    meta: { silentError: true },
  });
  return (
    <Card data-testid="activity-page">
      <Flex justify="space-between" wrap gap={12} style={{ marginBottom: 16 }}>
        <Form
          layout="inline"
          onFinish={(v: { keyword?: string }) => list.search({ keyword: v.keyword?.trim() || undefined })}
        >
          <Form.Item name="keyword">
            <Input allowClear placeholder={t('activities.keyword')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">{t('system.search')}</Button>
          </Form.Item>
        </Form>
        {can('add') && (
          <Button type="primary" onClick={() => setEditing('new')} data-testid="activity-add">
            {t('activities.add')}
          </Button>
        )}
      </Flex>
      <PagedTable<Activity>
        list={list}
        rowKey="id"
        data-testid="activity-table"
        locale={{ emptyText: t('activities.empty') }}
        scroll={{ x: 1200 }}
        columns={[
          {
            title: t('activities.title'),
            key: 'title',
            width: 220,
            render: (_v, a) => (
              <Flex vertical>
                <Typography.Text strong>{a.title}</Typography.Text>
                <Typography.Text type="secondary">{t(`activities.kinds.${a.kind}`)}</Typography.Text>
              </Flex>
            ),
          },
          { title: t('activities.publisher'), dataIndex: 'orgName', width: 140 },
          {
            title: t('activities.audience'),
            key: 'audience',
            width: 120,
            render: (_v, a) => t(`activities.audiences.${a.audience}`),
          },
          {
            title: t('activities.when'),
            key: 'when',
            width: 170,
            render: (_v, a) => (
              <Typography.Text style={{ fontSize: 13 }}>
                {timeText(a.startsAt)}
                <br />
                {timeText(a.endsAt)}
              </Typography.Text>
            ),
          },
          {
            title: t('activities.signupWindow'),
            key: 'signup',
            width: 170,
            render: (_v, a) => (
              <Typography.Text style={{ fontSize: 13 }}>
                {timeText(a.signupFrom)}
                <br />
                {timeText(a.signupUntil)}
              </Typography.Text>
            ),
          },
          {
            title: t('activities.signed'),
            key: 'signed',
            width: 150,
            render: (_v, a) => (
              <Flex vertical>
                <Typography.Text data-testid="activity-signed">{`${a.signed}/${a.quota}`}</Typography.Text>
                <Progress percent={Math.round((a.signed / a.quota) * 100)} size="small" showInfo={false} />
              </Flex>
            ),
          },
          {
            title: t('system.actions'),
            key: 'actions',
            fixed: 'right',
            width: 200,
            render: (_v, a) => (
              <Flex gap={10} wrap>
                <Link to={`/data/activityBmDetail?activityId=${a.id}`} data-testid="activity-list">
                  {t('activities.list')}
                </Link>
                {can('edit') &&
                  // Once started, an activity is a record of what happened: read-only (decision 0130).
                  (a.startsAt > Date.now() ? (
                    <Typography.Link onClick={() => setEditing(a)} data-testid="activity-edit">
                      {t('activities.change')}
                    </Typography.Link>
                  ) : (
                    <Typography.Text type="secondary" data-testid="activity-started">
                      {t('activities.started')}
                    </Typography.Text>
                  ))}
                {can('delete') && a.signed === 0 && (
                  <DeleteLink
                    title={a.title}
                    question={t('activities.confirmDelete')}
                    label={t('activities.delete')}
                    cancel={t('activities.cancel')}
                    onDelete={() => remove.mutateAsync(a.id)}
                  />
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing !== null && (
        <ActivityForm
          activity={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            message.success(t('activities.saved'));
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
